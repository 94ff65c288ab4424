import { useFormatFileSize, useTranslation } from "@paraphe/i18n/react";
import { Button, cn } from "@paraphe/ui-kit";
import { CheckCircle2, FileText, X, XCircle } from "lucide-react";
import { Link } from "react-router";
import { useErrorText } from "../../../../lib/api/error-text";
import { useUploadProblemText } from "../../use-upload-problem-text";
import { type ImportItemState, type ImportSource } from "./use-import";

/**
 * The files of an import, each with its own progress bar and result: a link to its draft, or why
 * it was refused (spec §8: file too large, invalid file type, import failure).
 */
export function ImportFileList({
  sources,
  states,
  running,
  onRemove,
}: {
  sources: readonly ImportSource[];
  states: ReadonlyMap<string, ImportItemState>;
  running: boolean;
  onRemove: (id: string) => void;
}) {
  const { t } = useTranslation("web");
  const errorText = useErrorText();
  const formatSize = useFormatFileSize();
  const problemText = useUploadProblemText();
  if (sources.length === 0) return null;
  return (
    <ul aria-label={t("envelopes.import.files")} className="flex flex-col gap-2">
      {sources.map((source) => {
        const state = states.get(source.id);
        const percent =
          state?.stage === "reading"
            ? Math.round(state.fraction * 50)
            : state?.stage === "sending"
              ? 75
              : state?.stage === "done" || state?.stage === "failed"
                ? 100
                : 0;
        const problem = source.problem ?? (state?.stage === "failed" ? state.problem : null);
        const statusText =
          source.problem !== null
            ? t("envelopes.import.stages.failed")
            : state === undefined
              ? t("envelopes.import.stages.ready")
              : state.stage === "reading" && source.origin === "drive"
                ? t("envelopes.import.stages.downloading")
                : t(`envelopes.import.stages.${state.stage}`);
        return (
          <li
            key={source.id}
            className="flex flex-col gap-2 rounded-md border border-border p-3 text-sm"
          >
            <div className="flex items-start gap-2">
              {state?.stage === "done" ? (
                <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
              ) : state?.stage === "failed" || source.problem ? (
                <XCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-danger" />
              ) : (
                <FileText aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-ink-muted" />
              )}
              <div className="flex min-w-0 flex-1 flex-col">
                <span className="truncate font-medium text-ink">{source.name}</span>
                <span className="text-xs text-ink-muted">
                  {formatSize(source.size)} · {statusText}
                </span>
              </div>
              {state === undefined && !running ? (
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={t("envelopes.upload.remove", { name: source.name })}
                  onClick={() => onRemove(source.id)}
                >
                  <X aria-hidden="true" />
                </Button>
              ) : null}
            </div>
            {state !== undefined && !source.problem ? (
              <div
                role="progressbar"
                aria-label={t("envelopes.import.progressOf", { name: source.name })}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={percent}
                aria-valuetext={statusText}
                className="h-2 w-full overflow-hidden rounded-full bg-surface-muted"
              >
                <div
                  className={cn(
                    "h-full rounded-full transition-[width]",
                    state.stage === "failed" ? "bg-danger" : "bg-brand-600",
                    state.stage === "sending" && "animate-pulse",
                  )}
                  style={{ width: `${percent}%` }}
                />
              </div>
            ) : null}
            {problem ? (
              <span role="alert" className="text-sm font-medium text-danger">
                {problemText(
                  problem,
                  source,
                  source.problem === null && state?.stage === "failed" ? state.params : undefined,
                )}
              </span>
            ) : state?.stage === "failed" ? (
              <span role="alert" className="text-sm font-medium text-danger">
                {t("envelopes.import.failed")}{" "}
                {state.message ? errorText.apiError(state.message) : null}
              </span>
            ) : null}
            {state?.stage === "done" ? (
              <Link
                to={`/envelopes/${state.envelope.workspaceUuid}/${state.envelope.uuid}/edit`}
                className="self-start text-sm font-medium text-brand-700 underline underline-offset-2"
              >
                {t("envelopes.import.openDraft", { title: state.envelope.title })}
              </Link>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
