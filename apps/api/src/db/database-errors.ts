/** Whether a database error is a unique-constraint violation (PostgreSQL 23505). */
export function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === "23505";
}

/** Whether a database error is a foreign-key violation (PostgreSQL 23503). */
export function isForeignKeyViolation(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === "23503";
}
