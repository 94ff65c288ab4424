import type { CSSProperties } from "react";
import type { SigningEventMap } from "../events";
import { mountSigningFrame } from "../frame";
import type { SigningOptions } from "../options";
import { splitCallbacks, useParapheFrame } from "./use-paraphe-frame";

/** The callbacks of `ParapheSigning`, one per event, each given the event's payload. */
export interface SigningCallbacks {
  onReady?: (payload: SigningEventMap["ready"]) => void;
  onPageRead?: (payload: SigningEventMap["pageRead"]) => void;
  onSigned?: (payload: SigningEventMap["signed"]) => void;
  onCompleted?: (payload: SigningEventMap["completed"]) => void;
  onDeclined?: (payload: SigningEventMap["declined"]) => void;
  /** Also called with `{ code: "invalidUrl" }` when `url` is not a Paraphe signing link. */
  onError?: (payload: SigningEventMap["error"]) => void;
}

export interface ParapheSigningProps extends SigningOptions, SigningCallbacks {
  /** The frame's accessible name (default: "Document to sign", or French with `language: "fr"`). */
  title?: string;
  className?: string;
  style?: CSSProperties;
}

const CALLBACKS = {
  ready: "onReady",
  pageRead: "onPageRead",
  signed: "onSigned",
  completed: "onCompleted",
  declined: "onDeclined",
  error: "onError",
} as const;

/**
 * The signing page of an access link or a direct link in a frame that fills this element (give
 * it a height), with the callbacks of its events. The frame is made again when an option changes;
 * a new callback is used at once, without a new frame.
 */
export function ParapheSigning({ className, style, ...props }: ParapheSigningProps) {
  const { options, callbacks } = splitCallbacks(props, CALLBACKS);
  const containerRef = useParapheFrame(
    options,
    mountSigningFrame,
    callbacks,
    CALLBACKS,
    "invalidUrl",
  );
  return <div ref={containerRef} className={className} style={style} />;
}
