import { serverT, type ServerKey } from "@paraphe/i18n";
import type { Language } from "../db/database";
import type { OutgoingMail } from "../mail/outbox";

function escapeHtml(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;");
}

export interface Paragraph {
  text: string;
  /** A link shown on its own line after the text. */
  link?: string;
}

/** A mail of greeting, paragraphs, signature and notice, as plain text and simple HTML. */
export function composeMail(
  to: string,
  language: Language,
  subject: string,
  paragraphs: readonly Paragraph[],
): OutgoingMail {
  const t = (key: ServerKey) => serverT(language, key);
  const all: Paragraph[] = [
    { text: t("mail:common.greeting") },
    ...paragraphs,
    { text: t("mail:common.signature") },
  ];
  const notice = t("mail:common.automatedNotice");
  const text = [
    ...all.map((p) => (p.link === undefined ? p.text : `${p.text}\n${p.link}`)),
    notice,
  ].join("\n\n");
  const html = `<!doctype html>
<html lang="${language}"><body style="font-family:system-ui,sans-serif;color:#1f2937">
${all
  .map(
    (p) =>
      `<p>${escapeHtml(p.text)}${
        p.link === undefined
          ? ""
          : `<br><a href="${escapeHtml(p.link)}" style="color:#4338ca">${escapeHtml(p.link)}</a>`
      }</p>`,
  )
  .join("\n")}
<p style="font-size:12px;color:#6b7280">${escapeHtml(notice)}</p>
</body></html>
`;
  return { to, subject, text: `${text}\n`, html, locale: language };
}

export function invitationMail(input: {
  to: string;
  language: Language;
  sender: { name: string; email: string };
  title: string;
  message: string | null;
  expiresAt: Date | null;
  link: string;
  /** An approver is asked to approve (or reject); a signer to sign; a viewer to read. */
  kind?: "signer" | "approver" | "viewer";
}): OutgoingMail {
  const { language } = input;
  const values = { sender: input.sender.name, email: input.sender.email, title: input.title };
  const t = (key: ServerKey, options: Record<string, unknown> = values) =>
    serverT(language, key, options);
  const approver = input.kind === "approver";
  if (input.kind === "viewer") return viewingMail(input, t);
  const paragraphs: Paragraph[] = [
    { text: t(approver ? "mail:approval.intro" : "mail:invitation.intro") },
  ];
  if (input.message !== null && input.message.trim() !== "") {
    paragraphs.push({ text: `${t("mail:invitation.message")}\n${input.message.trim()}` });
  }
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
  return composeMail(input.to, language, oneLine(subject), paragraphs);
}

/** A viewer's invitation: read every page, then confirm the reading. */
function viewingMail(
  input: {
    to: string;
    language: Language;
    message: string | null;
    expiresAt: Date | null;
    link: string;
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
  return composeMail(input.to, input.language, oneLine(t("mail:viewing.subject")), paragraphs);
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
}): OutgoingMail {
  const values = { title: input.title, from: input.from, to: input.delegate, reason: input.reason };
  const t = (key: ServerKey) => serverT(input.language, key, values);
  return composeMail(input.to, input.language, oneLine(t("mail:delegated.subject")), [
    { text: t("mail:delegated.intro") },
    { text: t("mail:delegated.reason") },
    { text: t("mail:delegated.action"), link: input.link },
  ]);
}

/** A date as mails show it: long style, in the mail's language, UTC. */
export function longDate(language: Language, date: Date): string {
  return new Intl.DateTimeFormat(language, { dateStyle: "long", timeZone: "UTC" }).format(date);
}

/**
 * The reminder of a recipient who has not signed yet: who asked, the title, the deadline if any,
 * and the same signing link as the invitation.
 */
export function reminderMail(input: {
  to: string;
  language: Language;
  sender: { name: string; email: string };
  title: string;
  expiresAt: Date | null;
  link: string;
  /** An approver is reminded to approve; a signer to sign; a viewer to read. */
  kind?: "signer" | "approver" | "viewer";
}): OutgoingMail {
  const { language } = input;
  const values = { sender: input.sender.name, email: input.sender.email, title: input.title };
  const t = (key: ServerKey, options: Record<string, unknown> = values) =>
    serverT(language, key, options);
  const approver = input.kind === "approver";
  const viewer = input.kind === "viewer";
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
  return composeMail(input.to, language, oneLine(subject), paragraphs);
}

/** To the sender: their envelope reached its expiry before everyone signed and was canceled. */
export function expiredMail(input: {
  to: string;
  language: Language;
  title: string;
  expiresAt: Date;
  link: string;
}): OutgoingMail {
  const values = { title: input.title, date: longDate(input.language, input.expiresAt) };
  const t = (key: ServerKey) => serverT(input.language, key, values);
  return composeMail(input.to, input.language, oneLine(t("mail:expired.subject")), [
    { text: t("mail:expired.intro") },
    { text: t("mail:expired.action"), link: input.link },
  ]);
}

export function canceledMail(input: {
  to: string;
  language: Language;
  sender: string;
  title: string;
  reason: string;
}): OutgoingMail {
  const values = { sender: input.sender, title: input.title, reason: input.reason };
  const t = (key: ServerKey) => serverT(input.language, key, values);
  return composeMail(input.to, input.language, oneLine(t("mail:canceled.subject")), [
    { text: t("mail:canceled.intro") },
    { text: t("mail:canceled.reason") },
  ]);
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
}): OutgoingMail {
  const values = {
    name: input.name,
    email: input.email,
    title: input.title,
    document: input.document,
  };
  const t = (key: ServerKey) => serverT(input.language, key, values);
  return composeMail(input.to, input.language, oneLine(t("mail:documentUnavailable.subject")), [
    { text: t("mail:documentUnavailable.intro") },
    { text: t("mail:documentUnavailable.advice") },
    { text: t("mail:documentUnavailable.action"), link: input.link },
  ]);
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
}): OutgoingMail {
  const values = { name: input.name, email: input.email, title: input.title, reason: input.reason };
  const t = (key: ServerKey) => serverT(input.language, key, values);
  const rejected = input.rejected === true;
  const subject = t(rejected ? "mail:rejected.subject" : "mail:declined.subject");
  return composeMail(input.to, input.language, oneLine(subject), [
    { text: t(rejected ? "mail:rejected.intro" : "mail:declined.intro") },
    { text: t("mail:declined.reason") },
  ]);
}

export function completedMail(input: {
  to: string;
  language: Language;
  title: string;
  link: string;
  /** To a recipient in copy: says they were copied. */
  copied?: boolean;
}): OutgoingMail {
  const t = (key: ServerKey) => serverT(input.language, key, { title: input.title });
  return composeMail(input.to, input.language, oneLine(t("mail:completed.subject")), [
    { text: t(input.copied === true ? "mail:completed.copiedIntro" : "mail:completed.intro") },
    { text: t("mail:completed.action"), link: input.link },
  ]);
}

/** A subject must be one line of at most 998 characters. */
export function oneLine(value: string): string {
  return value.replace(/[\r\n]+/g, " ").slice(0, 900);
}
