import { FIELD_VALUE_MAX_LENGTH } from "@paraphe/api-sdk/contract";
import { useTranslation } from "@paraphe/i18n/react";
import { Checkbox, cn } from "@paraphe/ui-kit";
import { PenLine } from "lucide-react";
import { type SignerField } from "../../../lib/api";
import { type FieldValues } from "../lib/field-values";

export interface FieldOverlayProps {
  field: SignerField;
  values: FieldValues;
  onChange: (fieldUuid: string, value: string) => void;
  /** Whether a required field is still empty (outlined in red). */
  missing: boolean;
  /** A tap on a signature or initials zone: open the signature pad (or say what is left first). */
  onSignatureZone?: () => void;
}

/**
 * One of the recipient's fields, drawn over its page at its fractional position: text, date and
 * checkbox fields are filled in place; name, email and the date are filled in for the signer;
 * signature and initials zones are highlighted until the signature is drawn in the dialog.
 */
export function FieldOverlay({
  field,
  values,
  onChange,
  missing,
  onSignatureZone,
}: FieldOverlayProps) {
  const { t } = useTranslation("sign");
  const kindLabel = t(`fields.${field.kind}`);
  const name = [field.label || kindLabel, field.required ? t("fields.requiredMark") : ""]
    .filter(Boolean)
    .join(" ");
  const value = values[field.uuid] ?? "";
  const style = {
    left: `${field.x * 100}%`,
    top: `${field.y * 100}%`,
    width: `${field.width * 100}%`,
    height: `${field.height * 100}%`,
  };
  const frame = cn(
    "absolute flex items-center rounded-[3px] border-2 bg-brand-50/80",
    missing ? "border-danger" : "border-brand-400",
  );
  const requiredDot = field.required ? (
    <span
      aria-hidden="true"
      className="pointer-events-none absolute -top-2 -right-2 flex size-4 items-center justify-center rounded-full bg-brand-600 text-[10px] leading-none font-bold text-white"
    >
      *
    </span>
  ) : null;
  // Container-relative text size: readable on a phone, not oversized on a desktop page.
  const text = "text-[clamp(10px,2.2cqw,16px)]";

  switch (field.kind) {
    case "text":
    case "date":
      return (
        <div className={frame} style={style} data-field-kind={field.kind}>
          <input
            type={field.kind === "date" ? "date" : "text"}
            aria-label={name}
            aria-required={field.required || undefined}
            aria-invalid={missing || undefined}
            value={value}
            maxLength={field.kind === "text" ? FIELD_VALUE_MAX_LENGTH : undefined}
            title={
              field.kind === "text" && value.length >= FIELD_VALUE_MAX_LENGTH
                ? t("fields.atLimit", { max: FIELD_VALUE_MAX_LENGTH })
                : undefined
            }
            onChange={(event) => onChange(field.uuid, event.target.value)}
            className={cn(
              "size-full min-w-0 bg-transparent px-1 text-ink outline-none focus-visible:bg-white",
              text,
            )}
          />
          {requiredDot}
        </div>
      );
    case "checkbox":
      return (
        <label className={cn(frame, "justify-center")} style={style} data-field-kind="checkbox">
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
