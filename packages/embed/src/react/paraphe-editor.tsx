import type { CSSProperties } from "react";
import { mountEditorFrame, type EditorEventMap, type EditorOptions } from "../editor";
import { splitCallbacks, useParapheFrame } from "./use-paraphe-frame";

/** The callbacks of `ParapheEditor`, one per event, each given the event's payload. */
export interface EditorCallbacks {
  onReady?: (payload: EditorEventMap["ready"]) => void;
  onSaved?: (payload: EditorEventMap["saved"]) => void;
  onSent?: (payload: EditorEventMap["sent"]) => void;
  /** Also called with `{ code: "invalidOptions" }` when the options cannot be used. */
  onError?: (payload: EditorEventMap["error"]) => void;
}

export interface ParapheEditorProps extends EditorOptions, EditorCallbacks {
  /** The frame's accessible name (default: "Document editor", or French with `language: "fr"`). */
  title?: string;
  className?: string;
  style?: CSSProperties;
}

const CALLBACKS = {
  ready: "onReady",
  saved: "onSaved",
  sent: "onSent",
  error: "onError",
} as const;

/**
 * The document editor of an embed token's draft or template in a frame that fills this element
 * (give it a height), with the callbacks of its events. The frame is made again when an option
 * changes; a new callback is used at once, without a new frame.
 */
export function ParapheEditor({ className, style, ...props }: ParapheEditorProps) {
  const { options, callbacks } = splitCallbacks(props, CALLBACKS);
  const containerRef = useParapheFrame(
    options,
    mountEditorFrame,
    callbacks,
    CALLBACKS,
    "invalidOptions",
  );
  return <div ref={containerRef} className={className} style={style} />;
}
