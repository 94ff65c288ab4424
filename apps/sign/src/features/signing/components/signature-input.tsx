import { TYPED_NAME_MAX_LENGTH } from "@paraphe/api-sdk/contract";
import { useTranslation } from "@paraphe/i18n/react";
import { Button, cn, Input, Label, RadioGroup } from "@paraphe/ui-kit";
import { Eraser } from "lucide-react";
import { useEffect, useId, useRef, useState, type KeyboardEvent, type Ref } from "react";
import { drawTypedSignature, fontFamily } from "../lib/render-signature";
import {
  HANDWRITING_FONTS,
  type HandwritingFontId,
  type SignatureDraft,
} from "../lib/signature-draft";
import { SignaturePadCanvas, type SignaturePadHandle } from "./signature-pad-canvas";

export interface SignatureInputProps {
  kind: "signature" | "initials";
  draft: SignatureDraft;
  onChange: (draft: SignatureDraft) => void;
  padRef: Ref<SignaturePadHandle>;
}

const MODES = ["draw", "type"] as const;

/** Draw or type a signature (or initials): two tabs, a pad, or a name in three handwriting styles. */
export function SignatureInput({ kind, draft, onChange, padRef }: SignatureInputProps) {
  const { t } = useTranslation("sign");
  const id = useId();
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const clearRef = useRef<SignaturePadHandle | null>(null);
  const isInitials = kind === "initials";
  const preview = draft.typed.trim() || (isInitials ? "AB" : "Signature");
  const previews = useTypedPreviews(draft.mode === "type" ? preview : null);

  function onTabKey(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const delta = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
    if (delta === 0) return;
    event.preventDefault();
    const next = (index + delta + MODES.length) % MODES.length;
    onChange({ ...draft, mode: MODES[next] ?? "draw" });
    tabRefs.current[next]?.focus();
  }

  return (
    <div className="flex flex-col gap-3">
      <div
        role="tablist"
        aria-label={t("signature.tabs")}
        className="grid grid-cols-2 gap-1 rounded-control bg-surface-muted p-1"
      >
        {MODES.map((mode, index) => {
          const selected = draft.mode === mode;
          return (
            <button
              key={mode}
              ref={(element) => {
                tabRefs.current[index] = element;
              }}
              type="button"
              role="tab"
              id={`${id}-tab-${mode}`}
              aria-selected={selected}
              aria-controls={`${id}-panel`}
              tabIndex={selected ? 0 : -1}
              onClick={() => onChange({ ...draft, mode })}
              onKeyDown={(event) => onTabKey(event, index)}
              className={cn(
                "h-9 rounded-[6px] text-sm font-medium text-ink-muted",
                "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500",
                selected && "bg-surface text-ink shadow-card",
              )}
            >
              {t(`signature.${mode}`)}
            </button>
          );
        })}
      </div>

      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${draft.mode}`}>
        {draft.mode === "draw" ? (
          <div className="flex flex-col gap-2">
            <div className="relative">
              <SignaturePadCanvas
                ref={(handle) => {
                  clearRef.current = handle;
                  if (typeof padRef === "function") padRef(handle);
                  else if (padRef) padRef.current = handle;
                }}
                strokes={draft.strokes}
                onStrokesChange={(strokes) => onChange({ ...draft, strokes })}
                label={isInitials ? t("signature.initialsPadLabel") : t("signature.padLabel")}
                describedBy={`${id}-hint`}
                className={cn(
                  "block w-full cursor-crosshair rounded-control border-2 border-dashed border-brand-300 bg-white",
                  isInitials ? "h-28" : "h-44",
                )}
              />
              <span
                aria-hidden="true"
                className="pointer-events-none absolute inset-x-6 bottom-8 border-b border-border"
              />
            </div>
            <div className="flex items-center justify-between gap-2">
              <p id={`${id}-hint`} className="text-xs text-ink-muted">
                {t("signature.padHint")}
              </p>
              <Button
                variant="ghost"
                size="sm"
                disabled={draft.strokes.length === 0}
                onClick={() => clearRef.current?.clear()}
              >
                <Eraser aria-hidden="true" />
                {t("signature.clear")}
              </Button>
            </div>
          </div>
        ) : (
          <div className="flex flex-col gap-3">
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={`${id}-typed`}>
                {isInitials ? t("signature.typedInitials") : t("signature.typedName")}
              </Label>
              <Input
                id={`${id}-typed`}
                value={draft.typed}
                maxLength={isInitials ? 8 : TYPED_NAME_MAX_LENGTH}
                autoComplete={isInitials ? "off" : "name"}
                onChange={(event) => onChange({ ...draft, typed: event.target.value })}
              />
            </div>
            <fieldset className="flex flex-col gap-2">
              <legend id={`${id}-font-legend`} className="mb-1.5 text-sm font-medium">
                {t("signature.font")}
              </legend>
              <RadioGroup
                aria-labelledby={`${id}-font-legend`}
                name={`${id}-font`}
                value={draft.font}
                onValueChange={(value) => {
                  const font = HANDWRITING_FONTS.find((candidate) => candidate.id === value);
                  if (font) onChange({ ...draft, font: font.id });
                }}
                optionClassName={cn(
                  "items-center gap-3 rounded-control border border-border bg-white px-3 py-2",
                  "has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-500",
                  "has-[[data-state=checked]]:border-brand-500 has-[[data-state=checked]]:bg-brand-50",
                )}
                options={HANDWRITING_FONTS.map((font, index) => ({
                  value: font.id,
                  "aria-label": t("signature.fontOption", { index: index + 1 }),
                  label: previews[font.id] ? (
                    // The image that will be signed, whole: what the signer chooses is what the
                    // document gets.
                    <img
                      src={previews[font.id]}
                      alt=""
                      data-typed-preview={font.id}
                      className="block h-12 w-auto max-w-full object-contain object-left"
                    />
                  ) : (
                    <span
                      aria-hidden="true"
                      className="block min-w-0 truncate px-1 py-1 text-3xl leading-normal text-ink"
                      style={{ fontFamily: `"${fontFamily(font.id)}", cursive` }}
                    >
                      {preview}
                    </span>
                  ),
                }))}
              />
            </fieldset>
          </div>
        )}
      </div>
    </div>
  );
}

/**
 * The typed name drawn in each handwriting style as it will be signed (`drawTypedSignature`), as
 * image URLs; the previous drawings stay until the new ones are ready. `null`: none needed.
 */
function useTypedPreviews(text: string | null): Partial<Record<HandwritingFontId, string>> {
  const [previews, setPreviews] = useState<Partial<Record<HandwritingFontId, string>>>({});
  useEffect(() => {
    if (text === null) return;
    let current = true;
    void Promise.all(
      HANDWRITING_FONTS.map(async (font) => {
        const canvas = await drawTypedSignature(text, font.id);
        return [font.id, canvas.toDataURL("image/png")] as const;
      }),
    )
      .then((entries) => {
        if (current) setPreviews(Object.fromEntries(entries));
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [text]);
  return previews;
}
