/**
 * Joins class names, leaving out the falsy ones, without resolving Tailwind conflicts: for classes
 * that do not override each other. What a first paint draws with, where `cn` (tailwind-merge, about
 * 9 KB gzip) would weigh on the first load.
 */
export function cx(...classes: Array<string | false | null | undefined>): string {
  return classes.filter(Boolean).join(" ");
}
