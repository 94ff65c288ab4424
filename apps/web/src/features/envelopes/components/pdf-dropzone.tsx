import { useTranslation } from "@paraphe/i18n/react";
import { Button, cn } from "@paraphe/ui-kit";
import { FileUp } from "lucide-react";
import { type DragEvent, useId, useRef, useState } from "react";

/**
 * Where PDFs are dropped or chosen (several at once), for the upload dialog and the import page:
 * `onFiles` gets them; nothing is taken while `busy`. `limits` says what is accepted.
 */
export function PdfDropzone({
  busy,
  onFiles,
  limits,
  testId,
}: {
  busy: boolean;
  onFiles: (files: FileList) => void;
  limits: string;
  testId: string;
}) {
  const { t } = useTranslation("web");
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (event.dataTransfer.files.length > 0) onFiles(event.dataTransfer.files);
  };

  return (
    <div
      onDragOver={(event) => {
        event.preventDefault();
        if (!busy) setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      data-testid={testId}
      className={cn(
        "flex flex-col items-center gap-3 rounded-lg border-2 border-dashed border-border p-6 text-center",
        dragging && "border-brand-500 bg-brand-50",
      )}
    >
      <FileUp aria-hidden="true" className="size-8 text-ink-muted" />
      <p className="text-sm text-ink-muted">{t("envelopes.upload.drop")}</p>
      <input
        ref={inputRef}
        id={inputId}
        type="file"
        accept="application/pdf,.pdf"
        multiple
        className="sr-only"
        tabIndex={-1}
        aria-label={t("envelopes.upload.choose")}
        onChange={(event) => {
          if (event.target.files) onFiles(event.target.files);
          event.target.value = "";
        }}
      />
      <Button
        type="button"
        variant="secondary"
        disabled={busy}
        onClick={() => inputRef.current?.click()}
      >
        {t("envelopes.upload.choose")}
      </Button>
      <p className="text-xs text-ink-muted">{limits}</p>
    </div>
  );
}
