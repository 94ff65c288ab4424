import { resolveLanguage } from "./languages";

const UNITS = ["fileSize.kilobytes", "fileSize.megabytes", "fileSize.gigabytes"] as const;

/** A key of the `common` namespace's `fileSize` texts. */
export type FileSizeKey = "fileSize.bytes" | (typeof UNITS)[number];

/** What a file size is written with: the unit's key, the number in the language, the count for plurals. */
export interface FileSizeParts {
  key: FileSizeKey;
  size: string;
  count: number;
}

/**
 * Splits a file size into the `common:fileSize.*` key of its unit and its number in the language's
 * format (1 KB = 1024 bytes, one decimal at most, whole bytes under 1 KB): translate the key with
 * `{ size, count }` to get "21.8 KB" / "3.2 MB" in English, "21,8 Ko" / "3,2 Mo" in French.
 * `formatFileSize` (server) and `useFormatFileSize` (React) do both steps.
 */
export function fileSizeParts(bytes: number, language: string | null | undefined): FileSizeParts {
  const lang = resolveLanguage(language);
  const whole = Math.max(0, Math.round(bytes));
  if (whole < 1024) {
    return { key: "fileSize.bytes", size: new Intl.NumberFormat(lang).format(whole), count: whole };
  }
  const format = new Intl.NumberFormat(lang, { maximumFractionDigits: 1 });
  let value = whole / 1024;
  let unit = 0;
  // Move up a unit when the number would round to 1024 ("1 MB", not "1024 KB").
  while (Math.round(value * 10) / 10 >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const rounded = Math.round(value * 10) / 10;
  return { key: UNITS[unit] ?? "fileSize.gigabytes", size: format.format(rounded), count: rounded };
}
