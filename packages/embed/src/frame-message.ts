export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null;
export const isString = (value: unknown): value is string => typeof value === "string";

/**
 * The event a message carries, or null: only a message from `frame` (the frame the component
 * made, compared by `event.source`) and from `origin`, posted by Paraphe (`source: "paraphe"`,
 * version 1), whose type is one of `names` and whose payload has the shape `payloadOf` checks (the
 * frame's messages are checked, not trusted).
 */
export function frameEventOf<E extends { type: string; payload: unknown }>(
  event: MessageEvent,
  frame: Window | null,
  origin: string,
  names: readonly E["type"][],
  payloadOf: (type: E["type"], payload: Record<string, unknown>) => boolean,
): E | null {
  if (frame === null || event.source !== frame || event.origin !== origin) return null;
  const data: unknown = event.data;
  if (!isRecord(data) || data.source !== "paraphe" || data.version !== 1) return null;
  const type = data.type;
  if (!isString(type) || !(names as readonly string[]).includes(type)) return null;
  const payload = data.payload;
  if (!isRecord(payload) || !payloadOf(type, payload)) return null;
  return { type, payload } as E;
}
