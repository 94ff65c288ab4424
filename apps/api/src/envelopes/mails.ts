import { serverT, type ServerKey } from "@paraphe/i18n";
import type { Language } from "../db/database";
import {
  composeMail,
  longDate,
  oneLine,
  teamTextMail,
  type MailBranding,
} from "../mail/compose-mail";
import type { OutgoingMail } from "../mail/outbox";
import type { MailTextTemplate, MailTextValues, Paragraph } from "../mail-texts/render-mail-text";

/**
 * The mails of an envelope's life: invitations and reminders to its recipients, and to its
 * sender the news of a delegation, an expiry, a decline or a completion. Each is written in
 * Paraphe's words or the team's own text, and laid out by `composeMail`.
 */
/** What a mail to a recipient (an invitation, a reminder) is written from. */
interface RecipientMailInput {
  to: string;
  language: Language;
  sender: { name: string; email: string };
  title: string;
  expiresAt: Date | null;
  link: string;
  /** An approver is asked to approve (or reject); a signer to sign; a viewer to read. */
  kind?: "signer" | "approver" | "viewer";
  /** The team's branding; absent: Paraphe's look. */
  branding?: MailBranding;
  /** The recipient's name, for `{{signerName}}` (their email when absent). */
  recipientName?: string;
  /** The team's text of this mail in this language (signers only); null: Paraphe's. */
  text?: MailTextTemplate | null;
}

export function invitationMail(
  input: RecipientMailInput & { message: string | null },
): OutgoingMail {
  const { language } = input;
  const values = { sender: input.sender.name, email: input.sender.email, title: input.title };
  const t = (key: ServerKey, options: Record<string, unknown> = values) =>
    serverT(language, key, options);
  const approver = input.kind === "approver";
  if (input.kind === "viewer") return viewingMail(input, t);
  const message: Paragraph[] =
    input.message !== null && input.message.trim() !== ""
      ? [{ text: `${t("mail:invitation.message")}\n${input.message.trim()}` }]
      : [];
  if (!approver && input.text) {
    return teamTextMail(
      input.to,
      language,
      input.text,
      recipientValues(input),
      input.branding,
      message,
    );
  }
  const paragraphs: Paragraph[] = [
    { text: t(approver ? "mail:approval.intro" : "mail:invitation.intro") },
    ...message,
  ];
  paragraphs.push({
    text: t(approver ? "mail:approval.action" : "mail:invitation.action"),
    link: input.link,
  });
  if (input.expiresAt !== null) {
    paragraphs.push({
      text: t("mail:invitation.expires", { date: longDate(language, input.expiresAt) }),
    });
  }
  paragraphs.push({ text: t(approver ? "mail:approval.ignore" : "mail:invitation.ignore") });
  const subject = t(approver ? "mail:approval.subject" : "mail:invitation.subject");
  return composeMail(input.to, language, oneLine(subject), paragraphs, input.branding);
}

/** A viewer's invitation: read every page, then confirm the reading. */
function viewingMail(
  input: {
    to: string;
    language: Language;
    message: string | null;
    expiresAt: Date | null;
    link: string;
    branding?: MailBranding;
  },
  t: (key: ServerKey, options?: Record<string, unknown>) => string,
): OutgoingMail {
  const paragraphs: Paragraph[] = [{ text: t("mail:viewing.intro") }];
  if (input.message !== null && input.message.trim() !== "") {
    paragraphs.push({ text: `${t("mail:invitation.message")}\n${input.message.trim()}` });
  }
  paragraphs.push({ text: t("mail:viewing.action"), link: input.link });
  if (input.expiresAt !== null) {
    paragraphs.push({
      text: t("mail:invitation.expires", { date: longDate(input.language, input.expiresAt) }),
    });
  }
  paragraphs.push({ text: t("mail:viewing.ignore") });
  return composeMail(
    input.to,
    input.language,
    oneLine(t("mail:viewing.subject")),
    paragraphs,
    input.branding,
  );
}

/** To the sender: a signer handed their turn to someone else (`delegate-envelope.ts`). */
export function delegatedMail(input: {
  to: string;
  language: Language;
  title: string;
  from: string;
  delegate: string;
  reason: string;
  link: string;
  /** The team's branding; absent: Paraphe's look. */
  branding?: MailBranding;
}): OutgoingMail {
  const values = { title: input.title, from: input.from, to: input.delegate, reason: input.reason };
  const t = (key: ServerKey) => serverT(input.language, key, values);
  return composeMail(
    input.to,
    input.language,
    oneLine(t("mail:delegated.subject")),
    [
      { text: t("mail:delegated.intro") },
      { text: t("mail:delegated.reason") },
      { text: t("mail:delegated.action"), link: input.link },
    ],
    input.branding,
  );
}

/** The placeholders' values of a mail to a recipient (an invitation, a reminder). */
function recipientValues(input: RecipientMailInput): MailTextValues {
  return {
    signerName: input.recipientName || input.to,
    senderName: input.sender.name,
    senderEmail: input.sender.email,
    envelopeTitle: input.title,
    link: input.link,
    expiry: input.expiresAt === null ? null : longDate(input.language, input.expiresAt),
  };
}

/**
 * The reminder of a recipient who has not signed yet: who asked, the title, the deadline if any,
 * and the same signing link as the invitation.
 */
export function reminderMail(input: RecipientMailInput): OutgoingMail {
  const { language } = input;
  const values = { sender: input.sender.name, email: input.sender.email, title: input.title };
  const t = (key: ServerKey, options: Record<string, unknown> = values) =>
    serverT(language, key, options);
  const approver = input.kind === "approver";
  const viewer = input.kind === "viewer";
  if (!approver && !viewer && input.text) {
    return teamTextMail(input.to, language, input.text, recipientValues(input), input.branding);
  }
  const paragraphs: Paragraph[] = [
    {
      text: t(
        approver
          ? "mail:approvalReminder.intro"
          : viewer
            ? "mail:viewingReminder.intro"
            : "mail:reminder.intro",
      ),
    },
    {
      text: t(
        approver ? "mail:approval.action" : viewer ? "mail:viewing.action" : "mail:reminder.action",
      ),
      link: input.link,
    },
  ];
  if (input.expiresAt !== null) {
    paragraphs.push({
      text: t(approver ? "mail:invitation.expires" : "mail:reminder.expires", {
        date: longDate(language, input.expiresAt),
      }),
    });
  }
  paragraphs.push({ text: t(approver ? "mail:approval.ignore" : "mail:invitation.ignore") });
  const subject = t(
    approver
      ? "mail:approvalReminder.subject"
      : viewer
        ? "mail:viewingReminder.subject"
        : "mail:reminder.subject",
  );
  return composeMail(input.to, language, oneLine(subject), paragraphs, input.branding);
}

/** To the sender: their envelope reached its expiry before everyone signed and was canceled. */
export function expiredMail(input: {
  to: string;
  language: Language;
  title: string;
  expiresAt: Date;
  link: string;
  /** The team's branding; absent: Paraphe's look. */
  branding?: MailBranding;
}): OutgoingMail {
  const values = { title: input.title, date: longDate(input.language, input.expiresAt) };
  const t = (key: ServerKey) => serverT(input.language, key, values);
  return composeMail(
    input.to,
    input.language,
    oneLine(t("mail:expired.subject")),
    [{ text: t("mail:expired.intro") }, { text: t("mail:expired.action"), link: input.link }],
    input.branding,
  );
}

export function canceledMail(input: {
  to: string;
  language: Language;
  sender: string;
  title: string;
  reason: string;
  /** The team's branding; absent: Paraphe's look. */
  branding?: MailBranding;
}): OutgoingMail {
  const values = { sender: input.sender, title: input.title, reason: input.reason };
  const t = (key: ServerKey) => serverT(input.language, key, values);
  return composeMail(
    input.to,
    input.language,
    oneLine(t("mail:canceled.subject")),
    [{ text: t("mail:canceled.intro") }, { text: t("mail:canceled.reason") }],
    input.branding,
  );
}

/** To the sender: a signer could not open the envelope, an original file being missing. */
export function documentUnavailableMail(input: {
  to: string;
  language: Language;
  name: string;
  email: string;
  title: string;
  document: string;
  link: string;
  /** The team's branding; absent: Paraphe's look. */
  branding?: MailBranding;
}): OutgoingMail {
  const values = {
    name: input.name,
    email: input.email,
    title: input.title,
    document: input.document,
  };
  const t = (key: ServerKey) => serverT(input.language, key, values);
  return composeMail(
    input.to,
    input.language,
    oneLine(t("mail:documentUnavailable.subject")),
    [
      { text: t("mail:documentUnavailable.intro") },
      { text: t("mail:documentUnavailable.advice") },
      { text: t("mail:documentUnavailable.action"), link: input.link },
    ],
    input.branding,
  );
}

export function declinedMail(input: {
  to: string;
  language: Language;
  name: string;
  email: string;
  title: string;
  reason: string;
  /** An approver's rejection rather than a signer's decline. */
  rejected?: boolean;
  /** The envelope's sender, for `{{senderName}}`. */
  senderName?: string;
  /** The team's branding; absent: Paraphe's look. */
  branding?: MailBranding;
  /** The team's text of the decline in this language (signers' declines only); null: Paraphe's. */
  text?: MailTextTemplate | null;
}): OutgoingMail {
  const values = { name: input.name, email: input.email, title: input.title, reason: input.reason };
  const t = (key: ServerKey) => serverT(input.language, key, values);
  const rejected = input.rejected === true;
  if (!rejected && input.text) {
    return teamTextMail(
      input.to,
      input.language,
      input.text,
      {
        signerName: input.name || input.email,
        signerEmail: input.email,
        senderName: input.senderName ?? "",
        envelopeTitle: input.title,
        reason: input.reason,
      },
      input.branding,
    );
  }
  const subject = t(rejected ? "mail:rejected.subject" : "mail:declined.subject");
  return composeMail(
    input.to,
    input.language,
    oneLine(subject),
    [
      { text: t(rejected ? "mail:rejected.intro" : "mail:declined.intro") },
      { text: t("mail:declined.reason") },
    ],
    input.branding,
  );
}

export function completedMail(input: {
  to: string;
  language: Language;
  title: string;
  link: string;
  /** To a recipient in copy: says they were copied. */
  copied?: boolean;
  /** The team's branding; absent: Paraphe's look. */
  branding?: MailBranding;
  /** The envelope's sender, for `{{senderName}}` and `{{senderEmail}}`. */
  sender?: { name: string; email: string };
  /** The team's text of the completion in this language; null: Paraphe's. */
  text?: MailTextTemplate | null;
}): OutgoingMail {
  const t = (key: ServerKey) => serverT(input.language, key, { title: input.title });
  if (input.text) {
    return teamTextMail(
      input.to,
      input.language,
      input.text,
      {
        senderName: input.sender?.name ?? "",
        senderEmail: input.sender?.email ?? "",
        envelopeTitle: input.title,
        link: input.link,
      },
      input.branding,
    );
  }
  return composeMail(
    input.to,
    input.language,
    oneLine(t("mail:completed.subject")),
    [
      { text: t(input.copied === true ? "mail:completed.copiedIntro" : "mail:completed.intro") },
      { text: t("mail:completed.action"), link: input.link },
    ],
    input.branding,
  );
}
