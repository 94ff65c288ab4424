/** Header names shared by the api and its clients. */
export const HeaderName = {
  /** The request id: sent by a client (optional) and always answered by the api. */
  requestId: "X-Request-Id",
  /** The secure-tunnel session id. */
  sessionId: "X-Session-Id",
  /** Set on an answer whose body is sealed for the tunnel session. */
  encryptedResponse: "X-Encrypted-Response",
} as const;
