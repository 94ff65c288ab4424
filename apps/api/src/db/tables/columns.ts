import type { ColumnType } from "kysely";

/** A timestamp column: read as a Date, written as a Date or an SQL expression. */
export type Timestamp = ColumnType<Date, Date | string, Date | string>;

export type GeneratedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
