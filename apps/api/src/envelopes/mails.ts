import { serverT, type ServerKey } from "@paraphe/i18n";
import type { Language } from "../db/database";
import type { OutgoingMail } from "../mail/outbox";
import type { SignerBranding } from "@paraphe/api-sdk/contract";
import {
  renderMailText,
  type MailTextTemplate,
  type MailTextValues,
  type Paragraph,
} from "../mail-texts/render-mail-text";

export type { Paragraph } from "../mail-texts/render-mail-text";

function escapeHtml(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

/** What a mail shows of the team that sends it (issue 33); absent: Paraphe's look. */
export type MailBranding = SignerBranding;

const DEFAULT_LINK_COLOR = "#4338ca";

/**
 * A mail of greeting, paragraphs, signature and notice, as plain text and simple HTML. With the
 * team's branding: its logo (or name) on top, links in its readable colour, its name as the
 * signature, its footer line and links, and "Sent with Paraphe" unless the team turned it off.
 * Every text and URL is escaped.
 */
export function composeMail(
  to: string,
  language: Language,
  subject: string,
  paragraphs: readonly Paragraph[],
  branding?: MailBranding,
  options: { greeting?: boolean } = {},
): OutgoingMail {
  const t = (key: ServerKey, options?: Record<string, unknown>) => serverT(language, key, options);
  const all: Paragraph[] = [
    // A team's text carries its own greeting.
    ...(options.greeting === false ? [] : [{ text: t("mail:common.greeting") }]),
    ...paragraphs,
    {
      text:
        branding === undefined
          ? t("mail:common.signature")
          : t("mail:common.brandSignature", { name: branding.name }),
    },
  ];
  const poweredBy = branding === undefined || branding.showPoweredBy;
  const notice = t(
    poweredBy ? "mail:common.automatedNotice" : "mail:common.automatedNoticeUnbranded",
  );
  const links = branding === undefined ? [] : brandLinks(branding, t);
  const footer = [
    ...(branding?.footer ? [branding.footer] : []),
    ...links.map((link) => `${link.label}: ${link.url}`),
    ...(branding !== undefined && poweredBy ? [t("mail:common.sentWith")] : []),
  ];
  const text = [
    ...(branding === undefined ? [] : [branding.name]),
    ...all.map((p) => (p.link === undefined ? p.text : `${p.text}\n${p.link}`)),
    notice,
    ...(footer.length > 0 ? [footer.join("\n")] : []),
  ].join("\n\n");
  const linkColor = branding?.readableColor ?? DEFAULT_LINK_COLOR;
  const html = `<!doctype html>
<html lang="${language}"><body style="font-family:system-ui,sans-serif;color:#1f2937">
${branding === undefined ? "" : brandHeader(branding)}${all
    .map(
      (p) =>
        `<p>${p.parts === undefined ? escapeHtml(p.text) : partsHtml(p.parts, linkColor)}${
          p.link === undefined
            ? ""
            : `<br><a href="${escapeHtml(p.link)}" style="color:${linkColor}">${escapeHtml(p.link)}</a>`
        }</p>`,
    )
    .join("\n")}
<p style="font-size:12px;color:#4b5563">${escapeHtml(notice)}</p>
${branding === undefined ? "" : brandFooter(branding, links, poweredBy ? t("mail:common.sentWith") : null, linkColor)}</body></html>
`;
  return { to, subject, text: `${text}\n`, html, locale: language };
}

/** A paragraph of a team's text: each part escaped, links as links, line breaks kept. */
function partsHtml(parts: NonNullable<Paragraph["parts"]>, linkColor: string): string {
  return parts
    .map((part) =>
      "link" in part
        ? `<a href="${escapeHtml(part.link)}" style="color:${linkColor}">${escapeHtml(part.link)}</a>`
        : escapeHtml(part.text).replaceAll("\n", "<br>"),
    )
    .join("");
}

/**
 * A mail written from a team's text (`renderMailText`): its paragraphs in place of Paraphe's,
 * `extra` (the sender's message) before the paragraph holding the link, and the signature,
 * notice and branding as every mail has them.
 */
function teamTextMail(
  to: string,
  language: Language,
  template: MailTextTemplate,
  values: MailTextValues,
  branding: MailBranding | undefined,
  extra: readonly Paragraph[] = [],
): OutgoingMail {
  const rendered = renderMailText(template, values);
  const paragraphs = [...rendered.paragraphs];
  if (extra.length > 0) {
    const at = paragraphs.findIndex((p) => p.parts?.some((part) => "link" in part) === true);
    paragraphs.splice(at === -1 ? paragraphs.length : at, 0, ...extra);
  }
  return composeMail(to, language, oneLine(rendered.subject), paragraphs, branding, {
    greeting: false,
  });
}

function brandLinks(
  branding: MailBranding,
  t: (key: ServerKey) => string,
): { label: string; url: string }[] {
  return [
    ...(branding.websiteUrl ? [{ label: t("mail:common.website"), url: branding.websiteUrl }] : []),
    ...(branding.privacyUrl ? [{ label: t("mail:common.privacy"), url: branding.privacyUrl }] : []),
  ];
}

/** The team's logo (its name as the image's text) or, without a logo, its name. */
function brandHeader(branding: MailBranding): string {
  const name = escapeHtml(branding.name);
  const bar = branding.readableColor ?? DEFAULT_LINK_COLOR;
  const content =
    branding.logoUrl === null
      ? `<strong style="font-size:18px">${name}</strong>`
      : `<img src="${escapeHtml(branding.logoUrl)}" alt="${name}" style="max-height:48px;max-width:240px">`;
  return `<div style="border-bottom:3px solid ${bar};padding:8px 0;margin-bottom:16px">${content}</div>\n`;
}

function brandFooter(
  branding: MailBranding,
  links: readonly { label: string; url: string }[],
  sentWith: string | null,
  linkColor: string,
): string {
  const lines = [
    ...(branding.footer ? [escapeHtml(branding.footer)] : []),
    ...(links.length > 0
      ? [
          links
            .map(
              (link) =>
                `<a href="${escapeHtml(link.url)}" style="color:${linkColor}">${escapeHtml(link.label)}</a>`,
            )
            .join(" · "),
        ]
      : []),
    ...(sentWith === null ? [] : [escapeHtml(sentWith)]),
  ];
  return lines.length === 0
    ? ""
    : `<p style="font-size:12px;color:#4b5563">${lines.join("<br>")}</p>\n`;
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
  /** The team's branding; absent: Paraphe's look. */
  branding?: MailBranding;
  /** The recipient's name, for `{{signerName}}` (their email when absent). */
  recipientName?: string;
  /** The team's text of the invitation in this language (signers only); null: Paraphe's. */
  text?: MailTextTemplate | null;
}): OutgoingMail {
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
function recipientValues(input: {
  to: string;
  language: Language;
  sender: { name: string; email: string };
  title: string;
  expiresAt: Date | null;
  link: string;
  recipientName?: string;
}): MailTextValues {
  return {
    signerName: input.recipientName || input.to,
    senderName: input.sender.name,
    senderEmail: input.sender.email,
    envelopeTitle: input.title,
    link: input.link,
    expiry: input.expiresAt === null ? null : longDate(input.language, input.expiresAt),
  };
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
  /** The team's branding; absent: Paraphe's look. */
  branding?: MailBranding;
  /** The recipient's name, for `{{signerName}}` (their email when absent). */
  recipientName?: string;
  /** The team's text of the reminder in this language (signers only); null: Paraphe's. */
  text?: MailTextTemplate | null;
}): OutgoingMail {
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

/** A subject must be one line of at most 998 characters. */
export function oneLine(value: string): string {
  return value.replace(/[\r\n]+/g, " ").slice(0, 900);
}
