import { useTranslation } from "@paraphe/i18n/react";
import { cx } from "@paraphe/ui-kit";
import { type CompletedField } from "../../../lib/api";
import { fieldBoxStyle } from "./field-box";

/**
 * A field an earlier recipient completed, drawn read-only where it sits on the page: their text,
 * or their signature's picture, with who filled it in for screen readers and on hover.
 */
export function CompletedFieldOverlay({ field }: { field: CompletedField }) {
  const { t } = useTranslation("sign");
  const style = fieldBoxStyle(field);
  const kind = t(`fields.${field.kind}`);
  const shown =
    field.kind === "checkbox"
      ? field.text === "true"
        ? t("completed.checked")
        : t("completed.unchecked")
      : (field.text ?? "");
  const label = field.image
    ? t("completed.picture", { field: field.label || kind, name: field.by })
    : field.text === null
      ? t("completed.signedBy", { field: field.label || kind, name: field.by })
      : t("completed.value", { field: field.label || kind, name: field.by, value: shown });
  // Container-relative text size, as the signer's own fields.
  const text = "text-[clamp(10px,2.2cqw,16px)]";
  return (
    <div
      role="img"
      aria-label={label}
      title={label}
      data-completed-field={field.kind}
      className="pointer-events-auto absolute flex items-center overflow-hidden rounded-[3px] border border-dashed border-ink-muted/40"
      style={style}
    >
      {field.image ? (
        <img
          src={`data:image/png;base64,${field.image}`}
          alt=""
          draggable={false}
          className="size-full object-contain select-none"
        />
      ) : field.kind === "checkbox" ? (
        <span aria-hidden="true" className={cx("mx-auto font-semibold text-ink", text)}>
          {field.text === "true" ? "✓" : ""}
        </span>
      ) : (
        <span aria-hidden="true" className={cx("truncate px-1 text-ink", text)}>
          {field.text ?? t("completed.signedByShort", { name: field.by })}
        </span>
      )}
    </div>
  );
}
