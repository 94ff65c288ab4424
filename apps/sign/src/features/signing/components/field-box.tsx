import { type useTranslation } from "@paraphe/i18n/react";
import { type SignerField } from "../../../lib/api";

/** Where a field (the signer's or one an earlier recipient completed) sits on its page's box. */
export function fieldBoxStyle(field: { x: number; y: number; width: number; height: number }) {
  return {
    left: `${field.x * 100}%`,
    top: `${field.y * 100}%`,
    width: `${field.width * 100}%`,
    height: `${field.height * 100}%`,
  };
}

/**
 * A signer's field's box, outlined in red while it is shown missing: as the first page's view draws
 * its outline and the workspace its input, in plain classes (no class merging in the first chunk).
 */
export function fieldFrame(missing: boolean): string {
  return `absolute flex items-center rounded-[3px] border-2 bg-brand-50/80 ${
    missing ? "border-danger" : "border-brand-400"
  }`;
}

/** A field's accessible name: its label (or its kind's name) and whether it is required. */
export function fieldName(
  field: SignerField,
  t: ReturnType<typeof useTranslation<"sign">>["t"],
): string {
  return [field.label || t(`fields.${field.kind}`), field.required ? t("fields.requiredMark") : ""]
    .filter(Boolean)
    .join(" ");
}

/** The mark of a required field, in its box's corner (its name says it to screen readers). */
export function RequiredDot() {
  return (
    <span
      aria-hidden="true"
      className="pointer-events-none absolute -top-2 -right-2 flex size-4 items-center justify-center rounded-full bg-brand-600 text-[10px] leading-none font-bold text-white"
    >
      *
    </span>
  );
}
