import { describe, expect, it } from "vitest";
import {
  DataExportTooLargeError,
  prettyJsonPieces,
  writeDataExportInThisThread,
  type DataExportRows,
} from "./data-export-file";

const at = new Date("2026-12-01T10:00:00.000Z");

function rows(envelopes: number): DataExportRows {
  const sent = Array.from({ length: envelopes }, (_, index) => ({
    id: `envelope-${index}`,
    title: `Lease "${index}"\nsecond line`,
    status: "complete",
    createdAt: at,
    sentAt: at,
    completedAt: at,
    canceledAt: null,
    documentsDeletedAt: null,
  }));
  return {
    exportedAt: at,
    user: {
      email: "ada@example.com",
      firstname: "Ada",
      lastname: "Lovelace",
      phone: null,
      preferredLanguage: "en",
      emailVerifiedAt: at,
      createdAt: at,
    },
    sessions: [],
    passkeys: [],
    membership: { team: "Team", role: "Owner", joinedAt: at },
    workspaces: [],
    sent,
    signed: [],
    documents: sent.flatMap((envelope) => [
      {
        envelopeId: envelope.id,
        filename: "a.pdf",
        sha256: "0".repeat(64),
        blobKey: `blobs/${envelope.id}/a`,
        sealedBlobKey: `blobs/${envelope.id}/a-sealed`,
        sealedSha256: "1".repeat(64),
      },
    ]),
    recipients: sent.map((envelope) => ({
      envelopeId: envelope.id,
      email: "signer@example.com",
      firstname: null,
      lastname: null,
      status: "signed",
      signedAt: at,
    })),
    truncated: false,
  };
}

describe("a data export's file", () => {
  it("is JSON.stringify's text with two-space indents, written in pieces", () => {
    const values: Record<string, unknown>[] = [
      {},
      { a: [], b: {}, c: null, d: undefined, e: "x\ny" },
      { list: [{ nested: [1, { deep: true }] }, null, "two"], last: { k: [] } },
    ];
    for (const value of values) {
      expect([...prettyJsonPieces(value)].join("")).toBe(JSON.stringify(value, null, 2));
    }
  });

  it("lists each envelope's documents and recipients, and stops at its size limit", () => {
    const written = writeDataExportInThisThread(rows(3), 1024 * 1024);
    const json = JSON.parse(new TextDecoder().decode(written.file)) as {
      envelopesSent: { uuid: string; documents: unknown[]; recipients: unknown[] }[];
      files: { envelopeUuid: string; kind: string }[];
    };
    expect(json.envelopesSent.map((envelope) => envelope.documents.length)).toEqual([1, 1, 1]);
    expect(json.envelopesSent.map((envelope) => envelope.recipients.length)).toEqual([1, 1, 1]);
    expect(written.files).toHaveLength(6);
    expect(json.files.map((file) => `${file.envelopeUuid} ${file.kind}`).slice(0, 2)).toEqual([
      "envelope-0 original",
      "envelope-0 signed",
    ]);
    expect(() => writeDataExportInThisThread(rows(3), written.file.byteLength - 1)).toThrow(
      DataExportTooLargeError,
    );
    expect(writeDataExportInThisThread(rows(3), written.file.byteLength).file).toEqual(
      written.file,
    );
  });
});
