import { useCallback, useEffect, useRef, useState } from "react";
import {
  ATTESTATION_REFRESH_MS,
  createVisibilityPoller,
  type VisibilityDocument,
} from "../status/poller";
import {
  checkAttestationRecord,
  parseAttestationResults,
  parseAttestationStatus,
  type AttestationRecord,
} from "../status/record";
import type { AttestationSnapshot } from "../status/store";

/** Where the security dialog reads the newest attestation record from (synchronously or not). */
export interface AttestationSource {
  /** The newest record, or `null` when there is none yet. A rejection is logged and shows no data. */
  load(): Promise<AttestationRecord | null> | AttestationRecord | null;
  /**
   * Calls `listener` when a newer record may be there (a handshake just saved one); returns the
   * function that stops listening. Optional: without it, the 30 s reloads pick new records up.
   */
  subscribe?(listener: () => void): () => void;
}

/** What the dialog shows: loading (before the first load ends), no data, or the newest status. */
export type AttestationState = { state: "loading" } | AttestationSnapshot;

export interface UseAttestationOptions {
  /** Load and poll only while `true` (say, while the dialog is open). Defaults to `true`. */
  enabled?: boolean;
  /** Time between two reloads while the page is visible. Defaults to 30 s (spec §9). */
  intervalMs?: number;
  /** The document whose visibility pauses the reloads. Defaults to the global `document`. */
  document?: VisibilityDocument;
}

export interface UseAttestationResult {
  attestation: AttestationState;
  /** Loads again now (say, when the dialog opens). Does nothing while disabled. */
  reload: () => void;
}

const LOADING: AttestationState = { state: "loading" };
const NO_DATA: AttestationState = { state: "no-data" };

/**
 * Turns a record into what the dialog shows, with the spec's rules (§5): an invalid status is logged
 * by the core and shows no data; invalid results are logged as a warning and ignored.
 */
function snapshotOf(record: AttestationRecord | null): AttestationSnapshot {
  if (record === null) return { state: "no-data" };
  const checked = checkAttestationRecord(record);
  if (!checked.ok) {
    console.error(
      `[attestation] The attestation record is invalid; showing no data. ${checked.issues}`,
    );
    return { state: "no-data" };
  }
  const status = parseAttestationStatus(checked.value.status);
  if (!status) return { state: "no-data" };
  return {
    state: "ready",
    status,
    results: parseAttestationResults(checked.value.results),
    date: checked.value.date,
  };
}

/** Identifies a record by its content, so that an unchanged record is neither parsed nor logged again. */
function fingerprintOf(record: AttestationRecord | null): string {
  if (record === null) return "null";
  return JSON.stringify([record.date, record.status, record.results ?? null]);
}

function isPromiseLike<T>(value: unknown): value is PromiseLike<T> {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as { then?: unknown }).then === "function"
  );
}

/**
 * Loads the newest attestation record from `source` and keeps it fresh (spec §4): it loads at once
 * when enabled, reloads every 30 s while the page is visible, pauses while the page is hidden and
 * reloads at once when it becomes visible again (the core's `createVisibilityPoller`). A source that
 * answers synchronously (local storage) is shown without a loading flash.
 *
 * `source` may be a new object on every render: the latest one is used, without restarting.
 */
export function useAttestation(
  source: AttestationSource,
  options: UseAttestationOptions = {},
): UseAttestationResult {
  const { enabled = true, intervalMs = ATTESTATION_REFRESH_MS } = options;
  const visibilityDocument =
    options.document ?? (typeof document === "undefined" ? undefined : document);
  const [attestation, setAttestation] = useState<AttestationState>(LOADING);

  const sourceRef = useRef(source);
  useEffect(() => {
    sourceRef.current = source;
  });

  // The load of the current activation (null while disabled), for `reload`.
  const loadRef = useRef<(() => void | Promise<void>) | null>(null);

  useEffect(() => {
    if (!enabled) return undefined;
    let active = true;
    let lastFingerprint: string | undefined;

    const apply = (record: AttestationRecord | null): void => {
      if (!active) return;
      const fingerprint = fingerprintOf(record);
      if (fingerprint === lastFingerprint) return;
      lastFingerprint = fingerprint;
      setAttestation(snapshotOf(record));
    };
    const fail = (error: unknown): void => {
      if (!active) return;
      console.error("[attestation] Loading the attestation record failed.", error);
      // What was shown stays (its date says how old it is); nothing shown yet becomes "no data".
      setAttestation((previous) => (previous.state === "loading" ? NO_DATA : previous));
    };
    const load = (): void | Promise<void> => {
      let loaded: ReturnType<AttestationSource["load"]>;
      try {
        loaded = sourceRef.current.load();
      } catch (error) {
        fail(error);
        return;
      }
      if (isPromiseLike<AttestationRecord | null>(loaded)) {
        return Promise.resolve(loaded).then(apply, fail);
      }
      apply(loaded);
    };
    loadRef.current = load;
    const unsubscribe = sourceRef.current.subscribe?.(() => void load());

    if (!visibilityDocument) {
      void load();
      return () => {
        active = false;
        loadRef.current = null;
        unsubscribe?.();
      };
    }
    const poller = createVisibilityPoller({ intervalMs, run: load, document: visibilityDocument });
    poller.start();
    return () => {
      active = false;
      loadRef.current = null;
      poller.stop();
      unsubscribe?.();
    };
  }, [enabled, intervalMs, visibilityDocument]);

  const reload = useCallback(() => {
    void loadRef.current?.();
  }, []);

  return { attestation, reload };
}
