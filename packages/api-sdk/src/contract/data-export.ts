import { z } from "zod";
import { binaryFileSchema } from "./envelope";

/**
 * A person's data export (issue 32): their profile, sessions (no secrets), passkeys (no keys),
 * memberships, and the envelopes they sent or signed (metadata), as one JSON file, with the PDFs
 * they may see (the documents of the envelopes they sent; the signed documents of those they
 * signed) listed in it and downloaded one by one. A background job prepares it; it is downloaded
 * with the person's session and the export's random id, until it expires.
 */

/** Envelopes (sent and signed together) an export describes at most; beyond, it says it is truncated. */
export const DATA_EXPORT_MAX_ENVELOPES = 1000;
/** Files (PDFs) an export lists at most. */
export const DATA_EXPORT_MAX_FILES = 500;
/** Days an export stays downloadable. */
export const DATA_EXPORT_TTL_DAYS = 7;
/** Exports a person may ask for in 24 hours. */
export const DATA_EXPORT_PER_DAY = 3;

export const DATA_EXPORT_STATUSES = ["pending", "ready", "failed"] as const;
export type DataExportStatus = (typeof DATA_EXPORT_STATUSES)[number];

const isoDate = z.iso.datetime();

/** One PDF of an export: downloaded with its `index`. */
export const dataExportFileSchema = z.object({
  index: z.number().int().min(0),
  filename: z.string(),
  envelopeTitle: z.string(),
});
export type DataExportFile = z.infer<typeof dataExportFileSchema>;

export const dataExportSchema = z.object({
  uuid: z.uuid(),
  status: z.enum(DATA_EXPORT_STATUSES),
  requestedAt: isoDate,
  readyAt: isoDate.nullable(),
  /** Once ready: when it can no longer be downloaded. */
  expiresAt: isoDate.nullable(),
  /** Whether the person had more envelopes or files than an export holds. */
  truncated: z.boolean(),
  /** Once ready: the PDFs, besides the JSON file. */
  files: z.array(dataExportFileSchema),
});
export type DataExport = z.infer<typeof dataExportSchema>;

// POST /user/request-data-export: a new export (the pending one when there is one).
export const requestDataExportRequestSchema = z.object({});
// POST /user/data-export: the latest export that has not expired, if any.
export const getDataExportRequestSchema = z.object({});
export const dataExportResponseSchema = z.object({ export: dataExportSchema.nullable() });
export type DataExportResponse = z.infer<typeof dataExportResponseSchema>;

// POST /user/download-data-export: the JSON file, or the PDF `file` of a ready export.
export const downloadDataExportRequestSchema = z.object({
  exportUuid: z.uuid(),
  file: z.number().int().min(0).max(DATA_EXPORT_MAX_FILES).optional(),
});
export type DownloadDataExportRequest = z.input<typeof downloadDataExportRequestSchema>;
export const downloadDataExportResponseSchema = binaryFileSchema;
