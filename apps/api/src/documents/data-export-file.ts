import { DATA_EXPORT_MAX_FILES } from "@paraphe/api-sdk/contract";

/** A PDF the export lists: its name in the export, its envelope's title, where its bytes are. */
export interface DataExportFileRow {
  filename: string;
  envelopeTitle: string;
  blobKey: string;
}

/*
 * A person's data export file, written from the rows the `build-data-export` job read: the JSON
 * document and the list of the PDFs it names. Pure work with no database or blob store, run in a
 * document worker thread (`writeDataExportOffThread` of `worker-pool.ts`), never on the
 * api's event loop: the pool's time limit and heap cap bound it, and `maxBytes` bounds the file.
 */

/** What the job read of the person, as the queries answer it. */
export interface DataExportRows {
  exportedAt: Date;
  user: {
    email: string;
    firstname: string | null;
    lastname: string | null;
    phone: string | null;
    preferredLanguage: string | null;
    emailVerifiedAt: Date | null;
    createdAt: Date;
  };
  sessions: {
    ipAddress: string | null;
    platform: string | null;
    userAgent: string | null;
    method: string | null;
    createdAt: Date;
    lastUsedAt: Date | null;
    endedAt: Date | null;
  }[];
  passkeys: {
    deviceType: string | null;
    backedUp: boolean | null;
    transports: unknown;
    createdAt: Date;
    lastUsedAt: Date | null;
  }[];
  membership: { team: string; role: string; joinedAt: Date | null } | null;
  workspaces: { name: string; joinedAt: Date | null }[];
  /** The envelopes they sent, newest first, already cut to the export's limit. */
  sent: {
    id: string;
    title: string;
    status: string;
    createdAt: Date;
    sentAt: Date | null;
    completedAt: Date | null;
    canceledAt: Date | null;
    documentsDeletedAt: Date | null;
  }[];
  /** The envelopes they signed, newest first, already cut to the export's limit. */
  signed: {
    id: string;
    title: string;
    status: string;
    completedAt: Date | null;
    documentsDeletedAt: Date | null;
    team: string;
    recipientStatus: string;
    signedAt: Date | null;
  }[];
  /** The documents of those envelopes, by envelope and position. */
  documents: {
    envelopeId: string;
    filename: string;
    sha256: string;
    blobKey: string;
    sealedBlobKey: string | null;
    sealedSha256: string | null;
  }[];
  /** The recipients of the envelopes they sent, by position. */
  recipients: {
    envelopeId: string;
    email: string;
    firstname: string | null;
    lastname: string | null;
    status: string;
    signedAt: Date | null;
  }[];
  /** Whether envelopes were left out (more than the export's limit). */
  truncated: boolean;
}

export interface DataExportFile {
  /** The JSON document, UTF-8. */
  file: Uint8Array;
  /** The PDFs it lists, in its `files` order. */
  files: DataExportFileRow[];
  truncated: boolean;
}

/** The export's file would exceed its size limit: retrying cannot help. */
export class DataExportTooLargeError extends Error {
  override readonly name = "DataExportTooLargeError";

  constructor(limit: number) {
    super(`The data export's file is larger than its limit of ${limit} bytes.`);
  }
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** `items` grouped by `key`, in their order: one pass. */
function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group === undefined) groups.set(key(item), [item]);
    else group.push(item);
  }
  return groups;
}

/** The export's JSON document and its list of PDFs (DATA_EXPORT_MAX_FILES at most). */
export function dataExportContents(rows: DataExportRows): {
  json: Record<string, unknown>;
  files: DataExportFileRow[];
  truncated: boolean;
} {
  let truncated = rows.truncated;
  const documentsByEnvelope = groupBy(rows.documents, (document) => document.envelopeId);
  const recipientsByEnvelope = groupBy(rows.recipients, (recipient) => recipient.envelopeId);
  const documentsOf = (envelopeId: string) => documentsByEnvelope.get(envelopeId) ?? [];

  const files: DataExportFileRow[] = [];
  const listed: { index: number; envelopeUuid: string; kind: string; sha256: string }[] = [];
  const addFile = (
    envelope: { id: string; title: string },
    kind: "original" | "signed",
    filename: string,
    blobKey: string,
    sha256: string,
  ) => {
    if (files.length >= DATA_EXPORT_MAX_FILES) {
      truncated = true;
      return;
    }
    const base = filename.replace(/\.pdf$/i, "");
    const name = kind === "signed" ? `${base}-signed.pdf` : `${base}.pdf`;
    listed.push({ index: files.length, envelopeUuid: envelope.id, kind, sha256 });
    files.push({ filename: name, envelopeTitle: envelope.title, blobKey });
  };
  for (const envelope of rows.sent) {
    if (envelope.documentsDeletedAt !== null) continue;
    for (const document of documentsOf(envelope.id)) {
      addFile(envelope, "original", document.filename, document.blobKey, document.sha256);
      if (document.sealedBlobKey !== null) {
        const hash = document.sealedSha256 ?? "";
        addFile(envelope, "signed", document.filename, document.sealedBlobKey, hash);
      }
    }
  }
  for (const envelope of rows.signed) {
    if (envelope.status !== "complete" || envelope.documentsDeletedAt !== null) continue;
    for (const document of documentsOf(envelope.id)) {
      if (document.sealedBlobKey === null) continue;
      const hash = document.sealedSha256 ?? "";
      addFile(envelope, "signed", document.filename, document.sealedBlobKey, hash);
    }
  }

  const { user, membership } = rows;
  const json = {
    exportedAt: rows.exportedAt.toISOString(),
    profile: {
      email: user.email,
      firstname: user.firstname,
      lastname: user.lastname,
      phone: user.phone,
      preferredLanguage: user.preferredLanguage,
      emailVerifiedAt: iso(user.emailVerifiedAt),
      createdAt: iso(user.createdAt),
    },
    sessions: rows.sessions.map((session) => ({
      ipAddress: session.ipAddress,
      platform: session.platform,
      userAgent: session.userAgent,
      method: session.method,
      createdAt: iso(session.createdAt),
      lastUsedAt: iso(session.lastUsedAt),
      endedAt: iso(session.endedAt),
    })),
    passkeys: rows.passkeys.map((passkey) => ({
      deviceType: passkey.deviceType,
      backedUp: passkey.backedUp,
      transports: passkey.transports,
      createdAt: iso(passkey.createdAt),
      lastUsedAt: iso(passkey.lastUsedAt),
    })),
    membership:
      membership === null
        ? null
        : {
            team: membership.team,
            role: membership.role,
            joinedAt: iso(membership.joinedAt),
            workspaces: rows.workspaces.map((workspace) => ({
              name: workspace.name,
              joinedAt: iso(workspace.joinedAt),
            })),
          },
    envelopesSent: rows.sent.map((envelope) => ({
      uuid: envelope.id,
      title: envelope.title,
      status: envelope.status,
      createdAt: iso(envelope.createdAt),
      sentAt: iso(envelope.sentAt),
      completedAt: iso(envelope.completedAt),
      canceledAt: iso(envelope.canceledAt),
      documentsDeletedAt: iso(envelope.documentsDeletedAt),
      documents: documentsOf(envelope.id).map((document) => ({
        filename: document.filename,
        sha256: document.sha256,
        signedSha256: document.sealedSha256,
      })),
      recipients: (recipientsByEnvelope.get(envelope.id) ?? []).map((recipient) => ({
        email: recipient.email,
        firstname: recipient.firstname,
        lastname: recipient.lastname,
        status: recipient.status,
        signedAt: iso(recipient.signedAt),
      })),
    })),
    envelopesSigned: rows.signed.map((envelope) => ({
      uuid: envelope.id,
      title: envelope.title,
      team: envelope.team,
      status: envelope.status,
      yourStatus: envelope.recipientStatus,
      signedAt: iso(envelope.signedAt),
      completedAt: iso(envelope.completedAt),
    })),
    files: listed.map((file, index) => ({ ...file, filename: files[index]?.filename ?? "" })),
    truncated,
  };
  return { json, files, truncated };
}

/**
 * The text of `value` (an object) as `JSON.stringify(value, null, 2)` writes it, in pieces: each
 * top-level field, and each item of a top-level list, is one piece, so that a writer can stop
 * as soon as the file is too large instead of holding all of it first.
 */
export function* prettyJsonPieces(value: Record<string, unknown>): Generator<string> {
  const indent = (text: string, pad: string) => text.replaceAll("\n", `\n${pad}`);
  const keys = Object.keys(value).filter((key) => value[key] !== undefined);
  yield "{";
  for (const [position, key] of keys.entries()) {
    const item = value[key];
    const head = `${position === 0 ? "" : ","}\n  ${JSON.stringify(key)}: `;
    if (Array.isArray(item) && item.length > 0) {
      yield `${head}[`;
      for (const [index, element] of item.entries()) {
        const text = JSON.stringify(element, null, 2) ?? "null";
        yield `${index === 0 ? "" : ","}\n    ${indent(text, "    ")}`;
      }
      yield "\n  ]";
    } else {
      yield head + indent(JSON.stringify(item, null, 2), "  ");
    }
  }
  yield keys.length === 0 ? "}" : "\n}";
}

/**
 * Writes the export (in a document worker thread): its contents, then its JSON text piece by
 * piece, failing with DataExportTooLargeError as soon as the text passes `maxBytes`.
 */
export function writeDataExportInThisThread(
  rows: DataExportRows,
  maxBytes: number,
): DataExportFile {
  const { json, files, truncated } = dataExportContents(rows);
  const encoder = new TextEncoder();
  const pieces: Uint8Array[] = [];
  let size = 0;
  for (const text of prettyJsonPieces(json)) {
    const piece = encoder.encode(text);
    size += piece.byteLength;
    if (size > maxBytes) throw new DataExportTooLargeError(maxBytes);
    pieces.push(piece);
  }
  const file = new Uint8Array(size);
  let offset = 0;
  for (const piece of pieces) {
    file.set(piece, offset);
    offset += piece.byteLength;
  }
  return { file, files, truncated };
}
