import { AppError } from "../errors/app-error";

/** Who signed a call (spec §6), as the request-signature check found it. */
export type Caller =
  | { kind: "app"; appId: string }
  | { kind: "session"; userId: string; accessKey: string }
  /** A team API key (architecture §7): it may call the `/template/*` routes only. */
  | { kind: "apiKey"; apiKeyId: string; teamId: string; accessKey: string }
  /**
   * An embed token (issue 30): the editor in a frame, for one draft or template only; it reaches
   * the routes bound `memberOrEmbed` and `memberKeyOrEmbed`, on that document only.
   */
  | { kind: "embedToken"; embedTokenId: string; teamId: string; accessKey: string };

/**
 * The signed-in member of a session-credential call; AUTHENTICATION_ERROR otherwise (an API key
 * included: outside the template routes, a key gets what an unsigned caller gets).
 */
export function requireSessionCaller(c: {
  get(key: "caller"): Caller | undefined;
}): Extract<Caller, { kind: "session" }> {
  const caller = c.get("caller");
  if (caller?.kind !== "session") throw new AppError("AUTHENTICATION_ERROR");
  return caller;
}

/** A signed-in member or a team API key; AUTHENTICATION_ERROR otherwise. */
export function requireMemberOrKeyCaller(c: {
  get(key: "caller"): Caller | undefined;
}): Extract<Caller, { kind: "session" | "apiKey" }> {
  const caller = c.get("caller");
  if (caller?.kind !== "session" && caller?.kind !== "apiKey") {
    throw new AppError("AUTHENTICATION_ERROR");
  }
  return caller;
}
