import { useTranslation } from "@paraphe/i18n/react";
import { Button } from "@paraphe/ui-kit";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useApi, type AccessLink } from "../../../lib/api";
import { pagePreviewQueryOptions } from "../api/signing-queries";
import {
  PREVIEW_BUSY_RETRIES,
  previewFailed,
  previewIsBusy,
  previewRetryDelay,
} from "../lib/access-error";
import { type FieldValues } from "../lib/field-values";
import { useNearViewport } from "../lib/use-near-viewport";
import { CompletedFieldOverlay } from "./completed-field-overlay";
import { type ReaderPage } from "./document-reader";
import { FieldOverlay } from "./field-overlay";
import { PageFrame, PageImage, PagePlaceholder } from "./page-frame";

/** A page of the reader (its size sets the box's aspect ratio before the image arrives). */
export interface DocumentPageProps extends ReaderPage {
  link: AccessLink;
  values: FieldValues;
  missing: Set<string>;
  onChange: (fieldUuid: string, value: string) => void;
  /** The preview is shown (the page may be on screen: reading is measured from then on). */
  onShown: () => void;
  /** A tap on a signature or initials zone of the page. */
  onSignatureZone: () => void;
  /** A field tapped before its input's code was there: opened as it comes. */
  openField?: string | null;
}

/**
 * A page of a document: an empty box of the page's proportions until it comes near the viewport,
 * then its preview image (fetching it records the page as served on the server, which draws a page
 * not rendered yet at once; it is read once enough of it was on screen, see `watchPageReading`)
 * with the recipient's fields drawn over it. While the document workers are busy the page is asked
 * again with a growing wait; a page that cannot be drawn says so.
 */
export function DocumentPage(props: DocumentPageProps) {
  const { link, documentUuid, page, width, height, label, fields, onShown } = props;
  const { t } = useTranslation("sign");
  const api = useApi();
  const ref = useRef<HTMLDivElement>(null);
  const near = useNearViewport(ref);
  const defaultRetry = useQueryClient().getDefaultOptions().queries?.retry;
  const preview = useQuery({
    ...pagePreviewQueryOptions(api, link, documentUuid, page),
    enabled: near,
    retry: (count, error) => {
      if (previewIsBusy(error)) return count < PREVIEW_BUSY_RETRIES;
      if (typeof defaultRetry === "function") return defaultRetry(count, error);
      return typeof defaultRetry === "number" ? count < defaultRetry : defaultRetry === true;
    },
    retryDelay: (attempt, error) => (previewIsBusy(error) ? previewRetryDelay(attempt) : 1_000),
  });
  const loaded = preview.isSuccess;
  useEffect(() => {
    if (loaded) onShown();
  }, [loaded, onShown]);

  return (
    <PageFrame
      frameRef={ref}
      documentUuid={documentUuid}
      page={page}
      width={width}
      height={height}
      label={label}
      loaded={loaded}
    >
      {preview.data ? (
        <PageImage preview={preview.data} />
      ) : preview.isError ? (
        <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 p-4 text-center">
          <p className="text-sm text-ink-muted">
            {previewFailed(preview.error) ? t("reader.pageCannotShow") : t("reader.pageFailed")}
          </p>
          {previewFailed(preview.error) ? null : (
            <Button variant="secondary" size="sm" onClick={() => void preview.refetch()}>
              {t("reader.retryPage")}
            </Button>
          )}
        </div>
      ) : (
        <PagePlaceholder page={page} />
      )}
      {loaded
        ? props.completedFields.map((field) => (
            <CompletedFieldOverlay key={field.uuid} field={field} />
          ))
        : null}
      {loaded
        ? fields.map((field) => (
            <FieldOverlay
              key={field.uuid}
              field={field}
              values={props.values}
              onChange={props.onChange}
              missing={props.missing.has(field.uuid)}
              onSignatureZone={props.onSignatureZone}
              openAtStart={props.openField === field.uuid}
            />
          ))
        : null}
    </PageFrame>
  );
}
