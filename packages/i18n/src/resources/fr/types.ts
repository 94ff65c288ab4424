import { type Translation } from "../types";

/** French has a third plural category, `many` (1 000 000 and above in CLDR). */
export type FrenchTranslation<T> = Translation<T, "many">;
