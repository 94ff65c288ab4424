import { serverT, type ServerKey } from "@paraphe/i18n";
import type { SignerBranding } from "@paraphe/api-sdk/contract";
import type { Language } from "../db/database";
import {
  renderMailText,
  type MailTextTemplate,
  type MailTextValues,
  type Paragraph,
} from "../mail-texts/render-mail-text";
import type { OutgoingMail } from "./outbox";

/**
 * The layout every mail of the product shares: greeting, paragraphs, signature, notice and the
 * team's branding, as plain text and HTML; the helpers for subjects and dates mails show.
 */

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
export function teamTextMail(
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

/** A date as mails show it: long style, in the mail's language, UTC. */
export function longDate(language: Language, date: Date): string {
  return new Intl.DateTimeFormat(language, { dateStyle: "long", timeZone: "UTC" }).format(date);
}

/** A subject must be one line of at most 998 characters. */
export function oneLine(value: string): string {
  return value.replace(/[\r\n]+/g, " ").slice(0, 900);
}
