import type { PDF } from "@libpdf/core";

/**
 * A signature field's name from `wanted` (dots and control characters, which field names cannot
 * hold, as spaces; "Seal" when nothing is left), made unique in the document (` 2`, ` 3`...).
 */
export function uniqueFieldName(pdf: PDF, wanted: string): string {
  const base = wanted.replace(/[.\p{Cc}]/gu, " ").trim() || "Seal";
  const taken = new Set(pdf.getForm()?.getFieldNames() ?? []);
  let name = base;
  for (let index = 2; taken.has(name); index++) name = `${base} ${index}`;
  return name;
}
