import { serverT } from "@paraphe/i18n";
import type { OutgoingMail } from "../mail/outbox";
import type { MailTextInput, SampleMailRenderer } from "../mail-texts/team-mail-texts";
import { completedMail, declinedMail, invitationMail, reminderMail } from "./mails";

/**
 * A team's text rendered as its mail by the functions of the real mails, with sample values: a
 * sample signer, title, reason and message in the text's language, the caller as the sender, a
 * link on the signing site and an expiry in two weeks (`/mail-text/preview`).
 */
export const renderSampleMail: SampleMailRenderer = (
  input: MailTextInput,
  { branding, sender, signUrl, now },
): OutgoingMail => {
  const { language } = input;
  const sample = (key: "signerName" | "signerEmail" | "envelopeTitle" | "reason" | "message") =>
    serverT(language, `mail:mailTextSample.${key}`);
  const text = { subject: input.subject, body: input.body };
  const link = `${signUrl}/example`;
  const expiresAt = new Date(now + 14 * 24 * 60 * 60 * 1000);
  const title = sample("envelopeTitle");
  const common = { to: sample("signerEmail"), language, sender, title, link, branding, text };
  switch (input.kind) {
    case "invitation":
      return invitationMail({
        ...common,
        message: sample("message"),
        expiresAt,
        recipientName: sample("signerName"),
      });
    case "reminder":
      return reminderMail({ ...common, expiresAt, recipientName: sample("signerName") });
    case "completion":
      return completedMail({ ...common, to: sender.email });
    case "decline":
      return declinedMail({
        to: sender.email,
        language,
        name: sample("signerName"),
        email: sample("signerEmail"),
        title,
        reason: sample("reason"),
        senderName: sender.name,
        branding,
        text,
      });
  }
};
