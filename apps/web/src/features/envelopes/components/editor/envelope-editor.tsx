import { type EnvelopeDetail, type RecipientInput } from "@paraphe/api-sdk/contract";
import { useTranslation } from "@paraphe/i18n/react";
import { ConfirmDialog } from "@paraphe/ui-kit";
import { toast } from "../../../../lib/toast";
import { Send, Trash2 } from "lucide-react";
import { useMemo, useState } from "react";
import { isApiError } from "@paraphe/api-sdk";
import { Link, useNavigate } from "react-router";
import { useGate } from "../../../../app/permissions/gates";
import { PermittedButton } from "../../../../app/permissions/permitted-button";
import { fieldErrorProblems, useErrorText } from "../../../../lib/api/error-text";
import {
  useDeleteDraft,
  useSaveFields,
  useSaveRecipients,
  useSendEnvelope,
  useUpdateEnvelope,
} from "../../api/envelope-mutations";
import { DocumentEditor, sendProblems, type EditorActionsContext } from "./document-editor";
import { type EditorSource } from "./editor-source";
import { RecipientsPanel, recipientName } from "./recipients-panel";
import { useEmbeddedEditor } from "./embedded-editor-context";

export { AUTOSAVE_DELAY_MS, sendProblems } from "./document-editor";

/** The editor's source for an envelope's draft: saved through /envelope/*. */
function useEnvelopeEditorSource(envelope: EnvelopeDetail): EditorSource {
  const { t } = useTranslation("web");
  const update = useUpdateEnvelope();
  const saveFields = useSaveFields();
  // A role that may not change envelopes reads the draft as in the preview.
  const mayEdit = useGate("update Envelope").allowed;
  const { mutateAsync: updateAsync } = update;
  const { mutateAsync: saveFieldsAsync } = saveFields;
  return useMemo(
    () => ({
      kind: "envelope",
      uuid: envelope.uuid,
      workspaceUuid: envelope.workspaceUuid,
      title: envelope.title,
      documents: envelope.documents,
      fields: envelope.fields,
      options: envelope.options,
      tags: envelope.tags,
      people: envelope.recipients.map((recipient) => ({
        uuid: recipient.uuid,
        name: recipientName(recipient),
        kind: recipient.kind,
      })),
      mayEdit,
      listPath: "/envelopes",
      backLabel: t("editor.back"),
      update: (change) => updateAsync({ envelopeUuid: envelope.uuid, ...change }),
      saveFields: (fields) => saveFieldsAsync({ envelopeUuid: envelope.uuid, fields }),
    }),
    [envelope, mayEdit, t, updateAsync, saveFieldsAsync],
  );
}

/**
 * The editor of a draft (spec §2): the one document editor with the envelope's recipients, and
 * send and delete in its toolbar.
 */
export function EnvelopeEditor({ envelope }: { envelope: EnvelopeDetail }) {
  const source = useEnvelopeEditorSource(envelope);
  const saveRecipients = useSaveRecipients();
  return (
    <DocumentEditor
      source={source}
      peoplePanel={(panel) => (
        <RecipientsPanel
          envelope={envelope}
          selectedUuid={panel.selectedUuid}
          onSelect={panel.onSelect}
          save={(recipients: RecipientInput[]) =>
            panel.save(() =>
              saveRecipients.mutateAsync({ envelopeUuid: envelope.uuid, recipients }),
            )
          }
          onRemoved={panel.onRemoved}
          signingOrder={panel.signingOrder}
          onSigningOrderChange={panel.onSigningOrderChange}
        />
      )}
      actions={(context) => ({
        buttons: <EnvelopeActionButtons envelope={envelope} context={context} />,
      })}
    />
  );
}

/**
 * The documents a send was refused for (CONFLICT `pages_unreadable`: one `documents.<position>`
 * detail per document with a page that cannot be drawn, its first such page and how many), named
 * from the envelope's documents; null for any other error.
 */
export function unreadablePagesOf(
  error: unknown,
  documents: readonly { filename: string }[],
): { filename: string; page: number; count: number }[] | null {
  if (!isApiError(error) || error.code !== "CONFLICT") return null;
  const details = error.details ?? [];
  if (
    !details.some((detail) => detail.path === "conflict" && detail.message === "pages_unreadable")
  ) {
    return null;
  }
  return details.flatMap((detail) => {
    const position = /^documents\.(\d+)$/.exec(detail.path)?.[1];
    const document = position === undefined ? undefined : documents[Number(position)];
    if (document === undefined || detail.message !== "pages_unreadable") return [];
    return [
      {
        filename: document.filename,
        page: detail.params?.page ?? 1,
        count: detail.params?.count ?? 1,
      },
    ];
  });
}

/** Send (after checking what must hold) and delete, with their problems and errors. */
function EnvelopeActionButtons({
  envelope,
  context,
}: {
  envelope: EnvelopeDetail;
  context: EditorActionsContext;
}) {
  const { t } = useTranslation(["web", "common"]);
  const errorText = useErrorText();
  const navigate = useNavigate();
  const embedded = useEmbeddedEditor();
  const send = useSendEnvelope();
  const deleteDraft = useDeleteDraft();
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [problems, setProblems] = useState<string[]>([]);
  const unreadable = unreadablePagesOf(send.error, envelope.documents);

  const trySend = async () => {
    const people = envelope.recipients.map((recipient) => ({
      uuid: recipient.uuid,
      name: recipientName(recipient),
      kind: recipient.kind,
    }));
    const found = sendProblems(people, context.fields());
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
      await context.flush();
      const sent = await send.mutateAsync(envelope.uuid);
      // In a frame of the team's site, the embedding page decides what comes next.
      if (embedded !== null) embedded.onSent(sent);
      else void navigate(`/envelopes/${sent.workspaceUuid}/${sent.uuid}/view`);
    } catch {
      // The error shows beside the button.
    }
  };

  return (
    <>
      {embedded === null ? (
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
      ) : null}
      <PermittedButton
        permission="update Envelope"
        loading={send.isPending}
        onClick={() => void trySend()}
      >
        <Send aria-hidden="true" />
        {t("web:editor.send.submit")}
      </PermittedButton>
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
          deleteDraft.mutate(envelope.uuid, {
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
          ) : unreadable !== null ? (
            <>
              <p>
                {t("web:editor.send.error")} {t("web:editor.send.pagesUnreadable")}
              </p>
              <ul className="list-inside list-disc">
                {unreadable.map(({ filename, page, count }) => (
                  <li key={`${filename}:${page}`}>
                    {t("web:editor.send.pagesUnreadableIn", { filename, page, count })}
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <>
              <p>
                {t("web:editor.send.error")} {errorText.apiError(send.error)}
              </p>
              {isApiError(send.error) &&
              (send.error.code === "SIGNATURE_LIMIT_REACHED" ||
                send.error.code === "SUBSCRIPTION_INACTIVE") ? (
                <p>
                  <Link to="/settings/subscription" className="font-medium underline">
                    {t("web:editor.send.seePlans")}
                  </Link>
                </p>
              ) : null}
              <ul className="list-inside list-disc">
                {fieldErrorProblems(send.error).map(({ word, params }) => (
                  <li key={word}>{errorText.validation(word, params)}</li>
                ))}
              </ul>
            </>
          )}
        </div>
      ) : null}
    </>
  );
}
