import { PdfDropzone } from "../pdf-dropzone";
import { useTranslation } from "@paraphe/i18n/react";
import { Button, RadioGroup } from "@paraphe/ui-kit";
import { useId, useState } from "react";
import { Link } from "react-router";
import { usePageMeta } from "../../../../lib/page-meta";
import { pdfFileProblem, readAsBase64 } from "../../upload-files";
import { ImportFileList } from "./import-results";
import {
  MAX_DOCUMENTS_PER_ENVELOPE,
  MAX_IMPORT_FILES,
  useImport,
  type ImportMode,
  type ImportSource,
} from "./use-import";

let nextId = 1;

/** A file chosen on this device, as an import source. */
function localSource(file: File): ImportSource {
  return {
    id: `local-${nextId++}`,
    name: file.name,
    size: file.size,
    problem: pdfFileProblem(file),
    read: (onProgress) => readAsBase64(file, onProgress),
  };
}

/**
 * /envelopes/import: several PDFs at once, each becoming a draft, or one envelope with them all;
 * a progress bar and a result per file (a link to the draft, or why the file was refused).
 */
export function ImportPage() {
  const { t } = useTranslation(["web", "common"]);
  usePageMeta({ title: t("web:envelopes.import.title") });
  const modeId = useId();
  const [sources, setSources] = useState<ImportSource[]>([]);
  const [mode, setMode] = useState<ImportMode>("perFile");
  const importer = useImport();
  const finished = !importer.running && importer.states.size > 0;

  const add = (files: FileList | File[]) => {
    if (importer.running) return;
    if (finished) {
      importer.reset();
      setSources(Array.from(files).map(localSource));
      return;
    }
    setSources((current) => [...current, ...Array.from(files).map(localSource)]);
  };

  const valid = sources.filter((source) => source.problem === null);
  const max = mode === "perFile" ? MAX_IMPORT_FILES : MAX_DOCUMENTS_PER_ENVELOPE;
  const tooMany = valid.length > max;

  const imported = [...importer.states.values()].filter((state) => state.stage === "done").length;
  const refused = [...importer.states.values()].filter((state) => state.stage === "failed").length;

  return (
    <section aria-labelledby="import-title" className="flex max-w-3xl flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h2 id="import-title" className="text-lg font-semibold text-ink">
          {t("web:envelopes.import.title")}
        </h2>
        <p className="text-sm text-ink-muted">{t("web:envelopes.import.description")}</p>
        <Link
          to="/envelopes/import-google-drive"
          className="self-start text-sm font-medium text-brand-700 underline underline-offset-2"
        >
          {t("web:envelopes.import.fromDrive")}
        </Link>
      </div>

      <PdfDropzone
        busy={importer.running}
        onFiles={add}
        limits={t("web:envelopes.import.limits", { max: MAX_IMPORT_FILES })}
        testId="import-dropzone"
      />

      <div className="flex flex-col gap-2">
        <p id={modeId} className="text-sm font-medium text-ink">
          {t("web:envelopes.import.modeLabel")}
        </p>
        <RadioGroup
          value={mode}
          disabled={importer.running}
          onValueChange={(value) => setMode(value as ImportMode)}
          aria-labelledby={modeId}
          options={[
            {
              value: "perFile",
              label: t("web:envelopes.import.modes.perFile"),
              description: t("web:envelopes.import.modes.perFileHint"),
            },
            {
              value: "oneEnvelope",
              label: t("web:envelopes.import.modes.oneEnvelope"),
              description: t("web:envelopes.import.modes.oneEnvelopeHint", {
                max: MAX_DOCUMENTS_PER_ENVELOPE,
              }),
            },
          ]}
        />
      </div>

      <ImportFileList
        sources={sources}
        states={importer.states}
        running={importer.running}
        onRemove={(id) => setSources((current) => current.filter((source) => source.id !== id))}
      />

      {tooMany ? (
        <p role="alert" className="text-sm font-medium text-danger">
          {t("web:envelopes.import.tooMany", { max })}
        </p>
      ) : null}

      {finished ? (
        <p role="status" className="text-sm text-ink">
          {t("web:envelopes.import.summary", { imported, refused })}
        </p>
      ) : null}

      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          loading={importer.running}
          disabled={valid.length === 0 || tooMany || importer.running || finished}
          onClick={() => void importer.run(valid, mode)}
        >
          {t("web:envelopes.import.submit", { count: valid.length })}
        </Button>
        {finished ? (
          <Button
            type="button"
            variant="secondary"
            onClick={() => {
              importer.reset();
              setSources([]);
            }}
          >
            {t("web:envelopes.import.again")}
          </Button>
        ) : null}
      </div>
    </section>
  );
}
