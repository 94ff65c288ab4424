import { serverT, type ServerKey } from "@paraphe/i18n";
import type { Kysely } from "kysely";
import type { Database, Language } from "../db/database";
import { composeMail, longDate, oneLine, type MailBranding } from "../mail/compose-mail";
import { enqueueMail, type OutgoingMail } from "../mail/outbox";
import type { Member } from "../membership/members";
import { acceptInviteLink } from "./invitation-tokens";
import type { MembersDeps } from "./members-deps";

/** The mail inviting `to` into a team, in `language`, with the link to accept, in the team's branding. */
export function teamInviteMail(input: {
  to: string;
  language: Language;
  inviter: { name: string; email: string };
  teamName: string;
  roleName: string;
  expiresAt: Date;
  link: string;
  /** The team's branding; absent: Paraphe's look. */
  branding?: MailBranding;
}): OutgoingMail {
  const { language } = input;
  const values = {
    inviter: input.inviter.name,
    email: input.inviter.email,
    team: input.teamName,
    role: input.roleName,
  };
  const t = (key: ServerKey, options: Record<string, unknown> = values) =>
    serverT(language, key, options);
  return composeMail(
    input.to,
    language,
    oneLine(t("mail:teamInvite.subject")),
    [
      { text: t("mail:teamInvite.intro") },
      { text: t("mail:teamInvite.action"), link: input.link },
      { text: t("mail:teamInvite.expires", { date: longDate(language, input.expiresAt) }) },
      { text: t("mail:teamInvite.ignore") },
    ],
    input.branding,
  );
}

/**
 * Queues, in `trx`, the mail inviting `to` into `inviter`'s team with the link that accepts the
 * invitation `token`; replies go to the inviter.
 */
export async function enqueueTeamInvite(
  trx: Kysely<Database>,
  deps: Pick<MembersDeps, "config" | "mailKey">,
  inviter: Pick<Member, "name" | "email" | "teamId" | "teamName">,
  invitation: {
    to: string;
    language: Language;
    roleName: string;
    expiresAt: Date;
    token: string;
    branding: MailBranding;
  },
): Promise<void> {
  await enqueueMail(
    trx,
    deps.mailKey,
    teamInviteMail({
      to: invitation.to,
      language: invitation.language,
      inviter: { name: inviter.name, email: inviter.email },
      teamName: inviter.teamName,
      roleName: invitation.roleName,
      expiresAt: invitation.expiresAt,
      link: acceptInviteLink(deps.config.webUrl, invitation.token),
      branding: invitation.branding,
    }),
    { teamId: inviter.teamId, replyTo: inviter.email },
  );
}
