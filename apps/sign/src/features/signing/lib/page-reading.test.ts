import { describe, expect, it } from "vitest";
import { addInterval, seenLength, uncoveredBand, visiblePart } from "./page-reading";

describe("what of a page was seen", () => {
  it("merges the heights seen at different scroll positions, overlapping or touching", () => {
    let seen = addInterval([], 0, 200);
    seen = addInterval(seen, 400, 500);
    expect(seen).toEqual([
      [0, 200],
      [400, 500],
    ]);
    seen = addInterval(seen, 150, 400);
    expect(seen).toEqual([[0, 500]]);
    expect(seenLength(addInterval(seen, 600, 650))).toBe(550);
  });

  it("leaves out the bottom bar: a page under it is not on screen", () => {
    // A 844 px tall phone screen whose bottom bar starts at 700 px.
    const band = uncoveredBand(844, [{ top: 700, bottom: 844 }]);
    expect(band).toEqual({ top: 0, bottom: 700 });
    // The second page starts at 650 px: 50 px of it are above the bar, the rest hidden under it.
    expect(visiblePart({ top: 650, bottom: 1200 }, band)).toEqual([0, 50]);
    // Wholly under the bar: nothing of it is seen.
    expect(visiblePart({ top: 710, bottom: 1200 }, band)).toBeNull();
  });

  it("leaves out a bar stuck to the top as well", () => {
    const band = uncoveredBand(800, [
      { top: 0, bottom: 60 },
      { top: 680, bottom: 800 },
    ]);
    expect(band).toEqual({ top: 60, bottom: 680 });
    expect(visiblePart({ top: -100, bottom: 400 }, band)).toEqual([160, 500]);
  });
});
