import { SIGNING_ORDERS, type SigningOrder } from "@paraphe/api-sdk/contract";
import { useTranslation } from "@paraphe/i18n/react";
import { Button, Dialog, DialogContent, RadioGroup, Select, cn } from "@paraphe/ui-kit";
import { ArrowDown, ArrowUp, Pencil, Plus, Trash2 } from "lucide-react";
import { useId, useState, type DragEvent, type ReactNode } from "react";
import { recipientColor } from "../../recipient-colors";
import { groupBySteps } from "../../signing-steps";

/** One person of the list: an envelope's recipient or a template's role. */
export interface PeopleListItem {
  uuid: string;
  name: string;
  /** A second line (the recipient's email), if any. */
  detail?: string;
  kind: "signer" | "approver" | "cc" | "viewer";
  /** Their signing step (from 1), as the server keeps it for the signing order. */
  step: number;
}

const DRAG_TYPE = "application/x-paraphe-person";

/**
 * The people of the editor's sidebar (recipients or roles): select one to place fields for them,
 * reorder, edit, remove, add; the signing order (two presets, parallel and sequential, or custom
 * steps: the people grouped by step, each with a step picker, and dragged from step to step); and
 * the add/edit dialog the caller fills.
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
  onStepChange,
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
  signingOrder: SigningOrder;
  onSigningOrderChange: (order: SigningOrder) => void;
  /** Custom steps: puts a person in a step (1..one past the last step, at most the list's length). */
  onStepChange: (uuid: string, step: number) => void;
  /** The dialog's title and content while adding or editing (null: closed). */
  dialogTitle: string;
  dialog: ReactNode | null;
  onDialogClose: () => void;
}) {
  const { t } = useTranslation(["web", "common"]);
  const headingId = useId();
  const signingOrderLegendId = useId();
  const custom = signingOrder === "custom";
  const [dragging, setDragging] = useState<string | null>(null);
  // Copies receive the sealed document at the end and never act: they belong to no step.
  const inSteps = (item: PeopleListItem) => item.kind !== "cc";
  const stepped = items.filter(inSteps);
  const lastStep = Math.max(0, ...stepped.map((item) => item.step));
  // A person may go to any step there is, or to a new one after the last (never past the count).
  const stepChoices = Array.from(
    { length: Math.min(stepped.length, lastStep + 1) },
    (_, index) => index + 1,
  );
  const dropOn = (step: number) => ({
    onDragOver: (event: DragEvent) => {
      if (!event.dataTransfer.types.includes(DRAG_TYPE)) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = "move";
    },
    onDrop: (event: DragEvent) => {
      const uuid = event.dataTransfer.getData(DRAG_TYPE);
      const item = stepped.find((person) => person.uuid === uuid);
      setDragging(null);
      if (!item || item.step === step || step > stepped.length) return;
      event.preventDefault();
      onStepChange(uuid, step);
    },
  });

  const renderItem = ({ item, index }: { item: PeopleListItem; index: number }) => {
    const selected = item.uuid === selectedUuid;
    const name = item.name;
    const movable = custom && inSteps(item);
    return (
      <li
        key={item.uuid}
        draggable={movable}
        onDragStart={(event) => {
          event.dataTransfer.setData(DRAG_TYPE, item.uuid);
          event.dataTransfer.effectAllowed = "move";
          setDragging(item.uuid);
        }}
        onDragEnd={() => setDragging(null)}
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
            {signingOrder === "sequential" ? item.step : name.charAt(0).toUpperCase()}
          </span>
          <span className="flex min-w-0 flex-col">
            <span className="text-sm font-medium [overflow-wrap:anywhere] text-ink">{name}</span>
            {item.detail ? (
              <span className="text-xs [overflow-wrap:anywhere] text-ink-muted">{item.detail}</span>
            ) : null}
            <span className="text-xs font-medium text-ink-muted">
              {t(`web:editor.recipients.roles.${item.kind}`)}
            </span>
          </span>
        </button>
        {movable ? (
          <Select
            aria-label={t("web:editor.signingOrder.stepOf", { name })}
            value={String(item.step)}
            onValueChange={(value) => {
              const step = Number(value);
              if (step !== item.step) onStepChange(item.uuid, step);
            }}
            containerClassName="w-auto shrink-0"
            options={stepChoices.map((step) => ({
              value: String(step),
              label:
                step > lastStep
                  ? t("web:editor.signingOrder.newStep", { number: step })
                  : t("web:editor.signingOrder.step", { number: step }),
            }))}
          />
        ) : null}
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
  };

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
      ) : custom ? (
        <div className="flex flex-col gap-3">
          <p className="text-xs text-ink-muted">{t("web:editor.signingOrder.stepHint")}</p>
          {groupBySteps(items)
            .map(({ step, entries }) => ({
              step,
              entries: entries.filter((entry) => inSteps(entry.item)),
            }))
            .filter(({ entries }) => entries.length > 0)
            .map(({ step, entries }) => (
              <section
                key={step}
                aria-labelledby={`${headingId}-step-${step}`}
                data-step={step}
                className={cn(
                  "flex flex-col gap-2 rounded-md border border-dashed border-border p-2",
                  dragging !== null && "border-brand-300 bg-surface-muted",
                )}
                {...dropOn(step)}
              >
                <div className="flex flex-wrap items-baseline gap-x-2">
                  <h3 id={`${headingId}-step-${step}`} className="text-sm font-semibold text-ink">
                    {t("web:editor.signingOrder.step", { number: step })}
                  </h3>
                  <span className="text-xs text-ink-muted">
                    {t("web:editor.signingOrder.stepPeople", { count: entries.length })}
                  </span>
                </div>
                <ol className="flex flex-col gap-2">{entries.map(renderItem)}</ol>
              </section>
            ))}
          {dragging !== null && lastStep < stepped.length ? (
            <div
              data-step={lastStep + 1}
              className="rounded-md border border-dashed border-brand-300 p-3 text-center text-sm text-ink-muted"
              {...dropOn(lastStep + 1)}
            >
              {t("web:editor.signingOrder.dropHere", { number: lastStep + 1 })}
            </div>
          ) : null}
          {items.some((item) => !inSteps(item)) ? (
            <section
              aria-labelledby={`${headingId}-copies`}
              className="flex flex-col gap-2 rounded-md border border-border p-2"
            >
              <div className="flex flex-col">
                <h3 id={`${headingId}-copies`} className="text-sm font-semibold text-ink">
                  {t("web:editor.signingOrder.copies")}
                </h3>
                <span className="text-xs text-ink-muted">
                  {t("web:editor.signingOrder.copiesHint")}
                </span>
              </div>
              <ol className="flex flex-col gap-2">
                {items
                  .map((item, index) => ({ item, index }))
                  .filter((entry) => !inSteps(entry.item))
                  .map(renderItem)}
              </ol>
            </section>
          ) : null}
        </div>
      ) : (
        <ol className="flex flex-col gap-2" aria-label={title}>
          {items.map((item, index) => renderItem({ item, index }))}
        </ol>
      )}

      <fieldset className="flex flex-col gap-1">
        <legend id={signingOrderLegendId} className="mb-1 text-sm font-medium text-ink">
          {t("web:editor.signingOrder.label")}
        </legend>
        <RadioGroup
          aria-labelledby={signingOrderLegendId}
          value={signingOrder}
          onValueChange={(value) => {
            const order = SIGNING_ORDERS.find((known) => known === value);
            if (order) onSigningOrderChange(order);
          }}
          options={SIGNING_ORDERS.map((order) => ({
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
