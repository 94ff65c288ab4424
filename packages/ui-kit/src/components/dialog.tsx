import { X } from "lucide-react";
import { Dialog as DialogPrimitive } from "radix-ui";
import {
  useEffect,
  useRef,
  useState,
  type ComponentPropsWithoutRef,
  type HTMLAttributes,
  type ReactNode,
  type RefObject,
} from "react";
import { cn } from "../lib/cn";
import { buttonVariants } from "./button";

/** Root of a modal dialog (radix Dialog): controlled with `open`/`onOpenChange` or uncontrolled. */
export const Dialog = DialogPrimitive.Root;
/** The element that opens the dialog; use `asChild` to keep your own Button. */
export const DialogTrigger = DialogPrimitive.Trigger;
/** Closes the dialog; use `asChild` around a Button. */
export const DialogClose = DialogPrimitive.Close;

export interface DialogContentProps extends Omit<
  ComponentPropsWithoutRef<typeof DialogPrimitive.Content>,
  "title" | "children"
> {
  /** Accessible and visible title of the dialog. */
  title: ReactNode;
  /** Optional text under the title, read by screen readers when the dialog opens. */
  description?: ReactNode;
  /** Accessible name of the close (×) button. */
  closeLabel: string;
  children?: ReactNode;
  className?: string;
}

/**
 * The dialog panel with its overlay: focus is trapped inside, Escape and a click on the overlay close
 * it, and focus returns to the element that had it when the dialog opened (the trigger, or the
 * button of a dialog opened with `open` and no trigger), or else to the trigger. Full-width on
 * phones, at most 32 rem wide elsewhere, and it scrolls when taller than the viewport.
 */
export function DialogContent({
  title,
  description,
  closeLabel,
  children,
  className,
  onCloseAutoFocus,
  ...props
}: DialogContentProps) {
  // Radix gives the focus back to a DialogTrigger only: a dialog opened by `open` would leave it on
  // the page's body, lost for a keyboard user.
  const returnFocusTo = useRef<HTMLElement | null>(null);
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay
        data-slot="dialog-overlay"
        className="fixed inset-0 z-50 bg-ink/40 animate-backdrop-in"
      />
      <DialogPrimitive.Content
        {...(description ? {} : { "aria-describedby": undefined })}
        className={cn(
          "fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 flex-col",
          "overflow-y-auto rounded-card border border-border bg-surface p-5 text-ink shadow-popover animate-fade-in sm:p-6",
          "focus-visible:outline-none",
          className,
        )}
        onCloseAutoFocus={(event) => {
          onCloseAutoFocus?.(event);
          const target = returnFocusTo.current;
          returnFocusTo.current = null;
          if (event.defaultPrevented || !target?.isConnected || target === document.body) return;
          event.preventDefault();
          target.focus();
        }}
        {...props}
      >
        <RememberFocus into={returnFocusTo} />
        <div className="mb-4 flex min-w-0 flex-col gap-1 pr-8">
          <DialogPrimitive.Title className="text-lg leading-7 font-semibold text-balance">
            {title}
          </DialogPrimitive.Title>
          {description ? (
            <DialogPrimitive.Description className="text-sm text-ink-muted">
              {description}
            </DialogPrimitive.Description>
          ) : null}
        </div>
        {children}
        {/* Last in the DOM so that opening the dialog focuses its first field or action, not the ×. */}
        <DialogPrimitive.Close
          aria-label={closeLabel}
          className={cn(
            buttonVariants({ variant: "ghost", size: "icon" }),
            "absolute top-3 right-3 size-9 text-ink-muted sm:top-4 sm:right-4",
          )}
        >
          <X aria-hidden="true" />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

/**
 * Notes the element that has the focus as the dialog's content first renders: before a field of the
 * dialog takes it with `autoFocus` (at commit), so this is the element that opened the dialog.
 */
function RememberFocus({ into }: { into: RefObject<HTMLElement | null> }) {
  const [opener] = useState(() =>
    document.activeElement instanceof HTMLElement ? document.activeElement : null,
  );
  useEffect(() => {
    into.current = opener;
  }, [into, opener]);
  return null;
}

/** Actions row at the bottom of a dialog: stacked on phones (primary on top), in a row from 640 px. */
export function DialogFooter({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      className={cn(
        "mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end [&>*]:w-full sm:[&>*]:w-auto",
        className,
      )}
      {...props}
    />
  );
}
