import { type EnvelopeDetail, type FieldKind } from "@paraphe/api-sdk/contract";
import { useTranslation } from "@paraphe/i18n/react";
import { cn } from "@paraphe/ui-kit";
import { useEffect, useId, useRef, useState, type KeyboardEvent, type PointerEvent } from "react";
import { PagePreviewImage, type PreviewSource } from "../page-preview";
import { PreparingPages } from "./preparing-pages";
import { boxForKey, moveBox, pointInRect, resizeBox, type FieldBox } from "../../field-geometry";
import { type FieldDraft } from "./field-draft";
import { FIELD_TINT_ALPHA } from "../../recipient-colors";

/** The page under a screen point, and the point as fractions of that page (palette drops). */
export function pageAtPoint(
  clientX: number,
  clientY: number,
): { documentUuid: string; page: number; point: { x: number; y: number } } | null {
  const element = document.elementFromPoint?.(clientX, clientY);
  const pageElement = element?.closest<HTMLElement>("[data-page-index]");
  if (!pageElement) return null;
  return {
    documentUuid: pageElement.dataset.documentUuid ?? "",
    page: Number(pageElement.dataset.pageIndex),
    point: pointInRect(clientX, clientY, pageElement.getBoundingClientRect()),
  };
}

/** A field whose recipient is gone: grey, its label in a grey that reads on its tint. */
const UNASSIGNED = { color: "#6b7280", ink: "#474c55" };

interface RecipientLook {
  name: string;
  color: string;
  /** The label's colour on the field's tint. */
  ink: string;
}

/**
 * The pages of the envelope's documents with their fields. Editing: a click (or Enter) on a page
 * places the armed tool there, and the new field takes the focus (`focusKey`); fields move by
 * dragging, resize by their corner handle, and with the keyboard (arrows move, shift+arrows resize,
 * Delete removes). Read-only for the preview.
 */
export function DocumentPages({
  envelope,
  fields,
  recipients,
  armedKind,
  selectedKey,
  onSelect,
  onPlace,
  onChange,
  onRemove,
  focusKey = null,
  onFocused,
  readOnly = false,
  source = "envelope",
}: {
  envelope: Pick<EnvelopeDetail, "uuid" | "documents">;
  /** Whose page images: the envelope's, or (a template's uuid in `envelope`) the template's. */
  source?: PreviewSource;
  fields: FieldDraft[];
  recipients: Map<string, RecipientLook>;
  armedKind: FieldKind | null;
  selectedKey: string | null;
  onSelect: (key: string | null) => void;
  onPlace: (documentUuid: string, page: number, point: { x: number; y: number }) => void;
  onChange: (key: string, box: FieldBox) => void;
  onRemove: (key: string) => void;
  /** The field to give the focus to once it is shown (a field just placed); then `onFocused`. */
  focusKey?: string | null;
  onFocused?: () => void;
  readOnly?: boolean;
}) {
  const { t } = useTranslation("web");
  const hintId = useId();
  return (
    <div className="flex flex-col gap-6">
      <p id={hintId} className="sr-only">
        {t("editor.fields.keyboardHint")}
      </p>
      <PreparingPages uuid={envelope.uuid} source={source} documents={envelope.documents} />
      {envelope.documents.map((document) =>
        document.pages.map((size, page) => {
          const pageLabel = t("editor.pages.label", {
            document: document.filename,
            page: page + 1,
            count: document.pageCount,
          });
          const pageFields = fields.filter(
            (field) => field.documentUuid === document.uuid && field.page === page,
          );
          const place = (point: { x: number; y: number }) => {
            if (!readOnly && armedKind) onPlace(document.uuid, page, point);
          };
          return (
            <figure key={`${document.uuid}-${page}`} className="flex flex-col gap-1">
              <figcaption className="text-xs text-ink-muted">{pageLabel}</figcaption>
              <div
                data-page-index={page}
                data-document-uuid={document.uuid}
                data-testid={`page-${document.uuid}-${page}`}
                role={!readOnly && armedKind ? "button" : undefined}
                tabIndex={!readOnly && armedKind ? 0 : undefined}
                aria-label={
                  !readOnly && armedKind
                    ? t("editor.pages.placeHere", { page: pageLabel })
                    : undefined
                }
                onClick={(event) => {
                  if (event.target !== event.currentTarget && !armedKind) return;
                  if (readOnly) return;
                  if (!armedKind) {
                    onSelect(null);
                    return;
                  }
                  place(
                    pointInRect(
                      event.clientX,
                      event.clientY,
                      event.currentTarget.getBoundingClientRect(),
                    ),
                  );
                }}
                onKeyDown={(event) => {
                  if (event.target !== event.currentTarget) return;
                  if (event.key === "Enter" || event.key === " ") {
                    event.preventDefault();
                    place({ x: 0.5, y: 0.5 });
                  }
                }}
                className={cn(
                  "relative w-full overflow-hidden rounded-sm border border-border bg-white shadow-sm select-none",
                  !readOnly && armedKind && "cursor-crosshair",
                )}
                style={{ aspectRatio: `${size.width} / ${size.height}` }}
              >
                <PagePreviewImage
                  source={source}
                  envelopeUuid={envelope.uuid}
                  documentUuid={document.uuid}
                  page={page}
                  alt={pageLabel}
                  className="pointer-events-none absolute inset-0 bg-white"
                />
                {pageFields.map((field) => (
                  <FieldBoxView
                    key={field.key}
                    field={field}
                    look={recipients.get(field.recipientUuid)}
                    selected={field.key === selectedKey}
                    readOnly={readOnly}
                    pageNumber={page + 1}
                    hintId={hintId}
                    takeFocus={field.key === focusKey}
                    onFocused={onFocused}
                    onSelect={() => onSelect(field.key)}
                    onChange={(box) => onChange(field.key, box)}
                    onRemove={() => onRemove(field.key)}
                  />
                ))}
              </div>
            </figure>
          );
        }),
      )}
    </div>
  );
}

type Gesture = {
  mode: "move" | "resize";
  pointerId: number;
  startX: number;
  startY: number;
  start: FieldBox;
  pageWidth: number;
  pageHeight: number;
  moved: boolean;
};

function FieldBoxView({
  field,
  look,
  selected,
  readOnly,
  pageNumber,
  hintId,
  takeFocus,
  onFocused,
  onSelect,
  onChange,
  onRemove,
}: {
  field: FieldDraft;
  look: RecipientLook | undefined;
  selected: boolean;
  readOnly: boolean;
  pageNumber: number;
  hintId: string;
  takeFocus: boolean;
  onFocused: (() => void) | undefined;
  onSelect: () => void;
  onChange: (box: FieldBox) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation("web");
  const gesture = useRef<Gesture | null>(null);
  const element = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!takeFocus || readOnly) return;
    element.current?.focus();
    onFocused?.();
  }, [takeFocus, readOnly, onFocused]);
  const [live, setLive] = useState<FieldBox | null>(null);
  const box = live ?? field;
  const color = look?.color ?? UNASSIGNED.color;
  const ink = look?.ink ?? UNASSIGNED.ink;
  const kindLabel = t(`editor.fields.kinds.${field.kind}`);
  const label = t("editor.fields.fieldLabel", {
    kind: kindLabel,
    name: look?.name ?? t("editor.fields.unassigned"),
    page: pageNumber,
  });

  const begin = (mode: Gesture["mode"]) => (event: PointerEvent<HTMLElement>) => {
    if (readOnly || event.button !== 0) return;
    event.stopPropagation();
    event.preventDefault();
    onSelect();
    const page = (
      event.currentTarget.closest("[data-page-index]") as HTMLElement | null
    )?.getBoundingClientRect();
    if (!page || page.width <= 0 || page.height <= 0) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    gesture.current = {
      mode,
      pointerId: event.pointerId,
      startX: event.clientX,
      startY: event.clientY,
      start: { x: field.x, y: field.y, width: field.width, height: field.height },
      pageWidth: page.width,
      pageHeight: page.height,
      moved: false,
    };
  };

  /** The box under the pointer now (from the gesture's start, so no move is lost). */
  const boxAtPointer = (current: Gesture, event: PointerEvent<HTMLElement>): FieldBox => {
    const dx = (event.clientX - current.startX) / current.pageWidth;
    const dy = (event.clientY - current.startY) / current.pageHeight;
    return current.mode === "move"
      ? moveBox(current.start, dx, dy)
      : resizeBox(current.start, dx, dy);
  };

  const track = (event: PointerEvent<HTMLElement>) => {
    const current = gesture.current;
    if (!current || current.pointerId !== event.pointerId) return;
    current.moved = true;
    setLive(boxAtPointer(current, event));
  };

  const end = (event: PointerEvent<HTMLElement>) => {
    const current = gesture.current;
    if (!current || current.pointerId !== event.pointerId) return;
    gesture.current = null;
    setLive(null);
    // Computed from the release point: the last rendered live box may lag behind the pointer.
    if (current.moved && event.type === "pointerup") onChange(boxAtPointer(current, event));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (readOnly) return;
    if (event.key === "Delete" || event.key === "Backspace") {
      event.preventDefault();
      onRemove();
      return;
    }
    const next = boxForKey(field, event.key, event.shiftKey);
    if (next) {
      event.preventDefault();
      onChange(next);
    }
  };

  return (
    <div
      ref={element}
      role={readOnly ? "img" : "button"}
      tabIndex={readOnly ? undefined : 0}
      aria-label={label}
      aria-pressed={readOnly ? undefined : selected}
      aria-describedby={readOnly ? undefined : hintId}
      data-field-kind={field.kind}
      onPointerDown={begin("move")}
      onPointerMove={track}
      onPointerUp={end}
      onPointerCancel={end}
      onClick={(event) => event.stopPropagation()}
      onFocus={readOnly ? undefined : onSelect}
      onKeyDown={onKeyDown}
      className={cn(
        "absolute flex touch-none items-center justify-center overflow-hidden rounded-sm border-2 text-[10px] leading-tight font-medium sm:text-xs",
        !readOnly &&
          "cursor-move focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600",
        selected && !readOnly && "shadow-lg",
      )}
      style={{
        left: `${box.x * 100}%`,
        top: `${box.y * 100}%`,
        width: `${box.width * 100}%`,
        height: `${box.height * 100}%`,
        borderColor: color,
        backgroundColor: `${color}${FIELD_TINT_ALPHA}`,
        color: ink,
      }}
    >
      <span className="truncate px-0.5">
        {kindLabel}
        {field.required ? " *" : ""}
      </span>
      {!readOnly && selected ? (
        <span
          aria-hidden="true"
          data-testid="resize-handle"
          onPointerDown={begin("resize")}
          onPointerMove={track}
          onPointerUp={end}
          onPointerCancel={end}
          className="absolute right-0 bottom-0 size-3 translate-x-1/3 translate-y-1/3 cursor-nwse-resize rounded-full border-2 border-white"
          style={{ backgroundColor: color }}
        />
      ) : null}
    </div>
  );
}
