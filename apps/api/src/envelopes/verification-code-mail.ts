import { serverT, type ServerKey } from "@paraphe/i18n";
import type { Language } from "../db/database";
import type { OutgoingMail } from "../mail/outbox";
import { composeMail, oneLine } from "../mail/compose-mail";

/**
 * The mail carrying a signer's verification code, in the signer's language: a mail of its own,
 * apart from the invitation's link, so that the link alone does not let anyone sign. The subject
 * never carries the code (subjects stay readable in the delivery log). For an `account` check, it
 * says the code signs them in to their Paraphe account.
 */
export function verificationCodeMail(input: {
  to: string;
  language: Language;
  sender: { name: string };
  title: string;
  code: string;
  expiresInMinutes: number;
  /** The code signs the signer in to their Paraphe account (an `account` check). */
  account?: boolean;
}): OutgoingMail {
  const values = { sender: input.sender.name, title: input.title };
  const t = (key: ServerKey, options: Record<string, unknown> = values) =>
    serverT(input.language, key, options);
  return composeMail(input.to, input.language, oneLine(t("mail:signerCode.subject")), [
    { text: t(input.account === true ? "mail:signerCode.accountIntro" : "mail:signerCode.intro") },
    { text: input.code },
    { text: t("mail:signerCode.expires", { count: input.expiresInMinutes }) },
    { text: t("mail:signerCode.ignore") },
  ]);
}
