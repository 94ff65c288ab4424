import { useTranslation } from "@paraphe/i18n/react";
import { Button, RadioGroup } from "@paraphe/ui-kit";
import { useId, useState } from "react";
import { ImportFileList } from "./import-results";
import {
  MAX_DOCUMENTS_PER_ENVELOPE,
  MAX_IMPORT_FILES,
  type ImportMode,
  type ImportSource,
  type useImport,
} from "./use-import";

/**
 * What every import shows once files are chosen, wherever they come from (this device or a cloud
 * drive): what they become (a draft each, or one envelope), the files with their progress and
 * results, the summary, and the buttons to import and to start again.
 */
export function ImportPanel({
  sources,
  onSourcesChange,
  importer,
  disabled = false,
}: {
  sources: readonly ImportSource[];
  onSourcesChange: (sources: ImportSource[]) => void;
  importer: ReturnType<typeof useImport>;
  /** Holds the import button while something else is busy (the Picker being open). */
  disabled?: boolean;
}) {
  const { t } = useTranslation("web");
  const modeId = useId();
  const [mode, setMode] = useState<ImportMode>("perFile");
  const finished = !importer.running && importer.states.size > 0;

  const valid = sources.filter((source) => source.problem === null);
  const max = mode === "perFile" ? MAX_IMPORT_FILES : MAX_DOCUMENTS_PER_ENVELOPE;
  const tooMany = valid.length > max;

  const imported = [...importer.states.values()].filter((state) => state.stage === "done").length;
  const refused = [...importer.states.values()].filter((state) => state.stage === "failed").length;

  return (
    <>
      <div className="flex flex-col gap-2">
        <p id={modeId} className="text-sm font-medium text-ink">
          {t("envelopes.import.modeLabel")}
        </p>
        <RadioGroup
          value={mode}
          disabled={importer.running}
          onValueChange={(value) => setMode(value as ImportMode)}
          aria-labelledby={modeId}
          options={[
            {
              value: "perFile",
              label: t("envelopes.import.modes.perFile"),
              description: t("envelopes.import.modes.perFileHint"),
            },
            {
              value: "oneEnvelope",
              label: t("envelopes.import.modes.oneEnvelope"),
              description: t("envelopes.import.modes.oneEnvelopeHint", {
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
        onRemove={(id) => onSourcesChange(sources.filter((source) => source.id !== id))}
      />

      {tooMany ? (
        <p role="alert" className="text-sm font-medium text-danger">
          {t("envelopes.import.tooMany", { max })}
        </p>
      ) : null}

      {finished ? (
        <p role="status" className="text-sm text-ink">
          {t("envelopes.import.summary", {
            imported: t("envelopes.import.importedCount", { count: imported }),
            refused: t("envelopes.import.refusedCount", { count: refused }),
          })}
        </p>
      ) : null}

      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          loading={importer.running}
          disabled={valid.length === 0 || tooMany || importer.running || finished || disabled}
          onClick={() => void importer.run(valid, mode)}
        >
          {t("envelopes.import.submit", { count: valid.length })}
        </Button>
        {finished ? (
          <Button
            type="button"
            variant="secondary"
            onClick={() => {
              importer.reset();
              onSourcesChange([]);
            }}
          >
            {t("envelopes.import.again")}
          </Button>
        ) : null}
      </div>
    </>
  );
}
