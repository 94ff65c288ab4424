import { PdfDropzone } from "./pdf-dropzone";
import { useFormatFileSize, useTranslation } from "@paraphe/i18n/react";
import { Button, Dialog, DialogContent, DialogFooter, cn } from "@paraphe/ui-kit";
import { FileText, X } from "lucide-react";
import { useState } from "react";
import { useNavigate } from "react-router";
import { useErrorText } from "../../../lib/api/error-text";
import { type UploadProgress } from "@paraphe/api-sdk";
import { useUploadEnvelope } from "../api/envelope-mutations";
import { useCreateTemplate } from "../api/template-mutations";
import {
  MAX_DOCUMENTS_PER_ENVELOPE,
  pdfFileProblem,
  readAsBase64,
  startsLikePdf,
  uploadFieldErrors,
  type UploadProblemParams,
} from "../upload-files";
import { useUploadProblemText } from "../use-upload-problem-text";

interface Chosen {
  id: number;
  file: File;
  /** Refused before sending (client check) or by the api: a validation word. */
  problem: string | null;
  /** The numbers of the limit the file went over, when the api sent them. */
  params?: UploadProblemParams;
}

type Stage = "idle" | "reading" | "sending" | "checking" | "done";

let nextId = 1;

/**
 * Upload of one or more PDFs into a new draft envelope: drag and drop or the file picker, checks
 * before sending (PDF, ≤ 20 MB), stage progress (reading the files, then encrypting and sending
 * them, both with real byte progress, then the server's check of the documents), the api's
 * refusals beside each file; success opens the editor.
 */
export function UploadDialog({
  open,
  onOpenChange,
  workspaceUuid,
  target = "envelope",
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  workspaceUuid?: string;
  /** What the files become: an envelope's draft (/envelope/upload) or a template (/template/create). */
  target?: "envelope" | "template";
}) {
  const { t } = useTranslation(["web", "common"]);
  const errorText = useErrorText();
  const navigate = useNavigate();
  const [sentFraction, setSentFraction] = useState(0);
  const onUploadProgress = ({ sent, total }: UploadProgress) => {
    setSentFraction(total > 0 ? sent / total : 1);
    // Every byte out: the server now checks the documents.
    if (total > 0 && sent >= total)
      setStage((current) => (current === "sending" ? "checking" : current));
  };
  const uploadEnvelope = useUploadEnvelope({ onUploadProgress });
  const createTemplate = useCreateTemplate({ onUploadProgress });
  const upload = target === "template" ? createTemplate : uploadEnvelope;
  const texts = target === "template" ? "web:templates.upload" : "web:envelopes.upload";
  const [chosen, setChosen] = useState<Chosen[]>([]);
  const [stage, setStage] = useState<Stage>("idle");
  const [readFraction, setReadFraction] = useState(0);
  const [generalError, setGeneralError] = useState<string | null>(null);
  const formatSize = useFormatFileSize();
  const problemText = useUploadProblemText();
  const busy = stage === "reading" || stage === "sending" || stage === "checking";

  const reset = () => {
    setChosen([]);
    setStage("idle");
    setReadFraction(0);
    setSentFraction(0);
    setGeneralError(null);
    upload.reset();
  };

  const add = (files: FileList | File[]) => {
    if (busy) return;
    // Copied now: the picker's FileList is emptied when its value is reset just after.
    const added = Array.from(files).map((file) => ({
      id: nextId++,
      file,
      problem: pdfFileProblem(file),
    }));
    setGeneralError(null);
    setChosen((current) => [...current, ...added]);
  };

  const valid = chosen.filter((item) => item.problem === null);
  const tooMany = valid.length > MAX_DOCUMENTS_PER_ENVELOPE;

  const start = async () => {
    if (valid.length === 0 || tooMany) return;
    setGeneralError(null);
    setStage("reading");
    const total = valid.reduce((sum, item) => sum + item.file.size, 0) || 1;
    const loaded = new Map<number, number>();
    const files: { filename: string; data: string }[] = [];
    const notPdf = new Set<number>();
    try {
      for (const item of valid) {
        const data = await readAsBase64(item.file, (bytes) => {
          loaded.set(item.id, bytes);
          setReadFraction([...loaded.values()].reduce((sum, value) => sum + value, 0) / total);
        });
        if (!startsLikePdf(data)) notPdf.add(item.id);
        files.push({ filename: item.file.name, data });
      }
    } catch {
      setStage("idle");
      setGeneralError(t("web:envelopes.upload.readError"));
      return;
    }
    if (notPdf.size > 0) {
      setChosen((current) =>
        current.map((item) => (notPdf.has(item.id) ? { ...item, problem: "not_pdf" } : item)),
      );
      setStage("idle");
      return;
    }
    setSentFraction(0);
    setStage("sending");
    try {
      const envelope = await upload.mutateAsync({
        files,
        ...(workspaceUuid ? { workspaceUuid } : {}),
      });
      setStage("done");
      onOpenChange(false);
      reset();
      const area = target === "template" ? "templates" : "envelopes";
      void navigate(`/${area}/${envelope.workspaceUuid}/${envelope.uuid}/edit`);
    } catch (error) {
      setStage("idle");
      const { byFile, paramsByFile, other } = uploadFieldErrors(error);
      if (byFile.size > 0) {
        const ids = valid.map((item) => item.id);
        setChosen((current) =>
          current.map((item) => {
            const index = ids.indexOf(item.id);
            const word = byFile.get(index);
            const params = paramsByFile.get(index);
            return word ? { ...item, problem: word, ...(params ? { params } : {}) } : item;
          }),
        );
      }
      if (other || byFile.size === 0) setGeneralError(errorText.apiError(error));
    }
  };

  // The bar: reading the files is its first half, sending them the second; checking pulses full.
  const percent = (fraction: number) => Math.round(fraction * 100);
  const barPercent =
    stage === "reading"
      ? percent(readFraction) / 2
      : stage === "sending"
        ? 50 + percent(sentFraction) / 2
        : 100;
  const steps: { stage: Stage; label: string }[] = [
    { stage: "reading", label: t("web:envelopes.upload.stages.reading") },
    { stage: "sending", label: t("web:envelopes.upload.stages.sending") },
    { stage: "checking", label: t("web:envelopes.upload.stages.checking") },
    { stage: "done", label: t("web:envelopes.upload.stages.opening") },
  ];
  const current = steps.findIndex((step) => step.stage === stage);
  const stepPercent =
    stage === "reading"
      ? percent(readFraction)
      : stage === "sending"
        ? percent(sentFraction)
        : null;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (busy) return;
        if (!next) reset();
        onOpenChange(next);
      }}
    >
      <DialogContent
        title={t(`${texts}.title`)}
        description={t(`${texts}.description`)}
        closeLabel={t("common:actions.close")}
      >
        <PdfDropzone
          busy={busy}
          onFiles={add}
          limits={t("web:envelopes.upload.limits", { max: MAX_DOCUMENTS_PER_ENVELOPE })}
          testId="upload-dropzone"
        />

        {chosen.length > 0 ? (
          <ul aria-label={t("web:envelopes.upload.files")} className="flex flex-col gap-2">
            {chosen.map((item) => (
              <li
                key={item.id}
                className="flex items-start gap-2 rounded-md border border-border p-2 text-sm"
              >
                <FileText aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-ink-muted" />
                <div className="flex min-w-0 flex-1 flex-col">
                  <span className="truncate font-medium text-ink">{item.file.name}</span>
                  <span className="text-xs text-ink-muted">{formatSize(item.file.size)}</span>
                  {item.problem ? (
                    <span role="alert" className="text-sm font-medium text-danger">
                      {problemText(item.problem, item.file, item.params)}
                    </span>
                  ) : null}
                </div>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  disabled={busy}
                  aria-label={t("web:envelopes.upload.remove", { name: item.file.name })}
                  onClick={() =>
                    setChosen((current) => current.filter((other) => other.id !== item.id))
                  }
                >
                  <X aria-hidden="true" />
                </Button>
              </li>
            ))}
          </ul>
        ) : null}

        {tooMany ? (
          <p role="alert" className="text-sm font-medium text-danger">
            {t("web:envelopes.upload.tooMany", { max: MAX_DOCUMENTS_PER_ENVELOPE })}
          </p>
        ) : null}

        {busy ? (
          <div className="flex flex-col gap-2">
            <div
              role="progressbar"
              aria-label={t("web:envelopes.upload.progress")}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={Math.round(barPercent)}
              aria-valuetext={steps[current]?.label}
              className="h-2 w-full overflow-hidden rounded-full bg-surface-muted"
            >
              <div
                className={cn(
                  "h-full rounded-full bg-brand-600 transition-[width]",
                  stage === "checking" && "animate-pulse",
                )}
                style={{ width: `${String(barPercent)}%` }}
              />
            </div>
            <ol className="flex flex-col gap-0.5 text-xs text-ink-muted" aria-live="polite">
              {steps.map((step, index) => (
                <li key={step.stage} aria-current={index === current ? "step" : undefined}>
                  {index < current ? "✓ " : index === current ? "→ " : "· "}
                  {step.label}
                  {index === current && stepPercent !== null ? ` (${String(stepPercent)} %)` : ""}
                </li>
              ))}
            </ol>
          </div>
        ) : null}

        {generalError ? (
          <p role="alert" className="text-sm font-medium text-danger">
            {generalError}
          </p>
        ) : null}

        <DialogFooter>
          <Button
            type="button"
            loading={busy}
            disabled={valid.length === 0 || tooMany || busy}
            onClick={() => void start()}
          >
            {t(`${texts}.submit`)}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
