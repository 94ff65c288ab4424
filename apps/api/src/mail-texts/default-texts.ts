import type { MailTextKind } from "@paraphe/api-sdk/contract";
import { serverT, type ServerKey } from "@paraphe/i18n";
import type { Language } from "../db/database";
import type { MailTextTemplate } from "./render-mail-text";

/**
 * Paraphe's text of a mail, written with placeholders: the same sentences as the mail a team that
 * saved no text of its own sends to a signer (`envelopes/mails.ts`), so that the settings page
 * starts from it and a reset goes back to it.
 */
export function defaultMailText(kind: MailTextKind, language: Language): MailTextTemplate {
  const t = (key: ServerKey, values: Record<string, string> = {}) => serverT(language, key, values);
  const sender = { sender: "{{senderName}}", email: "{{senderEmail}}", title: "{{envelopeTitle}}" };
  const body = (...paragraphs: string[]) => [t("mail:common.greeting"), ...paragraphs].join("\n\n");
  switch (kind) {
    case "invitation":
      return {
        subject: t("mail:invitation.subject", sender),
        body: body(
          t("mail:invitation.intro", sender),
          `${t("mail:invitation.action")}\n{{link}}`,
          t("mail:invitation.expires", { date: "{{expiry}}" }),
          t("mail:invitation.ignore"),
        ),
      };
    case "reminder":
      return {
        subject: t("mail:reminder.subject", sender),
        body: body(
          t("mail:reminder.intro", sender),
          `${t("mail:reminder.action")}\n{{link}}`,
          t("mail:reminder.expires", { date: "{{expiry}}" }),
          t("mail:invitation.ignore"),
        ),
      };
    case "completion":
      return {
        subject: t("mail:completed.subject", { title: "{{envelopeTitle}}" }),
        body: body(
          t("mail:completed.intro", { title: "{{envelopeTitle}}" }),
          `${t("mail:completed.action")}\n{{link}}`,
        ),
      };
    case "decline": {
      const values = {
        name: "{{signerName}}",
        email: "{{signerEmail}}",
        title: "{{envelopeTitle}}",
        reason: "{{reason}}",
      };
      return {
        subject: t("mail:declined.subject", values),
        body: body(t("mail:declined.intro", values), t("mail:declined.reason", values)),
      };
    }
  }
}
