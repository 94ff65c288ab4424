import { type FieldKind } from "@paraphe/api-sdk/contract";

/**
 * Geometry of fields on a page, in fractions of the page (0..1) from its top-left corner, as the
 * contract stores them: independent of the size the page is shown at.
 */
export interface FieldBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Default sizes in PDF points (1/72 inch), turned into fractions of each page. */
const DEFAULT_SIZE_PT: Record<FieldKind, { width: number; height: number }> = {
  signature: { width: 180, height: 60 },
  initials: { width: 70, height: 40 },
  text: { width: 160, height: 24 },
  image: { width: 120, height: 90 },
  date: { width: 110, height: 24 },
  name: { width: 160, height: 24 },
  email: { width: 190, height: 24 },
  checkbox: { width: 20, height: 20 },
  radio: { width: 140, height: 24 },
  dropdown: { width: 150, height: 24 },
  number: { width: 90, height: 24 },
  phone: { width: 140, height: 24 },
  readonly: { width: 220, height: 40 },
  attachment: { width: 160, height: 40 },
};

/** The smallest field, as a fraction of the page. */
export const MIN_FRACTION = 0.01;
/** One keyboard step (arrows move, shift+arrows resize). */
export const KEYBOARD_STEP = 0.01;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
/** Fractions are rounded to 5 decimals: less than a hundredth of a point on any page. */
const round = (value: number) => Math.round(value * 100_000) / 100_000;

/** Keeps a box inside the page with at least the minimum size. */
export function clampBox(box: FieldBox): FieldBox {
  const width = clamp(box.width, MIN_FRACTION, 1);
  const height = clamp(box.height, MIN_FRACTION, 1);
  return {
    x: round(clamp(box.x, 0, 1 - width)),
    y: round(clamp(box.y, 0, 1 - height)),
    width: round(width),
    height: round(height),
  };
}

/** The default box of a field kind on a page of this size, centred on a point (fractions). */
export function boxAt(
  kind: FieldKind,
  page: { width: number; height: number },
  point: { x: number; y: number },
): FieldBox {
  const size = DEFAULT_SIZE_PT[kind];
  const width = Math.min(size.width / page.width, 1);
  const height = Math.min(size.height / page.height, 1);
  return clampBox({ x: point.x - width / 2, y: point.y - height / 2, width, height });
}

/** Moves a box by a delta (fractions), staying inside the page. */
export function moveBox(box: FieldBox, dx: number, dy: number): FieldBox {
  return clampBox({ ...box, x: box.x + dx, y: box.y + dy });
}

/** Resizes a box from its bottom-right corner, staying inside the page. */
export function resizeBox(box: FieldBox, dw: number, dh: number): FieldBox {
  return clampBox({
    ...box,
    width: clamp(box.width + dw, MIN_FRACTION, 1 - box.x),
    height: clamp(box.height + dh, MIN_FRACTION, 1 - box.y),
  });
}

/** A pointer position as fractions of an element's box (clamped to it). */
export function pointInRect(
  clientX: number,
  clientY: number,
  rect: { left: number; top: number; width: number; height: number },
): { x: number; y: number } {
  if (rect.width <= 0 || rect.height <= 0) return { x: 0.5, y: 0.5 };
  return {
    x: clamp((clientX - rect.left) / rect.width, 0, 1),
    y: clamp((clientY - rect.top) / rect.height, 0, 1),
  };
}

/** Keyboard: arrows move, shift+arrows resize; null for other keys. */
export function boxForKey(box: FieldBox, key: string, shift: boolean): FieldBox | null {
  const delta: Record<string, [number, number]> = {
    ArrowLeft: [-KEYBOARD_STEP, 0],
    ArrowRight: [KEYBOARD_STEP, 0],
    ArrowUp: [0, -KEYBOARD_STEP],
    ArrowDown: [0, KEYBOARD_STEP],
  };
  const step = delta[key];
  if (!step) return null;
  return shift ? resizeBox(box, step[0], step[1]) : moveBox(box, step[0], step[1]);
}
