import { X } from "lucide-react";
import { Dialog as DialogPrimitive } from "radix-ui";
import type { ComponentPropsWithoutRef, ReactNode } from "react";
import { buttonVariants } from "../components/button";
import { cn } from "../lib/cn";

export interface DrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Accessible name of the drawer (read when it opens); not shown. */
  title: string;
  /** Accessible name of the close button. */
  closeLabel: string;
  /** Shown at the top of the panel, beside the close button (e.g. the Logo). */
  header?: ReactNode;
  children: ReactNode;
  id?: string;
  className?: string;
  /** Where focus goes when the drawer closes (radix `onCloseAutoFocus`). */
  onCloseAutoFocus?: ComponentPropsWithoutRef<typeof DialogPrimitive.Content>["onCloseAutoFocus"];
}

/**
 * An off-canvas panel from the left edge, built on radix Dialog: it slides in over 0.3 s while the
 * backdrop fades in over 0.2 s (spec §9), traps focus, and closes on Escape or a click on the backdrop.
 */
export function Drawer({
  open,
  onOpenChange,
  title,
  closeLabel,
  header,
  children,
  id,
  className,
  onCloseAutoFocus,
}: DrawerProps) {
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay
          data-slot="drawer-backdrop"
          className="fixed inset-0 z-40 bg-ink/40 animate-backdrop-in"
        />
        <DialogPrimitive.Content
          id={id}
          aria-describedby={undefined}
          onCloseAutoFocus={onCloseAutoFocus}
          className={cn(
            "fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col border-r border-border bg-surface shadow-popover animate-drawer-in",
            "pt-[env(safe-area-inset-top)] pb-[env(safe-area-inset-bottom)] focus-visible:outline-none",
            className,
          )}
        >
          <DialogPrimitive.Title className="sr-only">{title}</DialogPrimitive.Title>
          <div className="flex h-14 shrink-0 items-center justify-between gap-2 border-b border-border pr-2 pl-4">
            <div className="min-w-0">{header}</div>
            <DialogPrimitive.Close
              aria-label={closeLabel}
              className={cn(buttonVariants({ variant: "ghost", size: "icon" }), "text-ink-muted")}
            >
              <X aria-hidden="true" />
            </DialogPrimitive.Close>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto">{children}</div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
