import { createBrowserI18n } from "@paraphe/i18n";
import { I18nProvider, useLanguage, useTranslation } from "@paraphe/i18n/react";
import { Badge, Logo, PublicLayout, Select, Skeleton } from "@paraphe/ui-kit";
import { render } from "@testing-library/react";
import { Languages } from "lucide-react";
import type { ReactNode } from "react";
import { describe, expect, it } from "vitest";
import { EnvelopeHeader } from "../features/signing/components/envelope-header";
import { PagePlaceholder } from "../features/signing/components/page-frame";
import { SigningSkeleton } from "../features/signing/components/signing-skeleton";
import { type OpenedEnvelope } from "../lib/api";
import { config } from "../lib/config";
import { LanguageSelect } from "../layouts/language-select";
import { SignLogo, SignPublicLayout } from "../layouts/public-layout";

/**
 * The first paint's markup with every element's classes in a fixed order (the order of classes in
 * an attribute does not change the look) and React's generated ids blanked.
 */
function normalizedMarkup(node: ReactNode): string {
  const { container, unmount } = render(
    <I18nProvider i18n={createBrowserI18n({ language: "en" })}>{node}</I18nProvider>,
  );
  for (const element of container.querySelectorAll("[class]")) {
    const classes = (element.getAttribute("class") ?? "").split(/\s+/).filter(Boolean).sort();
    element.setAttribute("class", classes.join(" "));
  }
  for (const element of container.querySelectorAll("[id]")) element.setAttribute("id", "id");
  for (const element of container.querySelectorAll("[for]")) element.setAttribute("for", "id");
  const html = container.innerHTML;
  unmount();
  return html;
}

/** The language choice as it was built on the ui-kit's Select. */
function SharedLanguageSelect() {
  const { t } = useTranslation();
  const { language, languages } = useLanguage();
  return (
    <div className="relative inline-flex items-center">
      <label htmlFor="id" className="sr-only">
        {t("language.label")}
      </label>
      <Languages
        aria-hidden="true"
        className="pointer-events-none absolute left-2.5 z-10 size-4 text-ink-muted"
      />
      <Select
        id="id"
        value={language}
        onChange={() => undefined}
        containerClassName="w-auto"
        className="h-8 border-transparent bg-transparent pl-8 font-medium shadow-none hover:bg-brand-50 sm:text-sm"
        options={languages.map((option) => ({
          value: option.code,
          label: option.label,
          lang: option.code,
        }))}
      />
    </div>
  );
}

// The first paint is written without the ui-kit's `cn` (tailwind-merge stays out of the initial
// chunk): it must still look exactly like the ui-kit components it stands for.
describe("the signing app's first paint without tailwind-merge", () => {
  it("renders the same logo as the ui-kit's Logo", () => {
    expect(normalizedMarkup(<SignLogo />)).toBe(normalizedMarkup(<Logo />));
  });

  it("renders the same language choice as the ui-kit's Select with the app's classes", () => {
    expect(normalizedMarkup(<LanguageSelect />)).toBe(normalizedMarkup(<SharedLanguageSelect />));
  });

  it("renders the same frame as the ui-kit's PublicLayout", () => {
    function SharedFrame({ children }: { children: ReactNode }) {
      const { t } = useTranslation("sign");
      return (
        <PublicLayout
          brand={<Logo />}
          subtitle={t("subtitle")}
          actions={<SharedLanguageSelect />}
          footer={
            <a
              href={config.webUrl}
              className="rounded-control text-sm text-ink-muted underline-offset-4 hover:text-ink hover:underline"
            >
              {t("signInToParaphe")}
            </a>
          }
        >
          {children}
        </PublicLayout>
      );
    }
    expect(normalizedMarkup(<SignPublicLayout>content</SignPublicLayout>)).toBe(
      normalizedMarkup(<SharedFrame>content</SharedFrame>),
    );
  });

  it("renders the same skeleton as the ui-kit's Skeleton blocks", () => {
    function SharedSkeleton() {
      const { t } = useTranslation("sign");
      return (
        <div role="status" aria-busy="true" className="flex flex-col gap-6">
          <span className="sr-only">{t("loadingDocument")}</span>
          <div className="flex flex-col gap-2">
            <Skeleton className="h-7 w-3/4" />
            <Skeleton className="h-4 w-1/2" />
          </div>
          <Skeleton className="aspect-[1/1.414] w-full rounded-card" />
          <Skeleton className="aspect-[1/1.414] w-full rounded-card" />
        </div>
      );
    }
    expect(normalizedMarkup(<SigningSkeleton />)).toBe(normalizedMarkup(<SharedSkeleton />));
  });
});

// The first page's view (the signing page's first chunk) is drawn without tailwind-merge too.
describe("the signing page's first view without tailwind-merge", () => {
  it("renders a page's placeholder as the ui-kit's Skeleton", () => {
    function SharedPlaceholder() {
      const { t } = useTranslation("sign");
      return (
        <>
          <Skeleton className="absolute inset-3 rounded-[2px]" />
          <span className="sr-only">{t("reader.loadingPage", { page: 2 })}</span>
        </>
      );
    }
    expect(normalizedMarkup(<PagePlaceholder page={1} />)).toBe(
      normalizedMarkup(<SharedPlaceholder />),
    );
  });

  it("renders the signature level as the ui-kit's Badge", () => {
    const envelope = {
      title: "Lease",
      sender: { name: "Ada", email: "ada@example.com" },
      signatureLevel: "SES",
      expiresAt: null,
      message: null,
    } as unknown as OpenedEnvelope["envelope"];
    const { container, unmount } = render(
      <I18nProvider i18n={createBrowserI18n({ language: "en" })}>
        <EnvelopeHeader envelope={envelope} kind="signer" onDelegate={undefined} />
        <Badge data-shared="">level</Badge>
      </I18nProvider>,
    );
    const classes = (element: Element | null) =>
      (element?.getAttribute("class") ?? "").split(/\s+/).sort().join(" ");
    const shared = container.querySelector("[data-shared]");
    const badge = container.querySelector("header span.rounded-full");
    expect(badge).not.toBeNull();
    expect(classes(badge)).toBe(classes(shared));
    unmount();
  });
});
