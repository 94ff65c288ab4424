import {
  type EnvelopeDetail,
  type Recipient,
  type RecipientInput,
} from "@paraphe/api-sdk/contract";
import { useTranslation } from "@paraphe/i18n/react";
import { Button, Dialog, DialogContent, RadioGroup, cn } from "@paraphe/ui-kit";
import { ArrowDown, ArrowUp, Pencil, Plus, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { RecipientForm, type RecipientFormOutput } from "../../forms/recipient-form";
import { recipientColor } from "../../recipient-colors";

export function recipientName(recipient: Pick<Recipient, "firstname" | "lastname" | "email">) {
  return `${recipient.firstname} ${recipient.lastname}`.trim() || recipient.email;
}

function toInput(recipient: Recipient): RecipientInput {
  return {
    uuid: recipient.uuid,
    email: recipient.email,
    firstname: recipient.firstname,
    lastname: recipient.lastname,
    phone: recipient.phone ?? "",
    saveToContacts: false,
    // Signer is the contract's default: only an approver is named.
    ...(recipient.kind === "approver" ? { kind: "approver" as const } : {}),
  };
}

type Editing = { kind: "add" } | { kind: "edit"; recipient: Recipient } | null;

/**
 * The recipients of a draft (add, edit, remove, reorder) and the signing order. Every change is
 * saved at once with POST /envelope/save-recipients (the new recipient's uuid is needed to assign
 * fields to it).
 */
export function RecipientsPanel({
  envelope,
  selectedUuid,
  onSelect,
  save,
  onRemoved,
  signingOrder,
  onSigningOrderChange,
}: {
  envelope: EnvelopeDetail;
  selectedUuid: string | null;
  onSelect: (uuid: string) => void;
  save: (recipients: RecipientInput[]) => Promise<EnvelopeDetail>;
  onRemoved: (uuid: string) => void;
  signingOrder: "parallel" | "sequential";
  onSigningOrderChange: (order: "parallel" | "sequential") => void;
}) {
  const { t } = useTranslation(["web", "common"]);
  const signingOrderLegendId = useId();
  const [editing, setEditing] = useState<Editing>(null);
  const [submitError, setSubmitError] = useState<unknown>(null);
  const recipients = envelope.recipients;

  const submit = async (values: RecipientFormOutput) => {
    setSubmitError(null);
    const input: RecipientInput = {
      ...(editing?.kind === "edit" ? { uuid: editing.recipient.uuid } : {}),
      email: values.email,
      firstname: values.firstname,
      lastname: values.lastname,
      phone: values.phone ?? "",
      saveToContacts: values.saveToContacts,
      ...(values.kind === "approver" ? { kind: "approver" as const } : {}),
    };
    const next =
      editing?.kind === "edit"
        ? recipients.map((recipient) =>
            recipient.uuid === editing.recipient.uuid ? input : toInput(recipient),
          )
        : [...recipients.map(toInput), input];
    try {
      const saved = await save(next);
      const added = saved.recipients.find((recipient) => recipient.email === values.email);
      if (added) onSelect(added.uuid);
      // The server dropped the fields of a recipient who became an approver: so does the editor.
      if (added?.kind === "approver") onRemoved(added.uuid);
      setEditing(null);
    } catch (error) {
      setSubmitError(error);
      throw error;
    }
  };

  const remove = async (recipient: Recipient) => {
    await save(recipients.filter((other) => other.uuid !== recipient.uuid).map(toInput));
    onRemoved(recipient.uuid);
  };

  const move = async (index: number, step: -1 | 1) => {
    const next = recipients.map(toInput);
    const [item] = next.splice(index, 1);
    if (!item) return;
    next.splice(index + step, 0, item);
    await save(next);
  };

  return (
    <section aria-labelledby="recipients-heading" className="flex flex-col gap-3">
      <div className="flex items-center justify-between gap-2">
        <h2 id="recipients-heading" className="text-base font-semibold text-ink">
          {t("web:editor.recipients.title")}
        </h2>
        <Button
          size="sm"
          variant="secondary"
          onClick={() => {
            setSubmitError(null);
            setEditing({ kind: "add" });
          }}
        >
          <Plus aria-hidden="true" />
          {t("web:editor.recipients.addOpen")}
        </Button>
      </div>

      {recipients.length === 0 ? (
        <p className="text-sm text-ink-muted">{t("web:editor.recipients.empty")}</p>
      ) : (
        <ol className="flex flex-col gap-2" aria-label={t("web:editor.recipients.title")}>
          {recipients.map((recipient, index) => {
            const name = recipientName(recipient);
            const selected = recipient.uuid === selectedUuid;
            return (
              <li
                key={recipient.uuid}
                className={cn(
                  "flex items-center gap-2 rounded-md border border-border p-2",
                  selected && "ring-2 ring-brand-500",
                )}
              >
                <button
                  type="button"
                  aria-pressed={selected}
                  aria-label={t("web:editor.recipients.select", { name })}
                  onClick={() => onSelect(recipient.uuid)}
                  className="flex min-w-0 flex-1 items-center gap-2 text-left focus-visible:outline-2 focus-visible:outline-brand-500"
                >
                  <span
                    aria-hidden="true"
                    className="flex size-6 shrink-0 items-center justify-center rounded-full text-xs font-semibold text-white"
                    style={{ backgroundColor: recipientColor(index) }}
                  >
                    {signingOrder === "sequential" ? index + 1 : name.charAt(0).toUpperCase()}
                  </span>
                  <span className="flex min-w-0 flex-col">
                    <span className="truncate text-sm font-medium text-ink">{name}</span>
                    <span className="truncate text-xs text-ink-muted">{recipient.email}</span>
                    <span className="text-xs font-medium text-ink-muted">
                      {t(`web:editor.recipients.roles.${recipient.kind}`)}
                    </span>
                  </span>
                </button>
                <div className="flex shrink-0">
                  <Button
                    size="icon"
                    variant="ghost"
                    disabled={index === 0}
                    aria-label={t("web:editor.recipients.moveUp", { name })}
                    onClick={() => void move(index, -1)}
                  >
                    <ArrowUp aria-hidden="true" />
                  </Button>
                  <Button
                    size="icon"
                    variant="ghost"
                    disabled={index === recipients.length - 1}
                    aria-label={t("web:editor.recipients.moveDown", { name })}
                    onClick={() => void move(index, 1)}
                  >
                    <ArrowDown aria-hidden="true" />
                  </Button>
                  <Button
                    size="icon"
                    variant="ghost"
                    aria-label={t("web:editor.recipients.edit", { name })}
                    onClick={() => {
                      setSubmitError(null);
                      setEditing({ kind: "edit", recipient });
                    }}
                  >
                    <Pencil aria-hidden="true" />
                  </Button>
                  <Button
                    size="icon"
                    variant="ghost"
                    aria-label={t("web:editor.recipients.remove", { name })}
                    onClick={() => void remove(recipient)}
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
        open={editing !== null}
        onOpenChange={(open) => {
          if (!open) setEditing(null);
        }}
      >
        <DialogContent
          title={
            editing?.kind === "edit"
              ? t("web:editor.recipients.editTitle")
              : t("web:editor.recipients.addTitle")
          }
          closeLabel={t("common:actions.close")}
        >
          {editing ? (
            <RecipientForm
              key={editing.kind === "edit" ? editing.recipient.uuid : "new"}
              workspaceUuid={envelope.workspaceUuid}
              recipient={editing.kind === "edit" ? editing.recipient : undefined}
              otherEmails={recipients
                .filter(
                  (recipient) =>
                    editing.kind !== "edit" || recipient.uuid !== editing.recipient.uuid,
                )
                .map((recipient) => recipient.email)}
              onSubmit={submit}
              onCancel={() => setEditing(null)}
              submitError={submitError}
            />
          ) : null}
        </DialogContent>
      </Dialog>
    </section>
  );
}
