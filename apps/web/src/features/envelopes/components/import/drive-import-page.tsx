import { useTranslation } from "@paraphe/i18n/react";
import { Button, EmptyState } from "@paraphe/ui-kit";
import { CloudDownload, CloudOff, ShieldCheck } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { usePageMeta } from "../../../../lib/page-meta";
import {
  DriveAuthorizationError,
  DriveFileError,
  pickedFileProblem,
  type DriveClient,
  type DrivePickedFile,
} from "../../drive/drive-client";
import { configuredDriveClient } from "../../drive/google-drive";
import { ImportPanel } from "./import-panel";
import { ImportRefusal, MAX_IMPORT_FILES, useImport, type ImportSource } from "./use-import";

/** A file picked in Google Drive, as an import source: its bytes are downloaded when imported. */
function driveSource(client: DriveClient, file: DrivePickedFile): ImportSource {
  return {
    id: `drive-${file.id}`,
    origin: "drive",
    name: file.name,
    size: file.sizeBytes ?? 0,
    problem: pickedFileProblem(file),
    read: (onProgress) =>
      client.download(file, onProgress).catch((error: unknown) => {
        throw error instanceof DriveFileError ? new ImportRefusal(error.problem) : error;
      }),
  };
}

/**
 * /envelopes/import-google-drive. With the build's Google client id and app id: the member allows
 * access to the files they pick (and to those only), picks PDFs in Google's Picker, and they are
 * imported like files of this device (`ImportPanel`: a draft each or one envelope, progress and a
 * result per file). Without them, the page says that no cloud drive is configured (spec §8).
 */
export function DriveImportPage({
  client = configuredDriveClient(),
}: {
  client?: DriveClient | null;
}) {
  const { t } = useTranslation("web");
  usePageMeta({ title: t("envelopes.import.drive.title") });
  return (
    <section aria-labelledby="drive-import-title" className="flex max-w-3xl flex-col gap-4">
      {client ? (
        <ConfiguredDriveImport client={client} />
      ) : (
        <>
          <h2 id="drive-import-title" className="text-lg font-semibold text-ink">
            {t("envelopes.import.drive.title")}
          </h2>
          <EmptyState
            icon={<CloudOff />}
            title={t("envelopes.import.drive.notConfigured")}
            description={t("envelopes.import.drive.notConfiguredHint")}
            action={
              <Link
                to="/envelopes/import"
                className="text-sm font-medium text-brand-700 underline underline-offset-2"
              >
                {t("envelopes.import.drive.fromDevice")}
              </Link>
            }
          />
        </>
      )}
    </section>
  );
}

function ConfiguredDriveImport({ client }: { client: DriveClient }) {
  const { t, i18n } = useTranslation("web");
  const [sources, setSources] = useState<ImportSource[]>([]);
  const [picking, setPicking] = useState(false);
  const [failure, setFailure] = useState<"tokenRefused" | "unavailable" | null>(null);
  const importer = useImport();
  const finished = !importer.running && importer.states.size > 0;

  const choose = async () => {
    if (picking || importer.running) return;
    setPicking(true);
    setFailure(null);
    const keep = finished ? [] : sources;
    const room = Math.max(1, MAX_IMPORT_FILES - keep.length);
    try {
      const picked = await client.pickFiles({
        max: room,
        language: i18n.resolvedLanguage ?? i18n.language,
      });
      if (picked.length === 0) return;
      if (finished) importer.reset();
      const known = new Set(keep.map((source) => source.id));
      const added = picked
        .map((file) => driveSource(client, file))
        .filter((source) => !known.has(source.id));
      setSources([...keep, ...added]);
    } catch (error) {
      setFailure(error instanceof DriveAuthorizationError ? "tokenRefused" : "unavailable");
    } finally {
      setPicking(false);
    }
  };

  return (
    <>
      <div className="flex flex-col gap-1">
        <h2 id="drive-import-title" className="text-lg font-semibold text-ink">
          {t("envelopes.import.drive.title")}
        </h2>
        <p className="text-sm text-ink-muted">{t("envelopes.import.drive.description")}</p>
        <Link
          to="/envelopes/import"
          className="self-start text-sm font-medium text-brand-700 underline underline-offset-2"
        >
          {t("envelopes.import.drive.fromDeviceInstead")}
        </Link>
      </div>

      <div className="flex flex-col items-center gap-3 rounded-lg border border-border bg-surface p-6 text-center">
        <CloudDownload aria-hidden="true" className="size-8 text-brand-600" />
        <Button
          type="button"
          loading={picking}
          disabled={importer.running || picking}
          onClick={() => void choose()}
        >
          {sources.length > 0 && !finished
            ? t("envelopes.import.drive.chooseMore")
            : t("envelopes.import.drive.choose")}
        </Button>
        <p className="text-xs text-ink-muted">
          {t("envelopes.import.drive.limits", { max: MAX_IMPORT_FILES })}
        </p>
        <p className="flex items-center gap-1.5 text-xs text-ink-muted">
          <ShieldCheck aria-hidden="true" className="size-3.5 shrink-0 text-success" />
          {t("envelopes.import.drive.access")}
        </p>
      </div>

      {failure ? (
        <p role="alert" className="text-sm font-medium text-danger">
          {t(`envelopes.import.drive.${failure}`)}
        </p>
      ) : null}

      {sources.length > 0 ? (
        <ImportPanel
          sources={sources}
          onSourcesChange={setSources}
          importer={importer}
          disabled={picking}
        />
      ) : null}
    </>
  );
}
