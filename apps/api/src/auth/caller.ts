import { AppError } from "../errors/app-error";

/** Who signed a call (spec §6), as the request-signature check found it. */
export type Caller =
  { kind: "app"; appId: string } | { kind: "session"; userId: string; accessKey: string };

/** The signed-in member of a session-credential call; AUTHENTICATION_ERROR otherwise. */
export function requireSessionCaller(c: {
  get(key: "caller"): Caller | undefined;
}): Extract<Caller, { kind: "session" }> {
  const caller = c.get("caller");
  if (caller?.kind !== "session") throw new AppError("AUTHENTICATION_ERROR");
  return caller;
}
