import { Toaster as SonnerToaster, toast, type ToasterProps as SonnerToasterProps } from "sonner";

/**
 * The toast constants of spec §9 ("Toast 4000 ms default, 3 visible, width 356, gap 14, hotkey Alt+T,
 * swipe threshold 45 px or speed above 0.11").
 *
 * What sonner 2 lets us configure, checked against the source of 2.0.8 (`src/index.tsx`, bundled as `dist/index.mjs`):
 * - `duration`, `visibleToasts`, `gap` and `hotkey` are Toaster props; we pass them explicitly.
 * - The width is the constant `TOAST_WIDTH` (356), applied as the `--width` CSS variable of the toast
 *   list; it is not a prop, so we also set `--width` through `style` to pin it.
 * - The swipe-to-dismiss rule is hard-coded in sonner: a swipe of at least `SWIPE_THRESHOLD` (45 px),
 *   or a flick faster than 0.11 px/ms, dismisses the toast. Not configurable; listed here for reference.
 * - Below 600 px sonner makes toasts full-width (its own media query), which suits phones.
 */
export const TOAST_DEFAULTS = {
  durationMs: 4000,
  visibleToasts: 3,
  widthPx: 356,
  gapPx: 14,
  /** Alt+T moves focus to the toasts (sonner's `KeyboardEvent` property / `code` names). */
  hotkey: ["altKey", "KeyT"] as readonly string[],
  /** sonner's own SWIPE_THRESHOLD (not configurable). */
  swipeThresholdPx: 45,
  /** sonner's own flick velocity threshold in px/ms (not configurable). */
  swipeVelocity: 0.11,
} as const;

export interface ToasterProps extends Omit<
  SonnerToasterProps,
  "duration" | "visibleToasts" | "gap" | "hotkey" | "containerAriaLabel"
> {
  /**
   * Translated accessible name of the notifications region; sonner appends the hotkey ("alt+T").
   * Falls back to sonner's English "Notifications": apps should pass their translation.
   */
  label?: string;
  /** Translated accessible name of each toast's close button (sonner's default is "Close toast"). */
  closeLabel?: string;
}

/**
 * The app's toast outlet (sonner) with the spec's constants. Mount it once; show toasts with
 * `toast("...")`, `toast.success`, `toast.error`, `toast("...", { duration: 60_000, action })`.
 */
export function Toaster({
  label,
  closeLabel,
  toastOptions,
  style,
  position = "bottom-right",
  ...props
}: ToasterProps) {
  return (
    <SonnerToaster
      position={position}
      duration={TOAST_DEFAULTS.durationMs}
      visibleToasts={TOAST_DEFAULTS.visibleToasts}
      gap={TOAST_DEFAULTS.gapPx}
      hotkey={[...TOAST_DEFAULTS.hotkey]}
      containerAriaLabel={label}
      toastOptions={{
        ...toastOptions,
        closeButtonAriaLabel: closeLabel ?? toastOptions?.closeButtonAriaLabel,
        classNames: {
          toast: "font-sans rounded-control! border-border! shadow-popover!",
          ...toastOptions?.classNames,
        },
      }}
      style={{ "--width": `${TOAST_DEFAULTS.widthPx}px`, ...style } as SonnerToasterProps["style"]}
      {...props}
    />
  );
}

export { toast };
