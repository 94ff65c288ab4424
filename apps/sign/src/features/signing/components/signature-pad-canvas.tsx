import { SIGNATURE_IMAGE_MAX_HEIGHT, SIGNATURE_IMAGE_MAX_WIDTH } from "@paraphe/api-sdk/contract";
import SignaturePad, { type PointGroup } from "signature_pad";
import { useEffect, useImperativeHandle, useRef, type Ref } from "react";

export interface SignaturePadHandle {
  /** The drawing as a PNG, base64; null when nothing is drawn. */
  toPng(): string | null;
  clear(): void;
}

export interface SignaturePadCanvasProps {
  /** Strokes to show when the pad appears (a drawing kept by the page). */
  strokes: PointGroup[];
  onStrokesChange: (strokes: PointGroup[]) => void;
  label: string;
  describedBy?: string;
  className?: string;
  ref?: Ref<SignaturePadHandle>;
}

/**
 * A smooth drawing pad (signature_pad: pressure-like line width from speed, Bézier smoothing) that
 * takes pointer, touch and pen input. The canvas follows its CSS size and the screen's pixel ratio,
 * redrawing the strokes after a resize or a rotation.
 */
export function SignaturePadCanvas({
  strokes,
  onStrokesChange,
  label,
  describedBy,
  className,
  ref,
}: SignaturePadCanvasProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePad | null>(null);
  const initialStrokes = useRef(strokes);
  const onChange = useRef(onStrokesChange);
  useEffect(() => {
    onChange.current = onStrokesChange;
  }, [onStrokesChange]);

  useImperativeHandle(ref, () => ({
    toPng() {
      const pad = padRef.current;
      if (!pad || pad.isEmpty()) return null;
      const dataUrl = pad.toDataURL("image/png");
      return dataUrl.slice(dataUrl.indexOf(",") + 1);
    },
    clear() {
      padRef.current?.clear();
      onChange.current([]);
    },
  }));

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const pad = new SignaturePad(canvas, {
      penColor: "#16161d",
      minWidth: 0.9,
      maxWidth: 2.8,
      velocityFilterWeight: 0.6,
      throttle: 8,
    });
    padRef.current = pad;
    let lastWidth = 0;
    const fit = (data: PointGroup[]) => {
      const width = canvas.offsetWidth;
      // Sharp on dense screens, within the pixel size the api accepts for a signature picture.
      const ratio = Math.min(
        Math.max(window.devicePixelRatio || 1, 1),
        SIGNATURE_IMAGE_MAX_WIDTH / Math.max(width, 1),
        SIGNATURE_IMAGE_MAX_HEIGHT / Math.max(canvas.offsetHeight, 1),
      );
      if (width === 0 || width === lastWidth) return;
      lastWidth = width;
      canvas.width = Math.floor(width * ratio);
      canvas.height = Math.floor(canvas.offsetHeight * ratio);
      canvas.getContext("2d")?.scale(ratio, ratio);
      pad.clear();
      pad.fromData(data);
    };
    fit(initialStrokes.current);
    const endStroke = () => onChange.current(pad.toData());
    pad.addEventListener("endStroke", endStroke);
    const observer =
      typeof ResizeObserver === "undefined" ? null : new ResizeObserver(() => fit(pad.toData()));
    observer?.observe(canvas);
    return () => {
      observer?.disconnect();
      pad.removeEventListener("endStroke", endStroke);
      pad.off();
      padRef.current = null;
    };
  }, []);

  return (
    <canvas
      ref={canvasRef}
      role="img"
      aria-label={label}
      aria-describedby={describedBy}
      className={className}
      style={{ touchAction: "none" }}
    />
  );
}
