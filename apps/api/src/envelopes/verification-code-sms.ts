import { serverT } from "@paraphe/i18n";
import type { Language } from "../db/database";
import type { OutgoingSms } from "../sms/outbox";

/** A title or name longer than this is cut (with "…") so that the SMS stays short. */
const PART_MAX = 40;

function shortened(text: string): string {
  const line = text.replace(/\s+/g, " ").trim();
  const chars = [...line];
  return chars.length <= PART_MAX ? line : `${chars.slice(0, PART_MAX - 1).join("")}…`;
}

/**
 * The SMS carrying a signer's verification code, in the signer's language (spec §1: the preferred
 * language for SMS): the code first, then the document and who asked, the lifetime, and a warning.
 */
export function verificationCodeSms(input: {
  to: string;
  language: Language;
  sender: { name: string };
  title: string;
  code: string;
  expiresInMinutes: number;
}): OutgoingSms {
  return {
    to: input.to,
    locale: input.language,
    text: serverT(input.language, "mail:signerSmsCode.text", {
      code: input.code,
      title: shortened(input.title),
      sender: shortened(input.sender.name),
      count: input.expiresInMinutes,
    }),
  };
}
