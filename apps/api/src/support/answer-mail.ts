import { serverT, type ServerKey } from "@paraphe/i18n";
import type { Language } from "../db/database";
import { composeMail, oneLine } from "../mail/compose-mail";
import type { OutgoingMail } from "../mail/outbox";

/** The mail telling a member that support answered, with the answer and the link to the page. */
export function supportAnswerMail(input: {
  to: string;
  language: Language;
  answer: string;
  link: string;
}): OutgoingMail {
  const t = (key: ServerKey) => serverT(input.language, key);
  return composeMail(input.to, input.language, oneLine(t("mail:supportAnswer.subject")), [
    { text: t("mail:supportAnswer.intro") },
    { text: input.answer },
    { text: t("mail:supportAnswer.action"), link: input.link },
  ]);
}
