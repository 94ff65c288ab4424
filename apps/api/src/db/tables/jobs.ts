import type { ColumnType, Generated, Selectable } from "kysely";
import type { GeneratedTimestamp, Timestamp } from "./columns";

export type JobStatus = "pending" | "running" | "done" | "failed";

/** Background work; `payload` is jsonb (written as JSON text). */
export interface JobTable {
  id: Generated<string>;
  name: string;
  payload: ColumnType<unknown, string, string>;
  dedupeKey: string | null;
  status: ColumnType<JobStatus, JobStatus | undefined, JobStatus>;
  attempts: Generated<number>;
  runAt: GeneratedTimestamp;
  lockedUntil: Timestamp | null;
  lastError: string | null;
  createdAt: GeneratedTimestamp;
  updatedAt: GeneratedTimestamp;
  finishedAt: Timestamp | null;
}

export type JobRow = Selectable<JobTable>;
