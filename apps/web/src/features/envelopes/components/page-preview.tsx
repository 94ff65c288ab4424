import { Skeleton, cn } from "@paraphe/ui-kit";
import { queryOptions, useQuery } from "@tanstack/react-query";
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

/** A page image loaded when it comes near the screen; a skeleton until then. */
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
  const { ref, near } = useNearViewport<HTMLDivElement>();
  const preview = useQuery({
    ...pagePreviewQueryOptions(api, envelopeUuid, documentUuid, page, source),
    enabled: near,
  });
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
      ) : preview.isError ? null : (
        <Skeleton className="size-full" />
      )}
    </div>
  );
}
