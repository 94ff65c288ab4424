/**
 * Test helpers for team administration: a team's role ids, and invitation tokens read from the
 * mail outbox (the database keeps their hash only). Not part of the server.
 */
import type { IdentityHarness } from "./identity";
import { outboxMails } from "./outbox";

/** The id of the role `name` of the team `teamId`. */
export async function roleIdOf(h: IdentityHarness, teamId: string, name: string): Promise<string> {
  const role = await h.database.connection.db
    .selectFrom("role")
    .select("id")
    .where("teamId", "=", teamId)
    .where("name", "=", name)
    .executeTakeFirstOrThrow();
  return role.id;
}

/** The token of the newest team invitation mailed to `email`, from the link in its body. */
export async function inviteTokenFromMail(h: IdentityHarness, email: string): Promise<string> {
  const mails = await outboxMails(h.database.connection.db, h.t.mailKey, email);
  for (const mail of mails) {
    const token = /\/accept-team-invite#token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
    if (token !== undefined) return token;
  }
  throw new Error(`no team invitation mailed to ${email}`);
}
