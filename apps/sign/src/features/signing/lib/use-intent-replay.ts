import { useEffect, useRef, useState } from "react";
import { type SignerField } from "../../../lib/api";
import { type FieldValues } from "./field-values";
import { type SigningIntent } from "./signing-intent";

/** Fields a tap acts on (a signature zone opens the pad, a checkbox is ticked) rather than opens. */
const ACTED_FIELDS = new Set<string>(["signature", "initials", "checkbox"]);

/**
 * A tap made on the first page's view before the workspace's code came, done once as the workspace
 * mounts: Sign only as the bar allows it (`canSign`), Decline, the delegation, a checkbox ticked, a
 * signature zone tapped. A field with a sheet opens as it mounts: its uuid is returned, for the page
 * that draws it.
 */
export function useIntentReplay({
  intent,
  fields,
  values,
  canSign,
  onSign,
  onDecline,
  openDelegation,
  onChange,
  onSignatureZone,
}: {
  intent: SigningIntent | null;
  fields: SignerField[];
  values: FieldValues;
  canSign: boolean;
  onSign: () => void;
  onDecline: (() => void) | undefined;
  openDelegation: (() => void) | undefined;
  onChange: (fieldUuid: string, value: string) => void;
  onSignatureZone: () => void;
}): string | null {
  const intendedField =
    intent?.kind === "field" ? fields.find((field) => field.uuid === intent.fieldUuid) : undefined;
  const [openField] = useState(() =>
    intendedField && !ACTED_FIELDS.has(intendedField.kind) ? intendedField.uuid : null,
  );
  const done = useRef(false);
  useEffect(() => {
    if (intent === null || done.current) return;
    done.current = true;
    if (intent.kind === "sign") {
      if (canSign) onSign();
    } else if (intent.kind === "decline") onDecline?.();
    else if (intent.kind === "delegate") openDelegation?.();
    else if (intendedField?.kind === "checkbox") {
      onChange(intendedField.uuid, values[intendedField.uuid] === "true" ? "false" : "true");
    } else if (intendedField && ACTED_FIELDS.has(intendedField.kind)) onSignatureZone();
  });
  return openField;
}
