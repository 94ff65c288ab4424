import { QueryClient } from "@tanstack/react-query";

/** The tunnel errors after which a call is retried (spec §7), by message. */
export const RETRYABLE_TUNNEL_MESSAGES: readonly string[] = [
  "EMPTY_REQUEST_BODY",
  "EMPTY_ENCRYPTED_MESSAGE",
  "EMPTY_DECRYPTED_MESSAGE",
  "EMPTY_RESPONSE_DATA",
];

/** Retries after a tunnel error, at most this many times (spec §7). */
export const MAX_TUNNEL_RETRIES = 3;

function field(error: unknown, name: string): unknown {
  return typeof error === "object" && error !== null
    ? (error as Record<string, unknown>)[name]
    : undefined;
}

/**
 * Whether a failed query or mutation is tried again (spec §7): only for the transient tunnel errors
 * (an empty message, or TUNNEL_ERROR with HTTP 401 once the session was dropped), up to 3 times.
 * Any other error is final: retrying a validation error or a 404 only delays the message.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_TUNNEL_RETRIES) return false;
  const message = error instanceof Error ? error.message : field(error, "message");
  if (typeof message === "string" && RETRYABLE_TUNNEL_MESSAGES.includes(message)) return true;
  const code = field(error, "code");
  const status = field(error, "statusCode") ?? field(error, "status");
  return code === "TUNNEL_ERROR" && status === 401;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry },
      mutations: { retry: shouldRetry },
    },
  });
}
