import { isApiError } from "@paraphe/api-sdk";
import { useTranslation } from "@paraphe/i18n/react";
import { Skeleton, cn } from "@paraphe/ui-kit";
import { ImageOff } from "lucide-react";
import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useApi } from "../../../lib/api/api-context";
import { type WebApi } from "../../../lib/api/create-web-api";
import { imageDataUrl } from "../../../lib/download";
import { envelopeKeys, templateKeys } from "../api/keys";

/** Whose pages: an envelope's (/envelope/page-preview) or a template's (/template/page-preview). */
export type PreviewSource = "envelope" | "template";

/** POST /envelope/page-preview: a page rendered once by the server; it never changes. */
export function pagePreviewQueryOptions(
  api: WebApi,
  envelopeUuid: string,
  documentUuid: string,
  page: number,
  source: PreviewSource = "envelope",
) {
  return queryOptions({
    queryKey:
      source === "template"
        ? templateKeys.pagePreview(envelopeUuid, documentUuid, page)
        : envelopeKeys.pagePreview(envelopeUuid, documentUuid, page),
    queryFn: ({ signal }) =>
      source === "template"
        ? api.template.pagePreview({ templateUuid: envelopeUuid, documentUuid, page }, { signal })
        : api.envelope.pagePreview({ envelopeUuid, documentUuid, page }, { signal }),
    select: imageDataUrl,
    staleTime: Infinity,
    gcTime: 10 * 60_000,
  });
}

/**
 * The document workers are busy (503 SERVICE_BUSY) or the account has its share of them (429
 * RATE_LIMITED): a page not rendered yet is being drawn for others; asking again later gets it.
 */
export function previewIsBusy(error: unknown): boolean {
  return isApiError(error) && (error.code === "SERVICE_BUSY" || error.code === "RATE_LIMITED");
}

/** A page the api cannot draw (CONFLICT `preview_failed`): asking again does not help. */
export function previewFailed(error: unknown): boolean {
  return (
    isApiError(error) &&
    (error.details ?? []).some(
      (detail) => detail.path === "conflict" && detail.message === "preview_failed",
    )
  );
}

/** Tries a busy page again, up to 8 times, 1 s then doubling up to 8 s apart. */
export const PREVIEW_BUSY_RETRIES = 8;
export function previewRetryDelay(attempt: number): number {
  return Math.min(8_000, 1_000 * 2 ** attempt);
}

/** True once the element has come near the viewport (at once where IntersectionObserver is missing). */
export function useNearViewport<T extends Element>(margin = "400px") {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === "undefined");
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, margin]);
  return { ref, near };
}

/**
 * A page image loaded when it comes near the screen (the api draws a page asked for before the
 * queue's turn at once); a skeleton of the page's size until then, tried again while the document
 * workers are busy, and a placeholder that says so when the page cannot be shown (and why, when
 * the api cannot draw it).
 */
export function PagePreviewImage({
  envelopeUuid,
  documentUuid,
  page,
  alt,
  className,
  aspectRatio,
  source = "envelope",
}: {
  /** The envelope's uuid, or the template's with `source` "template". */
  envelopeUuid: string;
  documentUuid: string;
  page: number;
  alt: string;
  className?: string;
  /** width / height of the page, to keep the layout steady while loading. */
  aspectRatio?: number;
  source?: PreviewSource;
}) {
  const api = useApi();
  const { t } = useTranslation("web");
  const queryClient = useQueryClient();
  const { ref, near } = useNearViewport<HTMLDivElement>();
  const defaultRetry = queryClient.getDefaultOptions().queries?.retry;
  const preview = useQuery({
    ...pagePreviewQueryOptions(api, envelopeUuid, documentUuid, page, source),
    enabled: near,
    retry: (count, error) => {
      if (previewFailed(error)) return false;
      if (previewIsBusy(error)) return count < PREVIEW_BUSY_RETRIES;
      if (typeof defaultRetry === "function") return defaultRetry(count, error);
      return typeof defaultRetry === "number" ? count < defaultRetry : defaultRetry === true;
    },
    retryDelay: (attempt, error) => (previewIsBusy(error) ? previewRetryDelay(attempt) : 1_000),
  });
  // A page the api cannot draw says why (no signer could read it); another failure, that it
  // cannot be shown here.
  const failedKey = previewFailed(preview.error)
    ? "editor.pages.cannotBeDrawn"
    : "editor.pages.previewFailed";
  return (
    <div
      ref={ref}
      className={cn("relative overflow-hidden bg-surface-muted", className)}
      style={aspectRatio ? { aspectRatio: String(aspectRatio) } : undefined}
    >
      {preview.data ? (
        <img
          src={preview.data}
          alt={alt}
          className="size-full object-contain select-none"
          draggable={false}
        />
      ) : preview.isError ? (
        <div
          role="img"
          aria-label={`${alt}: ${t(failedKey)}`}
          className="flex size-full flex-col items-center justify-center gap-2 p-4 text-center text-sm text-ink-muted"
          data-testid="page-preview-failed"
        >
          <ImageOff aria-hidden="true" className="size-6" />
          <span aria-hidden="true">{t(failedKey)}</span>
        </div>
      ) : (
        <Skeleton className="size-full" />
      )}
    </div>
  );
}
