import { type FieldKind } from "@paraphe/api-sdk/contract";
import { useTranslation } from "@paraphe/i18n/react";
import { Button, DESKTOP_MEDIA_QUERY, EditablePageTitle, useMediaQuery } from "@paraphe/ui-kit";
import { Eye, PenLine } from "lucide-react";
import { useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useNavigate } from "react-router";
import { useErrorText } from "../../../../lib/api/error-text";
import { usePageMeta } from "../../../../lib/page-meta";
import { useSession } from "../../../../app/session/session-context";
import { boxAt, type FieldBox } from "../../field-geometry";
import { recipientPalette } from "../../recipient-colors";
import { DocumentPages, pageAtPoint } from "./document-pages";
import { canBeRequired, defaultSettings, newFieldKey, type FieldDraft } from "./field-draft";
import { FieldPalette } from "./field-palette";
import { OptionsPanel } from "./options-panel";
import { type EditorSource, type PeoplePanelProps } from "./editor-source";
import { TagChips } from "../../../../domain/tags";
import { TagPicker } from "../tag-picker";
import { SaveIndicator } from "./save-indicator";
import { SelectedFieldPanel } from "./selected-field-panel";
import { useEditorAutosave } from "./use-editor-autosave";
import { useSaveStatus } from "./use-save-status";

export { AUTOSAVE_DELAY_MS } from "./use-editor-autosave";

/**
 * What must hold before sending an envelope or activating a template (the api checks again): a
 * person, a signer among them, and a signature field for each signer.
 */
export function sendProblems(
  people: readonly {
    uuid: string;
    name: string;
    kind: "signer" | "approver" | "cc" | "viewer";
  }[],
  fields: readonly Pick<FieldDraft, "kind" | "recipientUuid">[],
): ({ kind: "noRecipient" } | { kind: "noSigner" } | { kind: "noSignature"; name: string })[] {
  if (people.length === 0) return [{ kind: "noRecipient" }];
  const signers = people.filter((person) => person.kind === "signer");
  if (signers.length === 0) return [{ kind: "noSigner" }];
  return signers
    .filter(
      (person) =>
        !fields.some((field) => field.kind === "signature" && field.recipientUuid === person.uuid),
    )
    .map((person) => ({ kind: "noSignature" as const, name: person.name }));
}

/** What the editor hands its actions (send, activate, delete): saving what is pending, the fields. */
export interface EditorActionsContext {
  flush: () => Promise<void>;
  fields: () => readonly FieldDraft[];
}

/** The actions' buttons in the toolbar, and what shows below them (dialogs, problems, errors). */
export interface EditorActions {
  buttons: ReactNode;
  below?: ReactNode;
}

/**
 * The one document editor (spec §2), for an envelope's draft and for a template alike: title, the
 * people (recipients or roles) and signing order, fields placed on the pages for each person,
 * options, tags, save indicator and preview. What it edits and how it saves come from `source`;
 * the people panel and the actions (send, activate, delete) from the caller. Fields and options
 * are saved after a quiet time, people at once.
 */
export function DocumentEditor({
  source,
  peoplePanel,
  actions,
  notice,
}: {
  source: EditorSource;
  peoplePanel: (props: PeoplePanelProps) => ReactNode;
  actions: (context: EditorActionsContext) => EditorActions;
  /** Shown above the pages (e.g. why the document cannot be changed). */
  notice?: ReactNode;
}) {
  const { t } = useTranslation(["web", "common"]);
  const errorText = useErrorText();
  const navigate = useNavigate();
  const { profile } = useSession();
  const isDesktop = useMediaQuery(DESKTOP_MEDIA_QUERY);
  const saveStatus = useSaveStatus();
  const mayEdit = source.mayEdit;

  const { fields, fieldsRef, changeFields, options, changeOptions, flush, afterOptionsSave } =
    useEditorAutosave(source, saveStatus);
  const [selectedRecipient, setSelectedRecipient] = useState<string | null>(
    source.people[0]?.uuid ?? null,
  );
  const [armedKind, setArmedKind] = useState<FieldKind | null>(null);
  const [selectedKey, setSelectedKey] = useState<string | null>(null);
  // A newly placed field takes the focus (so that the arrow keys move it at once).
  const [focusKey, setFocusKey] = useState<string | null>(null);
  // Read by screen readers: a tool chosen, a field placed or removed.
  const [announcement, setAnnouncement] = useState("");
  const asideRef = useRef<HTMLElement>(null);
  const [previewing, setPreviewing] = useState(false);

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

  // --- Title --------------------------------------------------------------------------------
  const saveTitle = (title: string) => saveStatus.track(source.update({ title })).catch(() => {});
  usePageMeta({
    title: source.title,
    back: { label: source.backLabel, onClick: () => void navigate(source.listPath) },
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
        source.people.map((person, index) => [
          person.uuid,
          { name: person.name, ...recipientPalette(index) },
        ]),
      ),
    [source.people],
  );
  const currentRecipient =
    source.people.find((person) => person.uuid === selectedRecipient) ?? source.people[0] ?? null;
  const currentLook =
    (currentRecipient ? looks.get(currentRecipient.uuid) : undefined) ?? recipientPalette(0);

  // --- Fields ---------------------------------------------------------------------------------
  const place = (
    kind: FieldKind,
    documentUuid: string,
    page: number,
    point: { x: number; y: number },
  ) => {
    if (!currentRecipient) return;
    const size = source.documents.find((document) => document.uuid === documentUuid)?.pages[page];
    if (!size) return;
    const key = newFieldKey();
    changeFields((current) => [
      ...current,
      {
        key,
        // A uuid from the start, for another field's condition to name it before the save.
        uuid: crypto.randomUUID(),
        documentUuid,
        page,
        kind,
        recipientUuid: currentRecipient.uuid,
        required: kind !== "checkbox" && canBeRequired(kind),
        label: null,
        settings: defaultSettings(kind, {
          option: (number) => t("web:editor.fields.settings.defaultOption", { number }),
          readonlyText: t("web:editor.fields.settings.defaultReadonlyText"),
        }),
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

  const teamName = profile?.team?.name ?? "";
  const personalName =
    [profile?.firstname, profile?.lastname].filter(Boolean).join(" ") || profile?.email || "";

  const toolbarActions = actions({ flush, fields: () => fieldsRef.current });
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
        {toolbarActions.buttons}
      </div>
      {toolbarActions.below}
    </div>
  );

  const readOnly = previewing || !mayEdit;
  const pages = (
    <DocumentPages
      envelope={source}
      source={source.kind}
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
        {notice ??
          (mayEdit ? null : (
            <p role="note" className="rounded-md border border-border bg-surface-muted p-3 text-sm">
              {t("web:permissions.readOnlyDraft")}
            </p>
          ))}
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
          value={source.title}
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
          {peoplePanel({
            selectedUuid: currentRecipient?.uuid ?? null,
            onSelect: setSelectedRecipient,
            save: (run) => saveStatus.track(afterOptionsSave(run)),
            onRemoved: (uuid) =>
              changeFields((current) => current.filter((field) => field.recipientUuid !== uuid)),
            signingOrder: options.signingOrder,
            // Saved at once: the server puts the people in the order's steps, which the list
            // then shows (and custom steps are saved under the custom order only).
            onSigningOrderChange: (signingOrder) => changeOptions({ signingOrder }, { now: true }),
          })}
          <FieldPalette
            armedKind={armedKind}
            onArm={arm}
            color={currentLook.color}
            ink={currentLook.ink}
            disabled={!currentRecipient || currentRecipient.kind !== "signer"}
            {...(currentRecipient?.kind === "approver"
              ? { disabledHint: t("web:editor.recipients.approverNoFields") }
              : currentRecipient?.kind === "cc"
                ? { disabledHint: t("web:editor.recipients.ccNoFields") }
                : currentRecipient?.kind === "viewer"
                  ? { disabledHint: t("web:editor.recipients.viewerNoFields") }
                  : {})}
            onDrop={(kind, clientX, clientY) => {
              const target = pageAtPoint(clientX, clientY);
              if (target) place(kind, target.documentUuid, target.page, target.point);
            }}
          />
          {selectedField ? (
            <SelectedFieldPanel
              field={selectedField}
              fields={fields}
              signers={source.people.filter((person) => person.kind === "signer")}
              onChange={(change) => changeField(selectedField.key, change)}
              onRemove={() => removeField(selectedField.key)}
              onClose={() => setSelectedKey(null)}
            />
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
              <TagChips tags={source.tags} />
              {mayEdit ? (
                <TagPicker
                  key={source.tags.map((tag) => tag.uuid).join()}
                  envelopeUuid={source.uuid}
                  current={source.tags}
                  target={source.kind}
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
