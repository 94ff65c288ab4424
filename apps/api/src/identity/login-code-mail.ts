import { serverT } from "@paraphe/i18n";
import type { OutgoingMail } from "../mail/outbox";

function escapeHtml(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;");
}

/** The login-code mail in `language`: subject, plain text and a simple HTML part. */
export function loginCodeMail(
  to: string,
  code: string,
  language: "en" | "fr",
  expiresInMinutes: number,
): OutgoingMail {
  const t = (key: Parameters<typeof serverT>[1], options?: Record<string, unknown>) =>
    serverT(language, key, options);
  const greeting = t("mail:common.greeting");
  const intro = t("mail:loginCode.intro");
  const expires = t("mail:loginCode.expires", { count: expiresInMinutes });
  const ignore = t("mail:loginCode.ignore");
  const signature = t("mail:common.signature");
  const notice = t("mail:common.automatedNotice");
  const text = [greeting, "", intro, "", code, "", expires, "", ignore, "", signature, "", notice]
    .join("\n")
    .concat("\n");
  const html = `<!doctype html>
<html lang="${language}"><body style="font-family:system-ui,sans-serif;color:#1f2937">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(intro)}</p>
<p style="font-size:28px;font-weight:bold;letter-spacing:6px;font-family:ui-monospace,monospace">${escapeHtml(code)}</p>
<p>${escapeHtml(expires)}</p>
<p>${escapeHtml(ignore)}</p>
<p>${escapeHtml(signature)}</p>
<p style="font-size:12px;color:#6b7280">${escapeHtml(notice)}</p>
</body></html>
`;
  return {
    to,
    // Never the code: subjects stay readable in the outbox, for the delivery log.
    subject: t("mail:loginCode.subject"),
    text,
    html,
    locale: language,
  };
}
