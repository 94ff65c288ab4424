import {
  type EnvelopeDetail,
  type Recipient,
  type RecipientInput,
  type SigningOrder,
} from "@paraphe/api-sdk/contract";
import { useTranslation } from "@paraphe/i18n/react";
import { useState } from "react";
import type * as RecipientFormModule from "../../forms/recipient-form";
import type { RecipientFormOutput } from "../../forms/recipient-form";
import { PeopleList } from "./people-list";
import { useSavesInTurn } from "./use-saves-in-turn";
import { lazyComponent, usePreload } from "../../../../lib/lazy-component";

/** The recipient's dialog form (react-hook-form), downloaded once the panel shows, not with it. */
const RecipientForm = lazyComponent(() =>
  import("../../forms/recipient-form").then(
    (module: typeof RecipientFormModule | undefined) => module?.RecipientForm,
  ),
);

export function recipientName(recipient: Pick<Recipient, "firstname" | "lastname" | "email">) {
  return `${recipient.firstname} ${recipient.lastname}`.trim() || recipient.email;
}

/** A recipient as saved again; in custom order with their step (presets set the steps). */
function toInput(recipient: Recipient, custom: boolean): RecipientInput {
  return {
    uuid: recipient.uuid,
    email: recipient.email,
    firstname: recipient.firstname,
    lastname: recipient.lastname,
    phone: recipient.phone ?? "",
    saveToContacts: false,
    // Signer is the contract's default: only an approver, a copy or a viewer is named.
    ...(recipient.kind === "signer" ? {} : { kind: recipient.kind }),
    ...(custom ? { step: recipient.step } : {}),
    // Kept as saved: saving the list again must not drop a signer's check.
    ...(recipient.verification !== undefined && recipient.verification !== "none"
      ? { verification: recipient.verification }
      : {}),
  };
}

type Editing = { kind: "add" } | { kind: "edit"; recipient: Recipient } | null;

/**
 * The recipients of a draft (add, edit, remove, reorder, and in custom order put in steps; a new
 * recipient goes to a step of their own after the last) and the signing order. Every change is
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
  signingOrder: SigningOrder;
  onSigningOrderChange: (order: SigningOrder) => void;
}) {
  const { t } = useTranslation(["web", "common"]);
  const [editing, setEditing] = useState<Editing>(null);
  usePreload(RecipientForm);
  const [submitError, setSubmitError] = useState<unknown>(null);
  const recipients = envelope.recipients;
  const custom = signingOrder === "custom";
  // Each change is made to the list the previous save answered (see useSavesInTurn).
  const saveInTurn = useSavesInTurn(recipients, save, (saved) => saved.recipients);

  const submit = async (values: RecipientFormOutput) => {
    setSubmitError(null);
    const inputOf = (current: readonly Recipient[]): RecipientInput => ({
      ...(editing?.kind === "edit" ? { uuid: editing.recipient.uuid } : {}),
      email: values.email,
      firstname: values.firstname,
      lastname: values.lastname,
      phone: values.phone ?? "",
      saveToContacts: values.saveToContacts,
      ...(values.kind === "approver" || values.kind === "cc" || values.kind === "viewer"
        ? { kind: values.kind }
        : {}),
      ...(values.kind === "signer" && values.verification !== "none"
        ? { verification: values.verification }
        : {}),
      ...(custom
        ? {
            step:
              editing?.kind === "edit"
                ? (current.find((recipient) => recipient.uuid === editing.recipient.uuid)?.step ??
                  editing.recipient.step)
                : Math.max(0, ...current.map((recipient) => recipient.step)) + 1,
          }
        : {}),
    });
    try {
      const saved = await saveInTurn((current) =>
        editing?.kind === "edit"
          ? current.map((recipient) =>
              recipient.uuid === editing.recipient.uuid
                ? inputOf(current)
                : toInput(recipient, custom),
            )
          : [...current.map((recipient) => toInput(recipient, custom)), inputOf(current)],
      );
      const added = saved.recipients.find((recipient) => recipient.email === values.email);
      if (added) onSelect(added.uuid);
      // The server dropped the fields of a recipient who became an approver or a copy: so does the editor.
      if (added !== undefined && added.kind !== "signer") onRemoved(added.uuid);
      setEditing(null);
    } catch (error) {
      setSubmitError(error);
      throw error;
    }
  };

  const remove = async (recipient: Recipient) => {
    await saveInTurn((current) =>
      current
        .filter((other) => other.uuid !== recipient.uuid)
        .map((other) => toInput(other, custom)),
    );
    onRemoved(recipient.uuid);
  };

  const move = async (index: number, step: -1 | 1) => {
    await saveInTurn((current) => {
      const next = current.map((recipient) => toInput(recipient, custom));
      const [item] = next.splice(index, 1);
      if (item) next.splice(index + step, 0, item);
      return next;
    });
  };

  const changeStep = async (uuid: string, step: number) => {
    await saveInTurn((current) =>
      current.map((recipient) =>
        recipient.uuid === uuid ? { ...toInput(recipient, true), step } : toInput(recipient, true),
      ),
    );
  };

  const find = (uuid: string) => recipients.find((recipient) => recipient.uuid === uuid);
  return (
    <PeopleList
      title={t("web:editor.recipients.title")}
      addLabel={t("web:editor.recipients.addOpen")}
      emptyText={t("web:editor.recipients.empty")}
      items={recipients.map((recipient) => ({
        uuid: recipient.uuid,
        name: recipientName(recipient),
        detail: recipient.email,
        kind: recipient.kind,
        step: recipient.step,
      }))}
      selectedUuid={selectedUuid}
      onSelect={onSelect}
      onAdd={() => {
        setSubmitError(null);
        setEditing({ kind: "add" });
      }}
      onEdit={(uuid) => {
        const recipient = find(uuid);
        if (!recipient) return;
        setSubmitError(null);
        setEditing({ kind: "edit", recipient });
      }}
      onRemove={(uuid) => {
        const recipient = find(uuid);
        if (recipient) void remove(recipient);
      }}
      onMove={(index, step) => void move(index, step)}
      onStepChange={(uuid, step) => void changeStep(uuid, step).catch(() => {})}
      signingOrder={signingOrder}
      onSigningOrderChange={onSigningOrderChange}
      dialogTitle={
        editing?.kind === "edit"
          ? t("web:editor.recipients.editTitle")
          : t("web:editor.recipients.addTitle")
      }
      onDialogClose={() => setEditing(null)}
      dialog={
        editing ? (
          <RecipientForm
            key={editing.kind === "edit" ? editing.recipient.uuid : "new"}
            workspaceUuid={envelope.workspaceUuid}
            recipient={editing.kind === "edit" ? editing.recipient : undefined}
            otherEmails={recipients
              .filter(
                (recipient) => editing.kind !== "edit" || recipient.uuid !== editing.recipient.uuid,
              )
              .map((recipient) => recipient.email)}
            onSubmit={submit}
            onCancel={() => setEditing(null)}
            submitError={submitError}
          />
        ) : null
      }
    />
  );
}
