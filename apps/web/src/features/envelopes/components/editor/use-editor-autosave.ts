import { type EnvelopeOptions } from "@paraphe/api-sdk/contract";
import { useCallback, useEffect, useRef, useState } from "react";
import { type EditorSource } from "./editor-source";
import { draftOf, fieldInputs, type FieldDraft } from "./field-draft";
import { type useSaveStatus } from "./use-save-status";

/** Quiet time before the fields and the options are saved (ms). */
export const AUTOSAVE_DELAY_MS = 700;

/**
 * The document editor's fields and options, each saved after a quiet time of
 * {@link AUTOSAVE_DELAY_MS} through `source`, every save tracked by `saveStatus`; what is pending is
 * saved when the editor closes. `afterOptionsSave` runs a save once the options' save under way
 * has ended (the people's saves wait for it: the server puts people in the signing order's steps).
 */
export function useEditorAutosave(
  source: EditorSource,
  saveStatus: ReturnType<typeof useSaveStatus>,
) {
  const [fields, setFields] = useState<FieldDraft[]>(() => source.fields.map(draftOf));
  const [options, setOptions] = useState<EnvelopeOptions>(source.options);
  const fieldsRef = useRef(fields);
  const fieldsVersion = useRef(0);
  const fieldsTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const pendingOptions = useRef<Partial<EnvelopeOptions> | null>(null);
  const optionsTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // The options save under way: the people's saves wait for it (see PeoplePanelProps.save).
  const optionsSaving = useRef<Promise<unknown>>(Promise.resolve());

  const saveFieldsNow = useCallback(async () => {
    fieldsTimer.current = null;
    const version = fieldsVersion.current;
    const sent = fieldsRef.current;
    const saved = await saveStatus.track(source.saveFields(fieldInputs(sent)));
    // Keep the uuids the api gave new fields, unless the fields changed meanwhile.
    if (fieldsVersion.current === version && saved.fields.length === sent.length) {
      const withUuids = sent.map((field, index) => ({ ...field, uuid: saved.fields[index]?.uuid }));
      fieldsRef.current = withUuids;
      setFields(withUuids);
    }
  }, [source, saveStatus]);

  const changeFields = useCallback(
    (change: (current: FieldDraft[]) => FieldDraft[]) => {
      const next = change(fieldsRef.current);
      fieldsRef.current = next;
      fieldsVersion.current += 1;
      setFields(next);
      if (fieldsTimer.current) clearTimeout(fieldsTimer.current);
      fieldsTimer.current = setTimeout(
        () => void saveFieldsNow().catch(() => {}),
        AUTOSAVE_DELAY_MS,
      );
    },
    [saveFieldsNow],
  );

  const saveOptionsNow = useCallback(async () => {
    optionsTimer.current = null;
    const change = pendingOptions.current;
    pendingOptions.current = null;
    if (!change) return;
    const saving = saveStatus.track(source.update({ options: change }));
    optionsSaving.current = saving.catch(() => undefined);
    await saving;
  }, [source, saveStatus]);

  /** Changes the options, saved after the quiet time, or `now`. */
  const changeOptions = (change: Partial<EnvelopeOptions>, { now = false } = {}) => {
    setOptions((current) => ({ ...current, ...change }));
    pendingOptions.current = { ...pendingOptions.current, ...change };
    if (optionsTimer.current) clearTimeout(optionsTimer.current);
    if (now) {
      void saveOptionsNow().catch(() => {});
      return;
    }
    optionsTimer.current = setTimeout(
      () => void saveOptionsNow().catch(() => {}),
      AUTOSAVE_DELAY_MS,
    );
  };

  /** Saves what is pending at once and waits for every save under way. */
  const flush = async () => {
    if (fieldsTimer.current) {
      clearTimeout(fieldsTimer.current);
      await saveFieldsNow();
    }
    if (optionsTimer.current) {
      clearTimeout(optionsTimer.current);
      await saveOptionsNow();
    }
    await saveStatus.settle();
  };

  // Saves what is pending when the editor closes.
  const flushOnLeave = useRef(flush);
  flushOnLeave.current = flush;
  useEffect(() => () => void flushOnLeave.current().catch(() => {}), []);

  const afterOptionsSave = <T>(run: () => Promise<T>): Promise<T> =>
    optionsSaving.current.then(run);

  return { fields, fieldsRef, changeFields, options, changeOptions, flush, afterOptionsSave };
}
