/**
 * The qualified provider's answer, carried from the window it was opened in back to the signing
 * page: the provider sends the signer to `/qes/callback?code=…&state=…` (or `?error=…`), whose page
 * posts what it received on a channel of this origin and closes; the signing page, which opened the
 * window, waits for the answer to its own `state`. Nothing is stored.
 */
export interface QesCallback {
  state: string;
  code?: string;
  /** The provider's `error` (`access_denied` when the signer refused). */
  error?: string;
}

const CHANNEL = "paraphe-qes-callback";

/** The answer in a callback's query string, or null when it carries none. */
export function readQesCallback(search: string): QesCallback | null {
  const params = new URLSearchParams(search);
  const state = params.get("state");
  if (state === null || state === "" || state.length > 128) return null;
  const code = params.get("code");
  const error = params.get("error");
  if (code !== null && code !== "" && code.length <= 2048) return { state, code };
  return { state, error: (error ?? "access_denied").slice(0, 64) };
}

/** Hands the answer to the signing page (every page of this origin listening). */
export function postQesCallback(callback: QesCallback): void {
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage(callback);
  channel.close();
}

/** Calls `onCallback` with each answer received; returns the function that stops listening. */
export function listenQesCallback(onCallback: (callback: QesCallback) => void): () => void {
  if (typeof BroadcastChannel !== "function") return () => undefined;
  const channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = (event: MessageEvent<unknown>) => {
    const data = event.data as Partial<QesCallback> | null;
    if (typeof data?.state !== "string") return;
    onCallback({
      state: data.state,
      ...(typeof data.code === "string" ? { code: data.code } : {}),
      ...(typeof data.error === "string" ? { error: data.error } : {}),
    });
  };
  return () => channel.close();
}
