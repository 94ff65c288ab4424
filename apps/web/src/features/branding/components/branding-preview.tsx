import { brandColorReport } from "@paraphe/api-sdk/contract";
import { useTranslation } from "@paraphe/i18n/react";
import type { CSSProperties } from "react";

export interface PreviewValues {
  name: string;
  color: string | null;
  footer: string;
  websiteUrl: string;
  privacyUrl: string;
  showPoweredBy: boolean;
  logoUrl: string | null;
}

/** Paraphe's own button colour, when the team has none. */
const DEFAULT_COLOR = "#4338f0";

/**
 * A signer's view of an invitation with the values being edited: the logo or name on top, the
 * button in the readable variant of the colour, the footer line, links and "Sent with Paraphe".
 * Colours are set through the style object (CSSOM), which the content security policy allows.
 */
export function BrandingPreview({ values }: { values: PreviewValues }) {
  const { t } = useTranslation("web");
  const readable =
    values.color === null ? DEFAULT_COLOR : brandColorReport(values.color).readableColor;
  const button: CSSProperties = { backgroundColor: readable };
  const bar: CSSProperties = { borderBottomColor: readable };
  const link: CSSProperties = { color: readable };
  return (
    <div
      className="flex flex-col gap-3 rounded-card border border-border bg-white p-4 text-sm text-ink"
      data-testid="branding-preview"
    >
      <div className="flex items-center gap-2 border-b-4 pb-2" style={bar}>
        {values.logoUrl === null ? null : (
          <img src={values.logoUrl} alt="" className="h-8 w-auto max-w-40 object-contain" />
        )}
        <span className="font-semibold break-words">{values.name}</span>
      </div>
      <p>{t("branding.preview.greeting")}</p>
      <p>{t("branding.preview.intro", { name: values.name })}</p>
      <span
        className="inline-flex w-fit items-center rounded-control px-4 py-2 font-medium text-white"
        style={button}
      >
        {t("branding.preview.button")}
      </span>
      <div className="flex flex-col gap-1 border-t border-border pt-2 text-xs text-ink-muted">
        {values.footer.trim() === "" ? null : <p className="break-words">{values.footer}</p>}
        <p className="flex flex-wrap gap-x-3">
          {values.websiteUrl.trim() === "" ? null : (
            <span className="underline" style={link}>
              {t("branding.preview.website")}
            </span>
          )}
          {values.privacyUrl.trim() === "" ? null : (
            <span className="underline" style={link}>
              {t("branding.preview.privacy")}
            </span>
          )}
        </p>
        {values.showPoweredBy ? <p>{t("branding.preview.sentWith")}</p> : null}
      </div>
    </div>
  );
}
