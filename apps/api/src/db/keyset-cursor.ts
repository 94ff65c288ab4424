import type { EnvelopeRow } from "./database";
import { AppError } from "../errors/app-error";

/** The keyset cursor after `envelope` (newest change first), opaque to clients. */
export function encodeCursor(envelope: EnvelopeRow): string {
  return encodeKeysetCursor(envelope.updatedAt, envelope.id);
}

/**
 * An opaque keyset cursor for a list ordered by a date then an id, newest first; read back with
 * {@link decodeCursor} (the date comes back as `updatedAt`, whichever date the list orders by).
 */
export function encodeKeysetCursor(at: Date, id: string): string {
  return Buffer.from(JSON.stringify([at.toISOString(), id]), "utf8").toString("base64url");
}

/** The position a cursor of {@link encodeCursor} names; VALIDATION_ERROR when it is not one. */
export function decodeCursor(cursor: string): { updatedAt: Date; id: string } {
  try {
    const [updatedAt, id] = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as [
      unknown,
      unknown,
    ];
    if (
      typeof updatedAt === "string" &&
      typeof id === "string" &&
      /^[0-9a-f-]{36}$/.test(id) &&
      !Number.isNaN(Date.parse(updatedAt))
    ) {
      return { updatedAt: new Date(updatedAt), id };
    }
  } catch {
    // answered below
  }
  throw new AppError("VALIDATION_ERROR", {
    message: "The cursor is not valid.",
    fields: [{ path: "cursor", code: "custom", message: "invalid_cursor" }],
  });
}
