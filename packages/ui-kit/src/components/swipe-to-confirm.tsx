import { Check, ChevronsRight } from "lucide-react";
import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
} from "react";
import { cn } from "../lib/cn";

export interface SwipeToConfirmProps {
  /** Visible text in the track and accessible name of the handle, e.g. "Swipe to sign". */
  label: string;
  /** How to confirm without dragging, read by screen readers, e.g. "Press Enter to sign". */
  keyboardHint: string;
  /** Shown in the track once confirmed (and while `onConfirm`'s promise runs), e.g. "Signing…". */
  confirmedLabel: string;
  /**
   * Called once when the handle reaches the end (or Enter/Space/End is pressed). When it returns a
   * promise that rejects, the handle goes back to the start so that the user can try again.
   */
  onConfirm: () => void | Promise<unknown>;
  disabled?: boolean;
  className?: string;
}

/** Keyboard steps, in percent of the track. */
const KEY_STEP = 25;
/** The handle must be dragged this close to the end (fraction of the track) to confirm. */
const END_THRESHOLD = 0.98;

/**
 * A slide-to-confirm control for a deliberate action (signing). Drag the handle across the track
 * with a finger, pen or mouse: released before the end, it springs back; at the end it confirms.
 * Keyboard and screen readers: the handle is a slider (0-100); arrow keys move it, End or reaching
 * 100 confirms, Enter and Space confirm at once.
 */
export function SwipeToConfirm({
  label,
  keyboardHint,
  confirmedLabel,
  onConfirm,
  disabled = false,
  className,
}: SwipeToConfirmProps) {
  const hintId = useId();
  const trackRef = useRef<HTMLDivElement>(null);
  const thumbRef = useRef<HTMLDivElement>(null);
  const drag = useRef<{ pointerId: number; startX: number; startProgress: number } | null>(null);
  const [progress, setProgress] = useState(0);
  const [dragging, setDragging] = useState(false);
  const [confirmed, setConfirmed] = useState(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const confirm = useCallback(() => {
    if (confirmed || disabled) return;
    setConfirmed(true);
    setProgress(100);
    let result: void | Promise<unknown>;
    try {
      result = onConfirm();
    } catch (error) {
      setConfirmed(false);
      setProgress(0);
      throw error;
    }
    if (result && typeof result.then === "function") {
      result.then(undefined, () => {
        if (!mounted.current) return;
        setConfirmed(false);
        setProgress(0);
      });
    }
  }, [confirmed, disabled, onConfirm]);

  /** Width the handle can travel, in pixels. */
  function travel(): number {
    const track = trackRef.current?.getBoundingClientRect().width ?? 0;
    const thumb = thumbRef.current?.getBoundingClientRect().width ?? 0;
    return Math.max(track - thumb, 1);
  }

  const inactive = disabled || confirmed;

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    if (inactive || (event.pointerType === "mouse" && event.button !== 0)) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    drag.current = { pointerId: event.pointerId, startX: event.clientX, startProgress: progress };
    setDragging(true);
  }

  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    const moved = ((event.clientX - current.startX) / travel()) * 100;
    setProgress(Math.min(100, Math.max(0, current.startProgress + moved)));
  }

  function onPointerEnd(event: PointerEvent<HTMLDivElement>) {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    drag.current = null;
    setDragging(false);
    const moved = ((event.clientX - current.startX) / travel()) * 100;
    const reached = Math.min(100, Math.max(0, current.startProgress + moved));
    if (event.type !== "pointercancel" && reached >= END_THRESHOLD * 100) confirm();
    else setProgress(0);
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (inactive) return;
    let next: number | null = null;
    switch (event.key) {
      case "Enter":
      case " ":
      case "End":
        next = 100;
        break;
      case "ArrowRight":
      case "ArrowUp":
        next = Math.min(100, progress + KEY_STEP);
        break;
      case "ArrowLeft":
      case "ArrowDown":
        next = Math.max(0, progress - KEY_STEP);
        break;
      case "Home":
        next = 0;
        break;
      default:
        return;
    }
    event.preventDefault();
    if (next >= 100) confirm();
    else setProgress(next);
  }

  return (
    <div className={cn("flex flex-col gap-1", className)}>
      <div
        ref={trackRef}
        data-slot="swipe-track"
        data-state={confirmed ? "confirmed" : "idle"}
        className={cn(
          "relative h-14 w-full touch-none overflow-hidden rounded-full border border-brand-200 bg-brand-50 select-none",
          confirmed && "border-success bg-success-soft",
          disabled && "opacity-50",
        )}
      >
        <div
          aria-hidden="true"
          className={cn(
            "absolute inset-y-0 left-0 rounded-full bg-brand-100",
            confirmed && "bg-success-soft",
            !dragging && "transition-[width] duration-200",
          )}
          style={{ width: `calc(3.5rem + ${progress / 100} * (100% - 3.5rem))` }}
        />
        <span
          aria-hidden="true"
          className={cn(
            "pointer-events-none absolute inset-0 flex items-center justify-center pr-2 pl-14 text-sm font-medium text-brand-700",
            confirmed && "text-success",
          )}
        >
          {confirmed ? confirmedLabel : label}
        </span>
        <div
          ref={thumbRef}
          data-slot="swipe-thumb"
          role="slider"
          tabIndex={disabled ? -1 : 0}
          aria-label={label}
          aria-describedby={hintId}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(progress)}
          aria-valuetext={confirmed ? confirmedLabel : undefined}
          aria-disabled={inactive || undefined}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerEnd}
          onPointerCancel={onPointerEnd}
          onKeyDown={onKeyDown}
          className={cn(
            "absolute top-1 flex size-12 items-center justify-center rounded-full bg-brand-500 text-white shadow-card",
            "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500",
            inactive ? "cursor-default" : "cursor-grab active:cursor-grabbing",
            confirmed && "bg-success",
            !dragging && "transition-[left] duration-200",
          )}
          style={{ left: `calc(0.25rem + ${progress / 100} * (100% - 3.5rem))` }}
        >
          {confirmed ? (
            <Check aria-hidden="true" className="size-6" />
          ) : (
            <ChevronsRight aria-hidden="true" className="size-6" />
          )}
        </div>
      </div>
      <p id={hintId} className="sr-only">
        {keyboardHint}
      </p>
    </div>
  );
}
