import type { MailTextKind } from "@paraphe/api-sdk/contract";
import type { Kysely } from "kysely";
import type { Database, Language } from "../db/database";
import type { MailTextTemplate } from "./render-mail-text";

/** A team's saved texts, by mail and language: null where the team uses Paraphe's. */
export type TeamMailTexts = (kind: MailTextKind, language: Language) => MailTextTemplate | null;

/** Reads every text a team saved (at most one per mail and language) in one query. */
export async function teamMailTextsOf(
  db: Kysely<Database>,
  teamId: string,
): Promise<TeamMailTexts> {
  const rows = await db
    .selectFrom("teamMailText")
    .select(["kind", "language", "subject", "body"])
    .where("teamId", "=", teamId)
    .execute();
  const byKey = new Map(
    rows.map((row) => [`${row.kind}:${row.language}`, { subject: row.subject, body: row.body }]),
  );
  return (kind, language) => byKey.get(`${kind}:${language}`) ?? null;
}
