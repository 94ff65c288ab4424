import type { ColumnType, Generated } from "kysely";
import type { GeneratedTimestamp } from "./columns";

/** One PDF an export lists: where it is read from when downloaded. */
export interface DataExportFileRow {
  filename: string;
  envelopeTitle: string;
  blobKey: string;
}

/** A person's data export (issue 32), prepared by a job. */
export interface DataExportTable {
  id: Generated<string>;
  userId: string;
  status: ColumnType<"pending" | "ready" | "failed", "pending" | undefined, "ready" | "failed">;
  /** The JSON file, once ready. */
  blobKey: ColumnType<string | null, string | null | undefined, string | null>;
  files: ColumnType<DataExportFileRow[], string | undefined, string>;
  truncated: ColumnType<boolean, boolean | undefined, boolean>;
  requestedAt: GeneratedTimestamp;
  readyAt: ColumnType<Date | null, Date | null | undefined, Date | null>;
  expiresAt: ColumnType<Date | null, Date | null | undefined, Date | null>;
}
