import { describe, expect, it } from "vitest";
import { boxAt, boxForKey, clampBox, moveBox, pointInRect, resizeBox } from "./field-geometry";

const A4 = { width: 595, height: 842 };

describe("field geometry", () => {
  it("places a default field centred on the point, inside the page near an edge", () => {
    const box = boxAt("signature", A4, { x: 0.99, y: 0.99 });
    expect(box.x + box.width).toBeLessThanOrEqual(1);
    expect(box.y + box.height).toBeLessThanOrEqual(1);
    expect(box.width).toBeCloseTo(180 / 595, 4);
    const centred = boxAt("checkbox", A4, { x: 0.5, y: 0.5 });
    expect(centred.x + centred.width / 2).toBeCloseTo(0.5, 4);
  });

  it("keeps moved and resized boxes inside the page", () => {
    const box = { x: 0.8, y: 0.9, width: 0.15, height: 0.05 };
    expect(moveBox(box, 0.5, 0.5)).toEqual({ x: 0.85, y: 0.95, width: 0.15, height: 0.05 });
    expect(moveBox(box, -2, -2)).toMatchObject({ x: 0, y: 0 });
    expect(resizeBox(box, 1, 1)).toEqual({ x: 0.8, y: 0.9, width: 0.2, height: 0.1 });
    expect(resizeBox(box, -1, -1)).toMatchObject({ width: 0.01, height: 0.01 });
    expect(clampBox({ x: -0.1, y: 1.2, width: 2, height: 0.1 })).toEqual({
      x: 0,
      y: 0.9,
      width: 1,
      height: 0.1,
    });
  });

  it("turns pointer positions into fractions of the page and keys into steps", () => {
    expect(pointInRect(150, 300, { left: 100, top: 100, width: 200, height: 400 })).toEqual({
      x: 0.25,
      y: 0.5,
    });
    const box = { x: 0.1, y: 0.1, width: 0.2, height: 0.1 };
    expect(boxForKey(box, "ArrowRight", false)).toMatchObject({ x: 0.11, y: 0.1 });
    expect(boxForKey(box, "ArrowDown", true)).toMatchObject({ width: 0.2, height: 0.11 });
    expect(boxForKey(box, "a", false)).toBeNull();
  });
});
