import { useDocumentTitle, useTranslation } from "@paraphe/i18n/react";
import { useEffect, useMemo } from "react";
import { embedding } from "../../../domain/embed";
import { type OpenedEnvelope, type SignerField } from "../../../lib/api";
import { initialFieldValues, missingRequiredFields } from "../lib/field-values";
import { type SigningIntent } from "../lib/signing-intent";
import { ActionBar } from "./action-bar";
import { CompletedFieldOverlay } from "./completed-field-overlay";
import { DocumentReader, type ReaderPage } from "./document-reader";
import { EnvelopeHeader } from "./envelope-header";
import { fieldBoxStyle, fieldFrame, fieldName, RequiredDot } from "./field-box";
import { PageFrame, PageImage, PagePlaceholder } from "./page-frame";
import { TOUCH_AREA } from "./touch-area";

export interface FirstPageViewProps {
  opened: OpenedEnvelope;
  /** A tap on the bar, the header's delegation or a field: done once the workspace is there. */
  onIntent: (intent: SigningIntent) => void;
  /** The first page's image is on screen (or there is none to wait for): the workspace may come. */
  onFirstPageShown: () => void;
}

/**
 * The signing page as the open call's answer draws it, before the workspace's code (TanStack Query,
 * the dialogs, the fields' inputs) is there: the header, the pages with the first page's image and
 * the others' placeholders, the fields as their outlines, and the action bar with the reading
 * progress, in the places the workspace draws them, so that nothing moves when it takes over.
 */
export function FirstPageView({ opened, onIntent, onFirstPageShown }: FirstPageViewProps) {
  const { envelope, recipient, documents, fields, firstPage } = opened;
  const approver = recipient.kind === "approver";
  const viewer = recipient.kind === "viewer";
  const canDelegate = recipient.kind === "signer" && envelope.allowDelegation === true;
  useDocumentTitle(envelope.title);
  // The image's load says the page is on screen; an idle moment after this view is drawn does too
  // where no load event comes (its data is in the open call's answer: no download to wait for).
  useEffect(() => {
    if (typeof requestIdleCallback === "function") {
      const idle = requestIdleCallback(onFirstPageShown, { timeout: 1_000 });
      return () => cancelIdleCallback(idle);
    }
    const timer = setTimeout(onFirstPageShown, 200);
    return () => clearTimeout(timer);
  }, [onFirstPageShown]);
  const values = useMemo(() => initialFieldValues(opened), [opened]);
  const pageCount = documents.reduce((sum, document) => sum + document.pageCount, 0);
  const readCount = documents.reduce(
    (sum, document) =>
      sum +
      new Set((opened.viewedPages[document.uuid] ?? []).filter((page) => page < document.pageCount))
        .size,
    0,
  );
  const renderPage = (page: ReaderPage) => {
    const image =
      firstPage && firstPage.documentUuid === page.documentUuid && page.page === 0
        ? firstPage
        : null;
    return (
      <PageFrame {...page} loaded={image !== null}>
        {image ? (
          <PageImage preview={image} onLoad={onFirstPageShown} />
        ) : (
          <PagePlaceholder page={page.page} />
        )}
        {image
          ? page.completedFields.map((field) => (
              <CompletedFieldOverlay key={field.uuid} field={field} />
            ))
          : null}
        {image
          ? page.fields.map((field) => (
              <FieldOutline
                key={field.uuid}
                field={field}
                onTap={() => onIntent({ kind: "field", fieldUuid: field.uuid })}
              />
            ))
          : null}
      </PageFrame>
    );
  };
  return (
    // Marked for tests, which wait for the workspace to take over.
    <div className="flex flex-col gap-6" data-first-view="">
      <EnvelopeHeader
        envelope={envelope}
        kind={recipient.kind}
        onDelegate={canDelegate ? () => onIntent({ kind: "delegate" }) : undefined}
      />
      <DocumentReader opened={opened} values={values} renderPage={renderPage} />
      <ActionBar
        readCount={readCount}
        pageCount={pageCount}
        missingCount={approver || viewer ? 0 : missingRequiredFields(fields, values).length}
        mode={approver ? "approve" : viewer ? "view" : "sign"}
        onSign={() => onIntent({ kind: "sign" })}
        onDecline={
          approver || embedding().options.allowDecline
            ? () => onIntent({ kind: "decline" })
            : undefined
        }
        onPrefetchSign={() => undefined}
      />
    </div>
  );
}

/** Fields the signer taps (the others are drawn with their value by the workspace). */
const TAPPED = new Set<SignerField["kind"]>([
  "text",
  "date",
  "number",
  "phone",
  "radio",
  "dropdown",
  "checkbox",
  "signature",
  "initials",
  "attachment",
]);

/**
 * A field's box until its input's code comes (`FieldOverlay` draws it then, in the same place): a
 * tap is kept and the field opens once the code is there.
 */
function FieldOutline({ field, onTap }: { field: SignerField; onTap: () => void }) {
  const { t } = useTranslation("sign");
  const style = fieldBoxStyle(field);
  const frame = fieldFrame(false);
  if (!TAPPED.has(field.kind)) {
    return <div className={`${frame} border-dashed`} style={style} data-field-kind={field.kind} />;
  }
  return (
    <button
      type="button"
      className={`${frame} ${TOUCH_AREA} cursor-pointer`}
      style={style}
      data-field-kind={field.kind}
      data-field-outline=""
      aria-label={fieldName(field, t)}
      onClick={onTap}
    >
      {field.required ? <RequiredDot /> : null}
    </button>
  );
}
