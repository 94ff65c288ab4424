import type { ReactNode } from "react";
import { Button } from "./button";
import { Dialog, DialogClose, DialogContent, DialogFooter } from "./dialog";

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  /** Text of the confirming button (say what it does: "Delete", "Revoke"). */
  confirmLabel: ReactNode;
  /** Text of the button that keeps things as they are. */
  cancelLabel: ReactNode;
  /** Accessible name of the × button. */
  closeLabel: string;
  onConfirm: () => void;
  /** While the action runs: the confirming button shows a spinner and is disabled. */
  pending?: boolean;
  /** The error of a failed attempt, shown inside the dialog in a `role="alert"` region. */
  error?: ReactNode;
  /** `danger` (default) for destructive actions, `primary` otherwise. */
  variant?: "danger" | "primary";
  /** Extra content between the description and the actions. */
  children?: ReactNode;
}

/**
 * A yes/no question before an action (`role="alertdialog"`): Cancel, Escape, the × and a click on
 * the overlay close it; the confirming button calls `onConfirm` and the caller closes the dialog
 * when the action succeeds, or passes its `error`.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel,
  closeLabel,
  onConfirm,
  pending = false,
  error,
  variant = "danger",
  children,
}: ConfirmDialogProps) {
  const hasError = error !== undefined && error !== null && error !== false && error !== "";
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        role="alertdialog"
        title={title}
        description={description}
        closeLabel={closeLabel}
      >
        {children}
        {hasError ? (
          <p role="alert" className="text-sm font-medium text-danger">
            {error}
          </p>
        ) : null}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="secondary">{cancelLabel}</Button>
          </DialogClose>
          <Button variant={variant} loading={pending} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
