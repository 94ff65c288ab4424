import { useTranslation } from "@paraphe/i18n/react";
import { type ReactNode, type RefObject } from "react";

export interface PageFrameProps {
  documentUuid: string;
  /** 0-based. */
  page: number;
  /** Page size in PDF points: sets the box's aspect ratio before the image arrives. */
  width: number;
  height: number;
  /** The accessible name of the page ("contract.pdf, page 2 of 5"). */
  label: string;
  loaded: boolean;
  frameRef?: RefObject<HTMLDivElement | null>;
  children: ReactNode;
}

/**
 * A page's box, of the page's proportions, as the first page's view and the workspace both draw it
 * (the workspace's takes over the first view's without anything moving).
 */
export function PageFrame({
  documentUuid,
  page,
  width,
  height,
  label,
  loaded,
  frameRef,
  children,
}: PageFrameProps) {
  return (
    <div
      ref={frameRef}
      role="group"
      aria-label={label}
      data-page={page}
      data-page-key={`${documentUuid}:${page}`}
      data-loaded={loaded || undefined}
      className="@container relative w-full overflow-hidden rounded-[4px] bg-white shadow-card ring-1 ring-border"
      style={{ aspectRatio: `${width} / ${height}` }}
    >
      {children}
    </div>
  );
}

/** A page preview image (the open call's first page, or a page call's answer). */
export function PageImage({
  preview,
  onLoad,
}: {
  preview: { contentType: string; data: string };
  /** The image is decoded and drawn (or could not be). */
  onLoad?: () => void;
}) {
  return (
    <img
      onLoad={onLoad}
      onError={onLoad}
      src={`data:${preview.contentType};base64,${preview.data}`}
      alt=""
      draggable={false}
      className="absolute inset-0 size-full object-contain select-none"
    />
  );
}

/** The page's place while its preview comes. */
export function PagePlaceholder({ page }: { page: number }) {
  const { t } = useTranslation("sign");
  return (
    <>
      {/* The ui-kit's Skeleton with its classes merged (its `cn` would bring tailwind-merge into
          the first page's chunk). */}
      <div
        aria-hidden="true"
        className="animate-pulse bg-border/70 motion-reduce:animate-none absolute inset-3 rounded-[2px]"
      />
      <span className="sr-only">{t("reader.loadingPage", { page: page + 1 })}</span>
    </>
  );
}
