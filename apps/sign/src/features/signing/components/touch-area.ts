/** A tap area at least 44 px tall around a field however small its box is on the page. */
export const TOUCH_AREA =
  "after:absolute after:inset-x-0 after:top-1/2 after:h-11 after:min-h-full after:-translate-y-1/2";
