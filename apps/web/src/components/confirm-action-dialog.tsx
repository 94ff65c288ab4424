import { useTranslation } from "@paraphe/i18n/react";
import { ConfirmDialog } from "@paraphe/ui-kit";
import type { ReactNode } from "react";
import { useErrorText } from "../lib/api/error-text";

/** What the dialog needs of a react-query mutation (`useMutation`'s result). */
export interface ConfirmedMutation<TVariables, TResult> {
  mutate: (variables: TVariables, options: { onSuccess: (result: TResult) => void }) => void;
  reset: () => void;
  isPending: boolean;
  isError: boolean;
  error: unknown;
}

/**
 * Asks before an action on one item (remove, revoke, rotate): open while `item` is set; confirming
 * runs `mutation` with `variables(item)`, then closes and calls `onDone` (a toast, a secret to
 * show). A refusal of the api shows in the dialog, translated, and is forgotten when it closes, so
 * that the next item's dialog opens clean. Title and description stay readable while the dialog
 * fades out (the caller gives them for a null item too).
 */
export function ConfirmActionDialog<TItem, TVariables, TResult>({
  item,
  onClose,
  mutation,
  variables,
  onDone,
  title,
  description,
  confirmLabel,
  variant,
  children,
}: {
  item: TItem | null;
  onClose: () => void;
  mutation: ConfirmedMutation<TVariables, TResult>;
  variables: (item: TItem) => TVariables;
  onDone?: (result: TResult, item: TItem) => void;
  title: ReactNode;
  description?: ReactNode;
  confirmLabel: ReactNode;
  variant?: "danger" | "primary";
  children?: ReactNode;
}) {
  const { t } = useTranslation("common");
  const errorText = useErrorText();
  return (
    <ConfirmDialog
      open={item !== null}
      onOpenChange={(open) => {
        if (open) return;
        onClose();
        mutation.reset();
      }}
      title={title}
      description={description}
      confirmLabel={confirmLabel}
      cancelLabel={t("actions.cancel")}
      closeLabel={t("actions.close")}
      pending={mutation.isPending}
      error={mutation.isError ? errorText.apiError(mutation.error) : null}
      {...(variant === undefined ? {} : { variant })}
      onConfirm={() => {
        if (item === null) return;
        mutation.mutate(variables(item), {
          onSuccess: (result) => {
            onClose();
            onDone?.(result, item);
          },
        });
      }}
    >
      {children}
    </ConfirmDialog>
  );
}
