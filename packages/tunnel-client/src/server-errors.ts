import { TunnelError, type TunnelErrorCode } from "./errors";
import { fromUtf8 } from "./protocol/bytes";

/*
 * What the server's refusals say: the spec's error body, which statuses are worth trying again,
 * and any failure as a `TunnelError`.
 */

/** The spec's error shape: `{statusCode, error{code,message,...}, requestId, timestamp, path}`. */
interface ErrorBody {
  statusCode: number;
  error: { code: string; message: string };
}

export function parseErrorBody(bytes: Uint8Array): ErrorBody | null {
  if (bytes.length === 0) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(fromUtf8(bytes));
  } catch {
    return null;
  }
  if (typeof parsed !== "object" || parsed === null) return null;
  const candidate = parsed as { statusCode?: unknown; error?: unknown };
  if (typeof candidate.statusCode !== "number") return null;
  const error = candidate.error as { code?: unknown; message?: unknown } | null | undefined;
  if (typeof error !== "object" || error === null) return null;
  if (typeof error.code !== "string" || typeof error.message !== "string") return null;
  return parsed as ErrorBody;
}

export function isTransientStatus(status: number): boolean {
  return status >= 500 || status === 408 || status === 429;
}

export function asTunnelError(error: unknown, code: TunnelErrorCode, message: string): TunnelError {
  return error instanceof TunnelError ? error : new TunnelError(code, message, { cause: error });
}
