import type { Kysely } from "kysely";
import type { Database, Language } from "../db/database";

/**
 * The mail language of each email: a known user's preferred language, otherwise `fallback` (the
 * sender's). Keys are the emails as given.
 */
export async function mailLanguages(
  db: Kysely<Database>,
  emails: readonly string[],
  fallback: Language,
): Promise<Map<string, Language>> {
  const result = new Map<string, Language>(emails.map((email) => [email, fallback]));
  if (emails.length === 0) return result;
  const users = await db
    .selectFrom("appUser")
    .select(["email", "preferredLanguage"])
    .where("email", "in", [...new Set(emails)])
    .execute();
  for (const user of users) result.set(user.email, user.preferredLanguage);
  return result;
}
