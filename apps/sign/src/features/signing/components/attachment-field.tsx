import {
  ATTACHMENT_CONTENT_TYPES,
  ATTACHMENT_MAX_BYTES,
  type SignerAttachment,
} from "@paraphe/api-sdk/contract";
import { useTranslation } from "@paraphe/i18n/react";
import { Button, cn, Dialog, DialogContent, DialogFooter } from "@paraphe/ui-kit";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Paperclip } from "lucide-react";
import { useEffect, useId, useState, type CSSProperties, type ReactNode } from "react";
import { useApi, type SignerField } from "../../../lib/api";
import { signingKeys } from "../api/signing-queries";
import { asApiError } from "../lib/access-error";
import { useSigningLink } from "../lib/signing-link";

/** Codes the api answers for a refused file, each with its sentence (`sign:attachments.errors.*`). */
const REFUSALS = [
  "attachment_too_large",
  "attachment_type",
  "attachment_type_mismatch",
  "too_many_attachments",
] as const;
type Refusal = (typeof REFUSALS)[number] | "failed";

/**
 * Checks a chosen file before it is sent, as the api will again: at most 10 MB, a PDF, PNG or
 * JPEG (by its type here; the api reads its content).
 */
export function attachmentRefusal(file: { size: number; type: string }): Refusal | null {
  if (file.size > ATTACHMENT_MAX_BYTES) return "attachment_too_large";
  if (!(ATTACHMENT_CONTENT_TYPES as readonly string[]).includes(file.type)) {
    return "attachment_type";
  }
  return null;
}

async function base64Of(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = "";
  for (let start = 0; start < bytes.length; start += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  }
  return btoa(binary);
}

/**
 * An attachment field: a tap opens a sheet that lists the files attached to it (removable until
 * the signer signs) and adds one (PDF, PNG or JPEG, at most 10 MB, up to the field's maximum).
 * `onCount` tells the page how many files it holds, so that a required one counts as missing
 * while it has none.
 */
export function AttachmentField({
  field,
  name,
  frame,
  style,
  text,
  requiredDot,
  onCount,
}: {
  field: SignerField;
  name: string;
  frame: string;
  style: CSSProperties;
  text: string;
  requiredDot: ReactNode;
  onCount: (count: number) => void;
}) {
  const { t } = useTranslation(["sign", "common"]);
  const api = useApi();
  const link = useSigningLink();
  const queryClient = useQueryClient();
  const inputId = useId();
  const [open, setOpen] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const queryKey = [...signingKeys.envelope(link.envelopeUuid), "attachments"];
  const listed = useQuery({
    queryKey,
    queryFn: ({ signal }) => api.envelope.listAttachments(link, { signal }),
  });
  const mine = (listed.data?.attachments ?? []).filter(
    (attachment) => attachment.fieldUuid === field.uuid,
  );
  const maxFiles = field.settings.maxFiles ?? 1;
  useEffect(() => {
    onCount(mine.length);
  }, [mine.length, onCount]);

  const settle = (answer: { attachments: SignerAttachment[] }) => {
    queryClient.setQueryData(queryKey, answer);
    setRefusal(null);
  };
  const refuse = (error: unknown) => {
    const word = asApiError(error)?.details?.[0]?.message;
    setRefusal((REFUSALS as readonly string[]).includes(word ?? "") ? (word as Refusal) : "failed");
  };
  const upload = useMutation({
    mutationFn: async (file: File) =>
      api.envelope.uploadAttachment({
        ...link,
        fieldUuid: field.uuid,
        filename: file.name,
        data: await base64Of(file),
      }),
    onSuccess: settle,
    onError: refuse,
  });
  const remove = useMutation({
    mutationFn: (attachmentUuid: string) =>
      api.envelope.removeAttachment({ ...link, attachmentUuid }),
    onSuccess: settle,
    onError: refuse,
  });

  return (
    <>
      <button
        type="button"
        className={cn(frame, "cursor-pointer gap-1 px-1 text-brand-700")}
        style={style}
        data-field-kind="attachment"
        aria-label={`${name}: ${t("attachments.count", { count: mine.length })}`}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        <Paperclip aria-hidden="true" className="size-[min(1.25rem,40%)] shrink-0" />
        <span className={cn("truncate", text)} aria-hidden="true">
          {t("attachments.count", { count: mine.length })}
        </span>
        {requiredDot}
      </button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent title={name} closeLabel={t("common:actions.close")}>
          <div className="flex flex-col gap-3">
            <p className="text-sm text-ink-muted">{t("attachments.hint", { count: maxFiles })}</p>
            {mine.length > 0 ? (
              <ul className="flex flex-col gap-2">
                {mine.map((attachment) => (
                  <li key={attachment.uuid} className="flex items-center justify-between gap-2">
                    <span className="truncate text-sm">{attachment.filename}</span>
                    <Button
                      type="button"
                      variant="secondary"
                      size="sm"
                      disabled={remove.isPending}
                      aria-label={t("attachments.removeFile", { name: attachment.filename })}
                      onClick={() => remove.mutate(attachment.uuid)}
                    >
                      {t("attachments.remove")}
                    </Button>
                  </li>
                ))}
              </ul>
            ) : null}
            {mine.length < maxFiles ? (
              <div>
                <label htmlFor={inputId} className="text-sm font-medium">
                  {t("attachments.add")}
                </label>
                <input
                  id={inputId}
                  type="file"
                  accept=".pdf,.png,.jpg,.jpeg,application/pdf,image/png,image/jpeg"
                  disabled={upload.isPending}
                  className="mt-1 block w-full text-sm"
                  onChange={(event) => {
                    const file = event.target.files?.[0];
                    event.target.value = "";
                    if (!file) return;
                    const problem = attachmentRefusal(file);
                    if (problem !== null) setRefusal(problem);
                    else upload.mutate(file);
                  }}
                />
              </div>
            ) : null}
            {refusal !== null ? (
              <p role="alert" className="text-sm text-danger">
                {t(`attachments.errors.${refusal}`)}
              </p>
            ) : null}
          </div>
          <DialogFooter>
            <Button type="button" size="lg" onClick={() => setOpen(false)}>
              {t("fields.done")}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
