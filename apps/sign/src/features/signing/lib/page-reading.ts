/**
 * What counts as a page read: enough of the page's height was on screen, in the part of the
 * viewport that the bars stuck to its edges (marked `data-covers-reading`) leave uncovered, while
 * the page's preview was shown. Heights seen at different scroll positions add up, so a page
 * taller than the screen is read once the signer scrolled through it.
 */

/** Share of a page's height that must have been on screen for it to count as read. */
export const READ_SHARE = 0.85;

/** The part of a page seen so far, as disjoint intervals of its height (0 at its top). */
export type SeenIntervals = readonly (readonly [number, number])[];

/** Adds `[start, end)` to `intervals`, merging what overlaps or touches. */
export function addInterval(intervals: SeenIntervals, start: number, end: number): SeenIntervals {
  if (end <= start) return intervals;
  const result: [number, number][] = [];
  let merged: [number, number] = [start, end];
  let placed = false;
  for (const [from, to] of intervals) {
    if (to < merged[0]) result.push([from, to]);
    else if (from > merged[1]) {
      if (!placed) {
        result.push(merged);
        placed = true;
      }
      result.push([from, to]);
    } else merged = [Math.min(from, merged[0]), Math.max(to, merged[1])];
  }
  if (!placed) result.push(merged);
  return result;
}

export function seenLength(intervals: SeenIntervals): number {
  return intervals.reduce((sum, [from, to]) => sum + (to - from), 0);
}

/** The band of the viewport that nothing stuck to its edges covers, in viewport coordinates. */
export function uncoveredBand(
  viewportHeight: number,
  covers: readonly { top: number; bottom: number }[],
): { top: number; bottom: number } {
  let top = 0;
  let bottom = viewportHeight;
  for (const cover of covers) {
    if (cover.bottom <= cover.top) continue;
    // A bar in the lower half covers from its top down; one in the upper half from its bottom up.
    if (cover.top + cover.bottom > viewportHeight) bottom = Math.min(bottom, cover.top);
    else top = Math.max(top, cover.bottom);
  }
  return { top, bottom: Math.max(top, bottom) };
}

/** The part of a page (its rectangle in viewport coordinates) inside the band, in page terms. */
export function visiblePart(
  page: { top: number; bottom: number },
  band: { top: number; bottom: number },
): [number, number] | null {
  const from = Math.max(page.top, band.top);
  const to = Math.min(page.bottom, band.bottom);
  return to > from ? [from - page.top, to - page.top] : null;
}

/**
 * Watches the pages (elements with `data-page-key`, shown once they carry `data-loaded`) under
 * `root` while the window scrolls or resizes, and calls `onRead` once for each page whose seen
 * share reaches READ_SHARE. `check()` looks again at once (a preview just arrived on screen);
 * `forget(key)` lets a page be read again (its report failed).
 * Work per check is linear in the number of pages.
 */
export function watchPageReading(
  root: HTMLElement,
  onRead: (pageKey: string) => void,
): { check: () => void; forget: (pageKey: string) => void; stop: () => void } {
  const seen = new Map<string, SeenIntervals>();
  const done = new Set<string>();
  let scheduled = false;

  const measure = () => {
    scheduled = false;
    const covers = [...document.querySelectorAll<HTMLElement>("[data-covers-reading]")].map(
      (element) => element.getBoundingClientRect(),
    );
    const band = uncoveredBand(window.innerHeight, covers);
    for (const element of root.querySelectorAll<HTMLElement>("[data-page-key][data-loaded]")) {
      const key = element.dataset.pageKey ?? "";
      if (done.has(key)) continue;
      const rect = element.getBoundingClientRect();
      if (rect.height <= 0) continue;
      const part = visiblePart(rect, band);
      if (!part) continue;
      const intervals = addInterval(seen.get(key) ?? [], part[0], part[1]);
      seen.set(key, intervals);
      if (seenLength(intervals) >= READ_SHARE * rect.height) {
        done.add(key);
        onRead(key);
      }
    }
  };
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    if (typeof requestAnimationFrame === "function") requestAnimationFrame(measure);
    else setTimeout(measure, 0);
  };
  window.addEventListener("scroll", schedule, { passive: true });
  window.addEventListener("resize", schedule, { passive: true });
  return {
    check: schedule,
    forget: (key) => {
      done.delete(key);
      seen.delete(key);
      schedule();
    },
    stop: () => {
      window.removeEventListener("scroll", schedule);
      window.removeEventListener("resize", schedule);
    },
  };
}
