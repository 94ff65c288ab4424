import { useTranslation } from "@paraphe/i18n/react";
import { type ReactNode } from "react";
import { brandColorVariables, useBranding, type SignerBranding } from "../lib/branding";
import { config } from "../lib/config";
import { LanguageSelect } from "./language-select";

/** The product name: a proper noun, the same in every language. */
const PRODUCT_NAME = "Paraphe";

/**
 * The signing app's layout: branding, subtitle and language choice in the header; a discreet link to
 * the team app in the footer (the header stays uncluttered on phones).
 *
 * It is part of the first paint, so it is written out here with plain class strings: the ui-kit's
 * `PublicLayout` and `Logo` join their classes with `cn`, which would bring tailwind-merge into the
 * initial chunk. Its markup is the same as theirs (`app/first-paint-markup.test.tsx` compares them).
 */
export function SignPublicLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation("sign");
  const branding = useBranding();
  return (
    <div
      className="flex min-h-dvh flex-col bg-surface-muted text-ink"
      style={brandColorVariables(branding)}
    >
      <header className="border-b border-border bg-surface">
        <div className="mx-auto flex w-full max-w-6xl flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3 sm:px-6">
          <div className="flex min-w-0 flex-1 flex-col gap-0.5 sm:flex-row sm:items-center sm:gap-4">
            <div className="shrink-0">
              {branding === null ? <SignLogo /> : <TeamLogo branding={branding} />}
            </div>
            <p className="text-sm text-ink-muted sm:truncate sm:border-l sm:border-border sm:pl-4">
              {t("subtitle")}
            </p>
          </div>
          <div className="flex shrink-0 items-center gap-2">
            <LanguageSelect />
          </div>
        </div>
      </header>
      <main className="flex flex-1 justify-center px-4 py-8 sm:px-6 sm:py-12">
        <div className="w-full max-w-3xl">{children}</div>
      </main>
      <footer className="border-t border-border bg-surface">
        {branding === null ? (
          <div className="mx-auto w-full max-w-6xl px-4 py-4 text-sm text-ink-muted sm:px-6">
            <a
              href={config.webUrl}
              className="rounded-control text-sm text-ink-muted underline-offset-4 hover:text-ink hover:underline"
            >
              {t("signInToParaphe")}
            </a>
          </div>
        ) : (
          <TeamFooter branding={branding} />
        )}
      </footer>
    </div>
  );
}

/** The ui-kit's `Logo` (mark and wordmark, 32 px), in plain class strings. */
export function SignLogo() {
  return (
    <span className="inline-flex items-center gap-2">
      <svg
        viewBox="0 0 32 32"
        width={32}
        height={32}
        aria-hidden="true"
        focusable="false"
        className="shrink-0"
      >
        <rect width="32" height="32" rx="8" className="fill-brand-500" />
        <path
          d="M9 22.5c2.6-5.4 4.6-12 7.6-12 2.2 0 1.3 4.6-1.7 6.2-1.6.9-2.4.2-1.8-.7M7.5 24.5c5.5-1.9 11.2-2.6 17-2.2"
          fill="none"
          stroke="white"
          strokeWidth="2.2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <circle cx="23.5" cy="12" r="2.3" className="fill-accent-500" />
      </svg>
      <span className="text-lg leading-none font-semibold tracking-tight text-ink">
        {PRODUCT_NAME}
      </span>
    </span>
  );
}

/** The team's logo (decorative: its name follows) and name, in the header's place of Paraphe's. */
function TeamLogo({ branding }: { branding: SignerBranding }) {
  return (
    <span className="inline-flex items-center gap-2" data-testid="team-brand">
      {branding.logoUrl === null ? null : (
        <img src={branding.logoUrl} alt="" className="h-8 w-auto max-w-40 object-contain" />
      )}
      <span className="text-lg leading-none font-semibold tracking-tight text-ink">
        {branding.name}
      </span>
    </span>
  );
}

const FOOTER_LINK =
  "rounded-control text-sm text-ink-muted underline underline-offset-4 hover:text-ink";

/** The team's footer line and links, and "Sent with Paraphe" unless the team turned it off. */
function TeamFooter({ branding }: { branding: SignerBranding }) {
  const { t } = useTranslation("sign");
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-2 px-4 py-4 text-sm text-ink-muted sm:flex-row sm:flex-wrap sm:items-center sm:gap-x-4 sm:px-6">
      {branding.footer === null ? null : <p className="break-words">{branding.footer}</p>}
      {branding.websiteUrl === null ? null : (
        <a
          href={branding.websiteUrl}
          target="_blank"
          rel="noopener noreferrer"
          className={FOOTER_LINK}
        >
          {t("branding.website")}
        </a>
      )}
      {branding.privacyUrl === null ? null : (
        <a
          href={branding.privacyUrl}
          target="_blank"
          rel="noopener noreferrer"
          className={FOOTER_LINK}
        >
          {t("branding.privacy")}
        </a>
      )}
      {branding.showPoweredBy ? (
        <a href={config.webUrl} className={FOOTER_LINK}>
          {t("branding.sentWith")}
        </a>
      ) : null}
    </div>
  );
}
