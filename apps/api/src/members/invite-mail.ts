import { serverT, type ServerKey } from "@paraphe/i18n";
import type { Language } from "../db/database";
import { composeMail, longDate, oneLine, type MailBranding } from "../mail/compose-mail";
import type { OutgoingMail } from "../mail/outbox";

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
