import { PdfDropzone } from "../pdf-dropzone";
import { useTranslation } from "@paraphe/i18n/react";
import { useState } from "react";
import { Link } from "react-router";
import { usePageMeta } from "../../../../lib/page-meta";
import { pdfFileProblem, readAsBase64 } from "../../upload-files";
import { ImportPanel } from "./import-panel";
import { MAX_IMPORT_FILES, useImport, type ImportSource } from "./use-import";

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
  const [sources, setSources] = useState<ImportSource[]>([]);
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

      <ImportPanel sources={sources} onSourcesChange={setSources} importer={importer} />
    </section>
  );
}
