import { isApiError } from "@paraphe/api-sdk";
import { useTranslation } from "@paraphe/i18n/react";
import { Button, ConfirmDialog } from "@paraphe/ui-kit";
import type { UseMutationResult } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { useErrorText } from "../../../lib/api/error-text";
import { ConfirmationField, confirmationMatches } from "./confirmation-field";

/**
 * A deletion confirmed by typing what is deleted (the account's email, the team's name): the
 * danger button, then a dialog that says what goes (`children` above the field), refuses a typed
 * text that does not match before asking the api, says a field refusal under the field and any
 * other refusal in the dialog, and forgets what was typed when it closes.
 */
export function TypedDeletion<TVariables>({
  openLabel,
  title,
  description,
  confirmLabel,
  fieldLabel,
  expected,
  ignoreCase = false,
  path,
  remove,
  variables,
  onDeleted,
  children,
}: {
  openLabel: string;
  title: string;
  description: string;
  confirmLabel: string;
  fieldLabel: string;
  /** What must be typed. */
  expected: string;
  /** Emails match without case, as the api compares them. */
  ignoreCase?: boolean;
  /** The request's field of the typed text, where the api says a refusal. */
  path: string;
  remove: UseMutationResult<unknown, Error, TVariables>;
  variables: (typed: string) => TVariables;
  onDeleted: () => unknown;
  children?: ReactNode;
}) {
  const { t } = useTranslation("common");
  const errorText = useErrorText();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState("");
  const [mismatch, setMismatch] = useState(false);

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setTyped("");
      setMismatch(false);
      remove.reset();
    }
  };
  const onConfirm = () => {
    if (!confirmationMatches(typed, expected, ignoreCase)) {
      setMismatch(true);
      return;
    }
    setMismatch(false);
    remove.mutate(variables(typed), { onSuccess: () => onDeleted() });
  };
  // A field refusal is said under the field; any other refusal (sole_owner...) in the dialog.
  const fieldRefusal = isApiError(remove.error) && remove.error.code === "VALIDATION_ERROR";

  return (
    <>
      <div>
        <Button variant="danger" onClick={() => setOpen(true)}>
          {openLabel}
        </Button>
      </div>
      <ConfirmDialog
        open={open}
        onOpenChange={onOpenChange}
        title={title}
        description={description}
        confirmLabel={confirmLabel}
        cancelLabel={t("actions.cancel")}
        closeLabel={t("actions.close")}
        variant="danger"
        pending={remove.isPending}
        error={remove.isError && !fieldRefusal ? errorText.apiError(remove.error) : null}
        onConfirm={onConfirm}
      >
        {children}
        <ConfirmationField
          label={fieldLabel}
          value={typed}
          onChange={(value) => {
            setTyped(value);
            setMismatch(false);
          }}
          mismatch={mismatch}
          error={remove.error}
          path={path}
        />
      </ConfirmDialog>
    </>
  );
}
