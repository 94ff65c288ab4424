import { type EnvelopeDetail } from "@paraphe/api-sdk/contract";
import { useCallback, useRef, useState } from "react";
import { useUploadEnvelope } from "../../api/envelope-mutations";
import {
  MAX_DOCUMENTS_PER_ENVELOPE,
  startsLikePdf,
  uploadFieldErrors,
  type UploadProblemParams,
} from "../../upload-files";

/** Files one import takes when each becomes its own draft. */
export const MAX_IMPORT_FILES = 50;
export { MAX_DOCUMENTS_PER_ENVELOPE };

/** What the files become: a draft each, or one envelope holding them all. */
export type ImportMode = "perFile" | "oneEnvelope";

/**
 * A file to import, from this device or from a cloud drive: its name and size, a refusal found
 * before sending, and how to get its bytes (base64), reporting the bytes obtained so far.
 */
export interface ImportSource {
  id: string;
  /** Where the bytes come from: this device (the default) or a cloud drive, downloaded on import. */
  origin?: "device" | "drive";
  name: string;
  size: number;
  /** A validation word (`not_pdf`, `too_large`, ...) when refused before sending. */
  problem: string | null;
  read: (onProgress: (loaded: number) => void) => Promise<string>;
}

/**
 * A file refused while its bytes are obtained (a cloud drive file too large, not a PDF, or that
 * the drive did not give), with its refusal word for the file list.
 */
export class ImportRefusal extends Error {
  constructor(readonly problem: string) {
    super(`File refused: ${problem}`);
    this.name = "ImportRefusal";
  }
}

/** Where one file stands: waiting, reading (with its fraction), sending, imported or refused. */
export type ImportItemState =
  | { stage: "waiting" }
  | { stage: "reading"; fraction: number }
  | { stage: "sending" }
  | { stage: "done"; envelope: Pick<EnvelopeDetail, "uuid" | "workspaceUuid" | "title"> }
  | {
      stage: "failed";
      problem: string | null;
      /** The numbers of the limit the file went over, when the api sent them. */
      params?: UploadProblemParams;
      message: unknown;
    };

/**
 * Imports files into drafts through the envelopes' upload (`/envelope/upload`): one call per file,
 * or one call for all of them. A file that fails does not stop the others, and each keeps its own
 * result, so nothing imported is lost on a partial failure.
 */
export function useImport() {
  const upload = useUploadEnvelope();
  const [states, setStates] = useState<ReadonlyMap<string, ImportItemState>>(new Map());
  const [running, setRunning] = useState(false);
  const runningRef = useRef(false);

  const set = useCallback((id: string, state: ImportItemState) => {
    setStates((current) => new Map(current).set(id, state));
  }, []);

  const readOne = async (source: ImportSource): Promise<string | null> => {
    set(source.id, { stage: "reading", fraction: 0 });
    try {
      const data = await source.read((loaded) =>
        set(source.id, {
          stage: "reading",
          fraction: source.size > 0 ? Math.min(1, loaded / source.size) : 0,
        }),
      );
      if (!startsLikePdf(data)) {
        set(source.id, { stage: "failed", problem: "not_pdf", message: null });
        return null;
      }
      return data;
    } catch (error) {
      const problem = error instanceof ImportRefusal ? error.problem : null;
      set(source.id, { stage: "failed", problem, message: error });
      return null;
    }
  };

  const failedByApi = (sources: readonly ImportSource[], error: unknown) => {
    const { byFile, paramsByFile } = uploadFieldErrors(error);
    sources.forEach((source, index) => {
      const params = paramsByFile.get(index);
      set(source.id, {
        stage: "failed",
        problem: byFile.get(index) ?? null,
        ...(params === undefined ? {} : { params }),
        message: error,
      });
    });
  };

  const run = async (sources: readonly ImportSource[], mode: ImportMode) => {
    if (runningRef.current || sources.length === 0) return;
    runningRef.current = true;
    setRunning(true);
    setStates(new Map(sources.map((source) => [source.id, { stage: "waiting" } as const])));
    try {
      if (mode === "perFile") {
        for (const source of sources) {
          const data = await readOne(source);
          if (data === null) continue;
          set(source.id, { stage: "sending" });
          try {
            const envelope = await upload.mutateAsync({
              files: [{ filename: source.name, data }],
            });
            set(source.id, { stage: "done", envelope });
          } catch (error) {
            failedByApi([source], error);
          }
        }
      } else {
        const files: { filename: string; data: string }[] = [];
        for (const source of sources) {
          const data = await readOne(source);
          if (data !== null) files.push({ filename: source.name, data });
        }
        // One envelope or nothing: a file that could not be read keeps the others waiting.
        if (files.length !== sources.length) {
          for (const source of sources) {
            setStates((current) =>
              current.get(source.id)?.stage === "failed"
                ? current
                : new Map(current).set(source.id, { stage: "waiting" }),
            );
          }
          return;
        }
        sources.forEach((source) => set(source.id, { stage: "sending" }));
        try {
          const envelope = await upload.mutateAsync({ files });
          sources.forEach((source) => set(source.id, { stage: "done", envelope }));
        } catch (error) {
          failedByApi(sources, error);
        }
      }
    } finally {
      runningRef.current = false;
      setRunning(false);
    }
  };

  const reset = () => setStates(new Map());

  return { states, running, run, reset };
}
