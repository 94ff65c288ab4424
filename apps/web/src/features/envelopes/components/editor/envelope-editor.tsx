import {
  type EnvelopeDetail,
  type EnvelopeOptions,
  type FieldKind,
  type RecipientInput,
} from "@paraphe/api-sdk/contract";
import { useTranslation } from "@paraphe/i18n/react";
import {
  Button,
  Checkbox,
  ConfirmDialog,
  DESKTOP_MEDIA_QUERY,
  EditablePageTitle,
  Label,
  Select,
  toast,
  useMediaQuery,
} from "@paraphe/ui-kit";
import { Eye, PenLine, Send, Trash2, X } from "lucide-react";
import { useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { useGate } from "../../../../app/permissions/gates";
import { PermittedButton } from "../../../../app/permissions/permitted-button";
import { fieldErrorWords, useErrorText } from "../../../../lib/api/error-text";
import { usePageMeta } from "../../../../lib/page-meta";
import { useSession } from "../../../../app/session/session-context";
import {
  useDeleteDraft,
  useSaveFields,
  useSaveRecipients,
  useSendEnvelope,
  useUpdateEnvelope,
} from "../../api/envelope-mutations";
import { boxAt, type FieldBox } from "../../field-geometry";
import { recipientColor } from "../../recipient-colors";
import { DocumentPages, pageAtPoint } from "./document-pages";
import { draftOf, fieldInputs, newFieldKey, type FieldDraft } from "./field-draft";
import { FieldPalette } from "./field-palette";
import { OptionsPanel } from "./options-panel";
import { RecipientsPanel, recipientName } from "./recipients-panel";
import { TagChips } from "../../../../domain/tags";
import { TagPicker } from "../tag-picker";
import { SaveIndicator } from "./save-indicator";
import { useSaveStatus } from "./use-save-status";

/** Quiet time before the fields and the options are saved (ms). */
export const AUTOSAVE_DELAY_MS = 700;

/** What must hold before sending (the api checks again). */
export function sendProblems(
  envelope: Pick<EnvelopeDetail, "recipients">,
  fields: readonly Pick<FieldDraft, "kind" | "recipientUuid">[],
): ({ kind: "noRecipient" } | { kind: "noSigner" } | { kind: "noSignature"; name: string })[] {
  if (envelope.recipients.length === 0) return [{ kind: "noRecipient" }];
  const signers = envelope.recipients.filter((recipient) => recipient.kind === "signer");
  if (signers.length === 0) return [{ kind: "noSigner" }];
  return signers
    .filter(
      (recipient) =>
        !fields.some(
          (field) => field.kind === "signature" && field.recipientUuid === recipient.uuid,
        ),
    )
    .map((recipient) => ({ kind: "noSignature" as const, name: recipientName(recipient) }));
}

/**
 * The editor of a draft (spec §2): title, recipients and signing order, fields placed on the pages,
 * options, save indicator, preview and send. Fields and options are saved after a quiet time,
 * recipients at once.
 */
export function EnvelopeEditor({ envelope }: { envelope: EnvelopeDetail }) {
  const { t } = useTranslation(["web", "common"]);
  const assignedToId = useId();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const { profile } = useSession();
  const isDesktop = useMediaQuery(DESKTOP_MEDIA_QUERY);
  const saveStatus = useSaveStatus();
  const update = useUpdateEnvelope();
  const saveRecipients = useSaveRecipients();
  const saveFields = useSaveFields();
  const send = useSendEnvelope();
  const deleteDraft = useDeleteDraft();
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const envelopeUuid = envelope.uuid;
  // A role that may not change envelopes reads the draft as in the preview.
  const mayEdit = useGate("update Envelope").allowed;

  const [fields, setFields] = useState<FieldDraft[]>(() => envelope.fields.map(draftOf));
  const [options, setOptions] = useState<EnvelopeOptions>(envelope.options);
  const [selectedRecipient, setSelectedRecipient] = useState<string | null>(
    envelope.recipients[0]?.uuid ?? null,
  );
  const [armedKind, setArmedKind] = useState<FieldKind | null>(null);
  const [selectedKey, setSelectedKey] = useState<string | null>(null);
  // A newly placed field takes the focus (so that the arrow keys move it at once).
  const [focusKey, setFocusKey] = useState<string | null>(null);
  // Read by screen readers: a tool chosen, a field placed or removed.
  const [announcement, setAnnouncement] = useState("");
  const asideRef = useRef<HTMLElement>(null);
  const [previewing, setPreviewing] = useState(false);
  const [problems, setProblems] = useState<string[]>([]);

  // Escape puts an armed tool down.
  useEffect(() => {
    if (!armedKind) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setArmedKind(null);
      setAnnouncement("");
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [armedKind]);

  // --- Autosave of fields and options --------------------------------------------------------
  const fieldsRef = useRef(fields);
  const fieldsVersion = useRef(0);
  const fieldsTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const pendingOptions = useRef<Partial<EnvelopeOptions> | null>(null);
  const optionsTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const saveFieldsNow = useCallback(async () => {
    fieldsTimer.current = null;
    const version = fieldsVersion.current;
    const sent = fieldsRef.current;
    const saved = await saveStatus.track(
      saveFields.mutateAsync({ envelopeUuid, fields: fieldInputs(sent) }),
    );
    // Keep the uuids the api gave new fields, unless the fields changed meanwhile.
    if (fieldsVersion.current === version && saved.fields.length === sent.length) {
      const withUuids = sent.map((field, index) => ({ ...field, uuid: saved.fields[index]?.uuid }));
      fieldsRef.current = withUuids;
      setFields(withUuids);
    }
  }, [envelopeUuid, saveFields, saveStatus]);

  const changeFields = useCallback(
    (change: (current: FieldDraft[]) => FieldDraft[]) => {
      const next = change(fieldsRef.current);
      fieldsRef.current = next;
      fieldsVersion.current += 1;
      setFields(next);
      if (fieldsTimer.current) clearTimeout(fieldsTimer.current);
      fieldsTimer.current = setTimeout(
        () => void saveFieldsNow().catch(() => {}),
        AUTOSAVE_DELAY_MS,
      );
    },
    [saveFieldsNow],
  );

  const saveOptionsNow = useCallback(async () => {
    optionsTimer.current = null;
    const change = pendingOptions.current;
    pendingOptions.current = null;
    if (!change) return;
    await saveStatus.track(update.mutateAsync({ envelopeUuid, options: change }));
  }, [envelopeUuid, saveStatus, update]);

  const changeOptions = (change: Partial<EnvelopeOptions>) => {
    setOptions((current) => ({ ...current, ...change }));
    pendingOptions.current = { ...pendingOptions.current, ...change };
    if (optionsTimer.current) clearTimeout(optionsTimer.current);
    optionsTimer.current = setTimeout(
      () => void saveOptionsNow().catch(() => {}),
      AUTOSAVE_DELAY_MS,
    );
  };

  const flush = async () => {
    if (fieldsTimer.current) {
      clearTimeout(fieldsTimer.current);
      await saveFieldsNow();
    }
    if (optionsTimer.current) {
      clearTimeout(optionsTimer.current);
      await saveOptionsNow();
    }
    await saveStatus.settle();
  };

  // Saves what is pending when the editor closes.
  const flushOnLeave = useRef(flush);
  flushOnLeave.current = flush;
  useEffect(() => () => void flushOnLeave.current().catch(() => {}), []);

  // --- Title --------------------------------------------------------------------------------
  const saveTitle = (title: string) =>
    saveStatus.track(update.mutateAsync({ envelopeUuid, title })).catch(() => {});
  usePageMeta({
    title: envelope.title,
    back: { label: t("web:editor.back"), onClick: () => void navigate("/envelopes") },
    editable: mayEdit
      ? {
          onSave: saveTitle,
          label: t("web:editor.titleLabel"),
          editLabel: t("web:editor.titleEdit"),
          required: true,
          requiredMessage: errorText.validation("required"),
        }
      : undefined,
  });

  // --- Recipients -----------------------------------------------------------------------------
  const looks = useMemo(
    () =>
      new Map(
        envelope.recipients.map((recipient, index) => [
          recipient.uuid,
          { name: recipientName(recipient), color: recipientColor(index) },
        ]),
      ),
    [envelope.recipients],
  );
  const currentRecipient =
    envelope.recipients.find((recipient) => recipient.uuid === selectedRecipient) ??
    envelope.recipients[0] ??
    null;
  const currentColor = currentRecipient
    ? (looks.get(currentRecipient.uuid)?.color ?? recipientColor(0))
    : recipientColor(0);

  const storeRecipients = (recipients: RecipientInput[]) =>
    saveStatus.track(saveRecipients.mutateAsync({ envelopeUuid, recipients }));

  // --- Fields ---------------------------------------------------------------------------------
  const place = (
    kind: FieldKind,
    documentUuid: string,
    page: number,
    point: { x: number; y: number },
  ) => {
    if (!currentRecipient) return;
    const size = envelope.documents.find((document) => document.uuid === documentUuid)?.pages[page];
    if (!size) return;
    const key = newFieldKey();
    changeFields((current) => [
      ...current,
      {
        key,
        documentUuid,
        page,
        kind,
        recipientUuid: currentRecipient.uuid,
        required: kind !== "checkbox",
        label: null,
        ...boxAt(kind, size, point),
      },
    ]);
    setSelectedKey(key);
    setFocusKey(key);
    setArmedKind(null);
    setAnnouncement(
      t("web:editor.fields.announce.placed", {
        kind: t(`web:editor.fields.kinds.${kind}`),
        page: page + 1,
      }),
    );
  };

  const arm = (kind: FieldKind | null) => {
    setArmedKind(kind);
    setAnnouncement(
      kind
        ? t("web:editor.fields.announce.armed", { kind: t(`web:editor.fields.kinds.${kind}`) })
        : "",
    );
  };

  const selectedField = fields.find((field) => field.key === selectedKey) ?? null;
  const changeField = (key: string, change: Partial<FieldDraft>) =>
    changeFields((current) =>
      current.map((field) => (field.key === key ? { ...field, ...change } : field)),
    );
  const removeField = (key: string) => {
    const removed = fieldsRef.current.find((field) => field.key === key);
    changeFields((current) => current.filter((field) => field.key !== key));
    setSelectedKey(null);
    if (!removed) return;
    setAnnouncement(
      t("web:editor.fields.announce.removed", {
        kind: t(`web:editor.fields.kinds.${removed.kind}`),
      }),
    );
    // The focus was on the field (or on its panel's Remove button), which is gone: it goes to the
    // tool of the same kind, ready to place another.
    asideRef.current
      ?.querySelector<HTMLButtonElement>(`[data-field-tool="${removed.kind}"]`)
      ?.focus();
  };

  // --- Send -----------------------------------------------------------------------------------
  const trySend = async () => {
    const found = sendProblems(envelope, fieldsRef.current);
    if (found.length > 0) {
      setProblems(
        found.map((problem) =>
          problem.kind === "noSignature"
            ? t("web:editor.send.noSignature", { name: problem.name })
            : t(`web:editor.send.${problem.kind}`),
        ),
      );
      return;
    }
    setProblems([]);
    try {
      await flush();
      const sent = await send.mutateAsync(envelopeUuid);
      void navigate(`/envelopes/${sent.workspaceUuid}/${sent.uuid}/view`);
    } catch {
      // The error shows beside the button.
    }
  };

  const teamName = profile?.team?.name ?? "";
  const personalName =
    [profile?.firstname, profile?.lastname].filter(Boolean).join(" ") || profile?.email || "";

  const toolbar = (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-border bg-surface p-3">
      <SaveIndicator status={saveStatus.status} />
      <p role="status" className="sr-only">
        {announcement}
      </p>
      <div className="flex flex-wrap gap-2">
        {mayEdit ? (
          <Button
            variant="secondary"
            aria-pressed={previewing}
            onClick={() => setPreviewing(!previewing)}
          >
            {previewing ? <PenLine aria-hidden="true" /> : <Eye aria-hidden="true" />}
            {previewing ? t("web:editor.backToEdit") : t("web:editor.preview")}
          </Button>
        ) : null}
        <PermittedButton
          permission="delete Envelope"
          variant="secondary"
          onClick={() => {
            deleteDraft.reset();
            setConfirmingDelete(true);
          }}
        >
          <Trash2 aria-hidden="true" />
          {t("web:editor.delete.submit")}
        </PermittedButton>
        <PermittedButton
          permission="update Envelope"
          loading={send.isPending}
          onClick={() => void trySend()}
        >
          <Send aria-hidden="true" />
          {t("web:editor.send.submit")}
        </PermittedButton>
      </div>
      <ConfirmDialog
        open={confirmingDelete}
        onOpenChange={setConfirmingDelete}
        title={t("web:editor.delete.title")}
        description={t("web:editor.delete.description", { title: envelope.title })}
        confirmLabel={t("web:editor.delete.confirm")}
        cancelLabel={t("common:actions.cancel")}
        closeLabel={t("common:actions.close")}
        pending={deleteDraft.isPending}
        error={deleteDraft.isError ? errorText.apiError(deleteDraft.error) : null}
        onConfirm={() =>
          deleteDraft.mutate(envelopeUuid, {
            onSuccess: () => {
              toast.success(t("web:editor.delete.deleted"));
              void navigate("/envelopes");
            },
          })
        }
      />
      {problems.length > 0 || send.isError ? (
        <div role="alert" className="w-full text-sm text-danger">
          {problems.length > 0 ? (
            <ul className="list-inside list-disc">
              {problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          ) : (
            <>
              <p>
                {t("web:editor.send.error")} {errorText.apiError(send.error)}
              </p>
              <ul className="list-inside list-disc">
                {fieldErrorWords(send.error).map((word) => (
                  <li key={word}>{errorText.validation(word)}</li>
                ))}
              </ul>
            </>
          )}
        </div>
      ) : null}
    </div>
  );

  const readOnly = previewing || !mayEdit;
  const pages = (
    <DocumentPages
      envelope={envelope}
      fields={fields}
      recipients={looks}
      armedKind={readOnly ? null : armedKind}
      selectedKey={readOnly ? null : selectedKey}
      onSelect={setSelectedKey}
      onPlace={(documentUuid, page, point) => {
        if (armedKind) place(armedKind, documentUuid, page, point);
      }}
      onChange={(key, box: FieldBox) => changeField(key, box)}
      onRemove={removeField}
      focusKey={readOnly ? null : focusKey}
      onFocused={() => setFocusKey(null)}
      readOnly={readOnly}
    />
  );

  if (readOnly) {
    return (
      <div className="flex flex-col gap-4">
        {toolbar}
        {mayEdit ? null : (
          <p role="note" className="rounded-md border border-border bg-surface-muted p-3 text-sm">
            {t("web:permissions.readOnlyDraft")}
          </p>
        )}
        <section
          aria-label={previewing ? t("web:editor.preview") : t("web:editor.pages.title")}
          className="mx-auto w-full max-w-3xl"
        >
          {pages}
        </section>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      {isDesktop ? null : (
        <EditablePageTitle
          value={envelope.title}
          onSave={saveTitle}
          label={t("web:editor.titleLabel")}
          editLabel={t("web:editor.titleEdit")}
          required
          requiredMessage={errorText.validation("required")}
          className="text-lg"
        />
      )}
      {toolbar}
      <div className="flex flex-col gap-6 lg:grid lg:grid-cols-[20rem_minmax(0,1fr)] lg:items-start">
        <aside
          ref={asideRef}
          className="flex flex-col gap-6 lg:sticky lg:top-4 lg:max-h-[calc(100vh-8rem)] lg:overflow-y-auto lg:pr-2"
        >
          <RecipientsPanel
            envelope={envelope}
            selectedUuid={currentRecipient?.uuid ?? null}
            onSelect={setSelectedRecipient}
            save={storeRecipients}
            onRemoved={(uuid) =>
              changeFields((current) => current.filter((field) => field.recipientUuid !== uuid))
            }
            signingOrder={options.signingOrder}
            onSigningOrderChange={(signingOrder) => changeOptions({ signingOrder })}
          />
          <FieldPalette
            armedKind={armedKind}
            onArm={arm}
            color={currentColor}
            disabled={!currentRecipient || currentRecipient.kind === "approver"}
            {...(currentRecipient?.kind === "approver"
              ? { disabledHint: t("web:editor.recipients.approverNoFields") }
              : {})}
            onDrop={(kind, clientX, clientY) => {
              const target = pageAtPoint(clientX, clientY);
              if (target) place(kind, target.documentUuid, target.page, target.point);
            }}
          />
          {selectedField ? (
            <section
              aria-label={t("web:editor.fields.selected")}
              className="flex flex-col gap-2 rounded-md border border-border p-3"
            >
              <div className="flex items-center justify-between gap-2">
                <h3 className="text-sm font-semibold text-ink">
                  {t(`web:editor.fields.kinds.${selectedField.kind}`)}
                </h3>
                <Button
                  size="icon"
                  variant="ghost"
                  aria-label={t("web:editor.fields.deselect")}
                  onClick={() => setSelectedKey(null)}
                >
                  <X aria-hidden="true" />
                </Button>
              </div>
              <div className="flex flex-col gap-1">
                <Label htmlFor={assignedToId}>{t("web:editor.fields.assignedTo")}</Label>
                <Select
                  id={assignedToId}
                  value={selectedField.recipientUuid}
                  onValueChange={(value) =>
                    changeField(selectedField.key, { recipientUuid: value })
                  }
                  options={envelope.recipients
                    .filter((recipient) => recipient.kind === "signer")
                    .map((recipient) => ({
                      value: recipient.uuid,
                      label: recipientName(recipient),
                    }))}
                />
              </div>
              <Checkbox
                label={t("web:editor.fields.required")}
                checked={selectedField.required}
                onCheckedChange={(checked) =>
                  changeField(selectedField.key, { required: checked === true })
                }
              />
              <Button variant="danger" size="sm" onClick={() => removeField(selectedField.key)}>
                <Trash2 aria-hidden="true" />
                {t("web:editor.fields.remove")}
              </Button>
            </section>
          ) : null}
          <details className="rounded-md border border-border p-3" open={isDesktop}>
            <summary className="cursor-pointer text-sm font-semibold text-ink">
              {t("web:editor.options.title")}
            </summary>
            <div className="mt-3">
              <OptionsPanel
                options={options}
                onChange={changeOptions}
                teamName={teamName}
                personalName={personalName}
              />
            </div>
          </details>
          <details className="rounded-md border border-border p-3" open={isDesktop}>
            <summary className="cursor-pointer text-sm font-semibold text-ink">
              {t("web:tags.chips")}
            </summary>
            <div className="mt-3 flex flex-col gap-2">
              <TagChips tags={envelope.tags} />
              {mayEdit ? (
                <TagPicker
                  key={envelope.tags.map((tag) => tag.uuid).join()}
                  envelopeUuid={envelope.uuid}
                  current={envelope.tags}
                />
              ) : null}
            </div>
          </details>
        </aside>
        <section aria-label={t("web:editor.pages.title")} className="min-w-0">
          {pages}
        </section>
      </div>
    </div>
  );
}
