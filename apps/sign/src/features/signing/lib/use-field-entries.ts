import { useCallback, useMemo, useState } from "react";
import { type OpenedEnvelope, type SignerField } from "../../../lib/api";
import { initialFieldValues, missingRequiredFields, type FieldValues } from "./field-values";

/**
 * What the recipient entered in their fields, and which required ones are shown missing (red): once
 * the signer changed one and left it empty, or tried to finish (`showMissing`, a tap on the
 * signature zone with fields left), not before they did anything.
 */
export function useFieldEntries(opened: OpenedEnvelope): {
  values: FieldValues;
  onChange: (fieldUuid: string, value: string) => void;
  /** The required fields still empty, shown or not. */
  missingFields: SignerField[];
  /** The required fields shown missing. */
  missing: Set<string>;
  showMissing: () => void;
} {
  const [values, setValues] = useState<FieldValues>(() => initialFieldValues(opened));
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [triedToFinish, setTriedToFinish] = useState(false);
  const onChange = useCallback((fieldUuid: string, value: string) => {
    setValues((current) => ({ ...current, [fieldUuid]: value }));
    setTouched((current) => (current.has(fieldUuid) ? current : new Set(current).add(fieldUuid)));
  }, []);
  const missingFields = missingRequiredFields(opened.fields, values);
  const missing = useMemo(
    () =>
      new Set(
        missingFields
          .filter((field) => triedToFinish || touched.has(field.uuid))
          .map((field) => field.uuid),
      ),
    [missingFields, triedToFinish, touched],
  );
  const showMissing = useCallback(() => setTriedToFinish(true), []);
  return { values, onChange, missingFields, missing, showMissing };
}
