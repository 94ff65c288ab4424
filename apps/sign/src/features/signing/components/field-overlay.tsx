import { useTranslation } from "@paraphe/i18n/react";
import { Checkbox, cn } from "@paraphe/ui-kit";
import { PenLine } from "lucide-react";
import { type SignerField } from "../../../lib/api";
import { fieldProblem, type FieldValues } from "../lib/field-values";
import { AttachmentField } from "./attachment-field";
import { fieldBoxStyle, fieldFrame, fieldName, RequiredDot } from "./field-box";
import { InputField } from "./input-field";
import { TOUCH_AREA } from "./touch-area";

export interface FieldOverlayProps {
  field: SignerField;
  values: FieldValues;
  onChange: (fieldUuid: string, value: string) => void;
  /**
   * Whether a required field is still empty and the signer should be told (outlined in red): once
   * they typed in it and left it empty, or tried to finish.
   */
  missing: boolean;
  /** A tap on a signature or initials zone: open the signature pad (or say what is left first). */
  onSignatureZone?: () => void;
  /** Tapped before its input's code was there (the first page's view): its sheet opens at once. */
  openAtStart?: boolean;
}

/**
 * One of the recipient's fields, drawn over its page at its fractional position: checkboxes are
 * ticked in place; a text or date field shows its whole value (the text shrinks to the box) and a
 * tap opens a sheet with a full-width labelled input (a field of a phone's page is a few pixels
 * tall); name and email are filled in for the signer; signature and initials zones open the pad.
 */
export function FieldOverlay({
  field,
  values,
  onChange,
  missing,
  onSignatureZone,
  openAtStart = false,
}: FieldOverlayProps) {
  const { t } = useTranslation("sign");
  const kindLabel = t(`fields.${field.kind}`);
  const name = fieldName(field, t);
  const value = values[field.uuid] ?? "";
  const style = fieldBoxStyle(field);
  const frame = fieldFrame(missing);
  const requiredDot = field.required ? <RequiredDot /> : null;
  // Container-relative text size: readable on a phone, not oversized on a desktop page.
  const text = "text-[clamp(10px,2.2cqw,16px)]";

  switch (field.kind) {
    case "text":
    case "date":
    case "number":
    case "phone":
    case "radio":
    case "dropdown":
      return (
        <InputField
          field={field}
          name={name}
          value={value}
          problem={problemText(t, field, values)}
          missing={missing}
          frame={frame}
          style={style}
          text={text}
          requiredDot={requiredDot}
          onChange={onChange}
          openAtStart={openAtStart}
        />
      );
    case "checkbox":
      return (
        <label
          className={cn(frame, TOUCH_AREA, "justify-center")}
          style={style}
          data-field-kind="checkbox"
        >
          <Checkbox
            aria-label={name}
            aria-required={field.required || undefined}
            aria-invalid={missing || undefined}
            checked={value === "true"}
            onCheckedChange={(checked) => onChange(field.uuid, checked === true ? "true" : "false")}
            className="size-[70%] max-h-6 max-w-6"
          />
          {requiredDot}
        </label>
      );
    case "readonly":
      return (
        <div
          className={cn(frame, "border-dashed bg-white/70 px-1")}
          style={style}
          data-field-kind="readonly"
        >
          <span className={cn("line-clamp-3 text-ink", text)}>
            {field.settings.defaultValue ?? ""}
          </span>
        </div>
      );
    case "name":
    case "email":
      return (
        <div
          className={cn(frame, "border-dashed bg-white/70 px-1")}
          style={style}
          data-field-kind={field.kind}
        >
          <span className={cn("truncate text-ink", text)}>
            <span className="sr-only">{kindLabel}: </span>
            {value}
          </span>
        </div>
      );
    case "signature":
    case "initials":
      return (
        <button
          type="button"
          className={cn(
            frame,
            TOUCH_AREA,
            "cursor-pointer justify-center gap-1 bg-brand-100/70 text-brand-700 hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600",
          )}
          style={style}
          data-field-kind={field.kind}
          aria-label={name}
          onClick={onSignatureZone}
        >
          <PenLine aria-hidden="true" className="size-[min(1.25rem,40%)] shrink-0" />
          <span className={cn("truncate font-medium", text)} aria-hidden="true">
            {field.kind === "signature" ? t("fields.addSignature") : t("fields.addInitials")}
          </span>
          {requiredDot}
        </button>
      );
    case "attachment":
      return (
        <AttachmentField
          field={field}
          name={name}
          frame={frame}
          style={style}
          text={text}
          requiredDot={requiredDot}
          onCount={(count) => {
            if (value !== String(count)) onChange(field.uuid, String(count));
          }}
        />
      );
    default:
      return (
        <div
          className={cn(frame, "border-dashed")}
          style={style}
          data-field-kind={field.kind}
          title={t("fields.imageNotSupported")}
        />
      );
  }
}

/**
 * What is wrong with a field's value, in the page's language; for the sender's own pattern, the
 * message the sender wrote (one text, as written).
 */
function problemText(
  t: ReturnType<typeof useTranslation<"sign">>["t"],
  field: SignerField,
  values: FieldValues,
): string | null {
  const problem = fieldProblem(field, values);
  if (problem === null) return null;
  const { settings } = field;
  switch (problem) {
    case "pattern_mismatch":
      return settings.validation?.kind === "pattern"
        ? settings.validation.message
        : t("fields.problems.pattern_mismatch");
    case "too_many_decimals":
      return (settings.decimals ?? 0) === 0
        ? t("fields.problems.whole_number")
        : t("fields.problems.too_many_decimals", { count: settings.decimals ?? 0 });
    case "below_minimum":
      return t("fields.problems.below_minimum", { min: settings.min });
    case "above_maximum":
      return t("fields.problems.above_maximum", { max: settings.max });
    default:
      return t(`fields.problems.${problem}`);
  }
}
