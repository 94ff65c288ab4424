import { useTranslation } from "@paraphe/i18n/react";

/**
 * The page while `/envelope/open` runs: the shape of the title, the pages and the action bar.
 *
 * Part of the first paint: the ui-kit's `Skeleton` blocks with their classes already merged (its
 * `cn` would bring tailwind-merge into the initial chunk); `app/first-paint-markup.test.tsx` checks that
 * the markup stays the same as the ui-kit's.
 */
export function SigningSkeleton() {
  const { t } = useTranslation("sign");
  return (
    <div role="status" aria-busy="true" className="flex flex-col gap-6">
      <span className="sr-only">{t("loadingDocument")}</span>
      <div className="flex flex-col gap-2">
        <div
          aria-hidden="true"
          className="animate-pulse rounded-control bg-border/70 motion-reduce:animate-none h-7 w-3/4"
        />
        <div
          aria-hidden="true"
          className="animate-pulse rounded-control bg-border/70 motion-reduce:animate-none h-4 w-1/2"
        />
      </div>
      <div
        aria-hidden="true"
        className="animate-pulse bg-border/70 motion-reduce:animate-none aspect-[1/1.414] w-full rounded-card"
      />
      <div
        aria-hidden="true"
        className="animate-pulse bg-border/70 motion-reduce:animate-none aspect-[1/1.414] w-full rounded-card"
      />
    </div>
  );
}
