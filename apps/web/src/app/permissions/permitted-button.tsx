import { Button, Tooltip, cn, type ButtonProps } from "@paraphe/ui-kit";
import { forwardRef, useId, useState, type MouseEvent } from "react";
import { useGate, type GatedPermission } from "./gates";

export interface PermittedButtonProps extends ButtonProps {
  /** What the action needs; without it the button is disabled and says why. */
  permission: GatedPermission;
}

/**
 * A `Button` for an action the member's role may not allow. When the role lacks `permission`, the
 * button stays in the tab order but is marked `aria-disabled`, does nothing, and carries the reason:
 * as its accessible description, and in a tooltip shown on hover, focus or a tap.
 */
export const PermittedButton = forwardRef<HTMLButtonElement, PermittedButtonProps>(
  function PermittedButton({ permission, className, onClick, ...props }, ref) {
    const { allowed, reason } = useGate(permission);
    const reasonId = useId();
    const [open, setOpen] = useState(false);
    if (allowed) return <Button ref={ref} className={className} onClick={onClick} {...props} />;
    const describedBy = [props["aria-describedby"], reasonId].filter(Boolean).join(" ");
    return (
      <>
        <Tooltip content={reason} open={open} onOpenChange={setOpen}>
          <Button
            ref={ref}
            {...props}
            loading={false}
            aria-disabled="true"
            aria-describedby={describedBy}
            data-denied-permission={permission}
            className={cn(
              "aria-disabled:pointer-events-auto aria-disabled:cursor-not-allowed",
              className,
            )}
            onClick={(event: MouseEvent<HTMLButtonElement>) => {
              event.preventDefault();
              setOpen(true);
            }}
          />
        </Tooltip>
        <span id={reasonId} hidden>
          {reason}
        </span>
      </>
    );
  },
);
