import { Tooltip as TooltipPrimitive } from "radix-ui";
import { createContext, useContext, type ReactElement, type ReactNode } from "react";
import { cn } from "../lib/cn";

/** Delay before a tooltip opens on hover, in milliseconds (spec §9: tooltip delay 200 ms). */
export const TOOLTIP_DELAY_MS = 200;

const ProviderPresent = createContext(false);

export interface TooltipProviderProps {
  children: ReactNode;
  /** Hover delay before opening; defaults to {@link TOOLTIP_DELAY_MS}. */
  delayDuration?: number;
  /** Time in which moving to another trigger opens its tooltip at once (radix default 300 ms). */
  skipDelayDuration?: number;
}

/** Shares one delay between all tooltips below it; mount it once near the root of the app. */
export function TooltipProvider({
  children,
  delayDuration = TOOLTIP_DELAY_MS,
  skipDelayDuration,
}: TooltipProviderProps) {
  return (
    <TooltipPrimitive.Provider delayDuration={delayDuration} skipDelayDuration={skipDelayDuration}>
      <ProviderPresent.Provider value={true}>{children}</ProviderPresent.Provider>
    </TooltipPrimitive.Provider>
  );
}

export interface TooltipProps {
  /** The tooltip's text. It also becomes the trigger's accessible description. */
  content: ReactNode;
  /**
   * One focusable element (a button, a link) or an element that contains one: the tooltip opens on
   * hover after the delay and at once on keyboard focus; Escape closes it.
   */
  children: ReactElement;
  side?: "top" | "right" | "bottom" | "left";
  align?: "start" | "center" | "end";
  /** Controlled open state (rarely needed). */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  className?: string;
}

/** A short label shown next to its trigger. Works with or without a surrounding TooltipProvider. */
export function Tooltip({
  content,
  children,
  side = "top",
  align = "center",
  open,
  onOpenChange,
  className,
}: TooltipProps) {
  const hasProvider = useContext(ProviderPresent);
  const tooltip = (
    <TooltipPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <TooltipPrimitive.Trigger asChild>{children}</TooltipPrimitive.Trigger>
      <TooltipPrimitive.Portal>
        <TooltipPrimitive.Content
          side={side}
          align={align}
          sideOffset={6}
          collisionPadding={8}
          className={cn(
            "z-50 max-w-64 rounded-control bg-ink px-2.5 py-1.5 text-xs leading-4 font-medium text-white shadow-popover animate-fade-in",
            className,
          )}
        >
          {content}
          <TooltipPrimitive.Arrow className="fill-ink" width={10} height={5} />
        </TooltipPrimitive.Content>
      </TooltipPrimitive.Portal>
    </TooltipPrimitive.Root>
  );
  return hasProvider ? tooltip : <TooltipProvider>{tooltip}</TooltipProvider>;
}
