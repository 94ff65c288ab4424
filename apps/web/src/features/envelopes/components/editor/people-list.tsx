import { useTranslation } from "@paraphe/i18n/react";
import { Button, Dialog, DialogContent, RadioGroup, cn } from "@paraphe/ui-kit";
import { ArrowDown, ArrowUp, Pencil, Plus, Trash2 } from "lucide-react";
import { useId, type ReactNode } from "react";
import { recipientColor } from "../../recipient-colors";

/** One person of the list: an envelope's recipient or a template's role. */
export interface PeopleListItem {
  uuid: string;
  name: string;
  /** A second line (the recipient's email), if any. */
  detail?: string;
  kind: "signer" | "approver";
}

/**
 * The people of the editor's sidebar (recipients or roles): select one to place fields for them,
 * reorder, edit, remove, add; the signing order; and the add/edit dialog the caller fills.
 */
export function PeopleList({
  title,
  addLabel,
  emptyText,
  items,
  selectedUuid,
  onSelect,
  onAdd,
  onEdit,
  onRemove,
  onMove,
  signingOrder,
  onSigningOrderChange,
  dialogTitle,
  dialog,
  onDialogClose,
}: {
  title: string;
  addLabel: string;
  emptyText: string;
  items: readonly PeopleListItem[];
  selectedUuid: string | null;
  onSelect: (uuid: string) => void;
  onAdd: () => void;
  onEdit: (uuid: string) => void;
  onRemove: (uuid: string) => void;
  onMove: (index: number, step: -1 | 1) => void;
  signingOrder: "parallel" | "sequential";
  onSigningOrderChange: (order: "parallel" | "sequential") => void;
  /** The dialog's title and content while adding or editing (null: closed). */
  dialogTitle: string;
  dialog: ReactNode | null;
  onDialogClose: () => void;
}) {
  const { t } = useTranslation(["web", "common"]);
  const headingId = useId();
  const signingOrderLegendId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <div className="flex items-center justify-between gap-2">
        <h2 id={headingId} className="text-base font-semibold text-ink">
          {title}
        </h2>
        <Button size="sm" variant="secondary" onClick={onAdd}>
          <Plus aria-hidden="true" />
          {addLabel}
        </Button>
      </div>

      {items.length === 0 ? (
        <p className="text-sm text-ink-muted">{emptyText}</p>
      ) : (
        <ol className="flex flex-col gap-2" aria-label={title}>
          {items.map((item, index) => {
            const selected = item.uuid === selectedUuid;
            const name = item.name;
            return (
              <li
                key={item.uuid}
                className={cn(
                  "flex flex-wrap items-center gap-2 rounded-md border border-border p-2",
                  selected && "ring-2 ring-brand-500",
                )}
              >
                <button
                  type="button"
                  aria-pressed={selected}
                  aria-label={t("web:editor.recipients.select", { name })}
                  onClick={() => onSelect(item.uuid)}
                  className="flex min-w-0 flex-auto items-center gap-2 text-left focus-visible:outline-2 focus-visible:outline-brand-500"
                >
                  <span
                    aria-hidden="true"
                    className="flex size-6 shrink-0 items-center justify-center rounded-full text-xs font-semibold text-white"
                    style={{ backgroundColor: recipientColor(index) }}
                  >
                    {signingOrder === "sequential" ? index + 1 : name.charAt(0).toUpperCase()}
                  </span>
                  <span className="flex min-w-0 flex-col">
                    <span className="text-sm font-medium [overflow-wrap:anywhere] text-ink">
                      {name}
                    </span>
                    {item.detail ? (
                      <span className="text-xs [overflow-wrap:anywhere] text-ink-muted">
                        {item.detail}
                      </span>
                    ) : null}
                    <span className="text-xs font-medium text-ink-muted">
                      {t(`web:editor.recipients.roles.${item.kind}`)}
                    </span>
                  </span>
                </button>
                <div className="ml-auto flex shrink-0">
                  <Button
                    size="icon"
                    variant="ghost"
                    disabled={index === 0}
                    aria-label={t("web:editor.recipients.moveUp", { name })}
                    onClick={() => onMove(index, -1)}
                  >
                    <ArrowUp aria-hidden="true" />
                  </Button>
                  <Button
                    size="icon"
                    variant="ghost"
                    disabled={index === items.length - 1}
                    aria-label={t("web:editor.recipients.moveDown", { name })}
                    onClick={() => onMove(index, 1)}
                  >
                    <ArrowDown aria-hidden="true" />
                  </Button>
                  <Button
                    size="icon"
                    variant="ghost"
                    aria-label={t("web:editor.recipients.edit", { name })}
                    onClick={() => onEdit(item.uuid)}
                  >
                    <Pencil aria-hidden="true" />
                  </Button>
                  <Button
                    size="icon"
                    variant="ghost"
                    aria-label={t("web:editor.recipients.remove", { name })}
                    onClick={() => onRemove(item.uuid)}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </div>
              </li>
            );
          })}
        </ol>
      )}

      <fieldset className="flex flex-col gap-1">
        <legend id={signingOrderLegendId} className="mb-1 text-sm font-medium text-ink">
          {t("web:editor.signingOrder.label")}
        </legend>
        <RadioGroup
          aria-labelledby={signingOrderLegendId}
          value={signingOrder}
          onValueChange={(value) =>
            onSigningOrderChange(value === "sequential" ? "sequential" : "parallel")
          }
          options={(["parallel", "sequential"] as const).map((order) => ({
            value: order,
            label: t(`web:editor.signingOrder.${order}`),
            description: t(`web:editor.signingOrder.${order}Hint`),
          }))}
        />
      </fieldset>

      <Dialog
        open={dialog !== null}
        onOpenChange={(open) => {
          if (!open) onDialogClose();
        }}
      >
        <DialogContent title={dialogTitle} closeLabel={t("common:actions.close")}>
          {dialog}
        </DialogContent>
      </Dialog>
    </section>
  );
}
