import type { Kysely } from "kysely";
import type { Database } from "../db/database";
import { AppError } from "../errors/app-error";
import type { SupportDeps } from "./support-deps";

/** Whether `email` is one of SUPPORT_OPERATORS (compared without case). */
export function isSupportOperator(config: SupportDeps["config"], email: string): boolean {
  return config.supportOperators.includes(email.toLowerCase());
}

/** The signed-in account behind `userId`, if it is a support operator; FORBIDDEN otherwise. */
export async function requireOperator(
  deps: { db: Kysely<Database>; config: SupportDeps["config"] },
  userId: string,
): Promise<{ userId: string; email: string }> {
  const user = await deps.db
    .selectFrom("appUser")
    .select(["id", "email"])
    .where("id", "=", userId)
    .executeTakeFirst();
  if (user === undefined || !isSupportOperator(deps.config, user.email)) {
    throw new AppError("FORBIDDEN", {
      message: "Only the support team answers support conversations.",
      suggestion: "Write to support from Settings, Support.",
    });
  }
  return { userId: user.id, email: user.email };
}
