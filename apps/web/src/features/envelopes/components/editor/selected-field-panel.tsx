import { useTranslation } from "@paraphe/i18n/react";
import { Button, Checkbox, Label, Select } from "@paraphe/ui-kit";
import { Trash2, X } from "lucide-react";
import { useId } from "react";
import { canBeRequired, type FieldDraft } from "./field-draft";
import { FieldSettingsPanel } from "./field-settings-panel";

/**
 * The editor's panel of the selected field: its kind, the signer it is for, whether it is
 * required, its own settings, and Remove.
 */
export function SelectedFieldPanel({
  field,
  fields,
  signers,
  onChange,
  onRemove,
  onClose,
}: {
  field: FieldDraft;
  /** Every field of the document (a condition names another). */
  fields: readonly FieldDraft[];
  /** Who the field may be assigned to. */
  signers: readonly { uuid: string; name: string }[];
  onChange: (change: Partial<FieldDraft>) => void;
  onRemove: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation("web");
  const assignedToId = useId();
  return (
    <section
      aria-label={t("editor.fields.selected")}
      className="flex flex-col gap-2 rounded-md border border-border p-3"
    >
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-semibold text-ink">{t(`editor.fields.kinds.${field.kind}`)}</h3>
        <Button
          size="icon"
          variant="ghost"
          aria-label={t("editor.fields.deselect")}
          onClick={onClose}
        >
          <X aria-hidden="true" />
        </Button>
      </div>
      <div className="flex flex-col gap-1">
        <Label htmlFor={assignedToId}>{t("editor.fields.assignedTo")}</Label>
        <Select
          id={assignedToId}
          value={field.recipientUuid}
          onValueChange={(value) => onChange({ recipientUuid: value })}
          options={signers.map((person) => ({ value: person.uuid, label: person.name }))}
        />
      </div>
      {canBeRequired(field.kind) ? (
        <Checkbox
          label={t("editor.fields.required")}
          checked={field.required}
          onCheckedChange={(checked) => onChange({ required: checked === true })}
        />
      ) : null}
      <FieldSettingsPanel
        field={field}
        fields={fields}
        onChange={(settings) => onChange({ settings })}
      />
      <Button variant="danger" size="sm" onClick={onRemove}>
        <Trash2 aria-hidden="true" />
        {t("editor.fields.remove")}
      </Button>
    </section>
  );
}
