import { fieldSettingsSchema, shownFieldIds, type FieldSettings } from "@paraphe/api-sdk/contract";

/**
 * A field row's settings (jsonb, `fieldSettingsSchema`): options, bounds, default value,
 * validation, condition. A row written before settings existed, or one that no longer parses,
 * has none.
 */
export function settingsOf(row: { settings: unknown }): FieldSettings {
  const parsed = fieldSettingsSchema.safeParse(row.settings ?? {});
  return parsed.success ? parsed.data : {};
}

/**
 * The fields of `rows` their signers were shown, given the values recorded when they signed (the
 * rule `/envelope/sign` applies to the values sent): a field its condition hid took no value and
 * leaves no trace on the pages, not even the name, address or date the server fills in, nor the
 * initials.
 */
export function shownFields<Row extends { id: string; settings: unknown; value: string | null }>(
  rows: readonly Row[],
): Row[] {
  const values: Record<string, string> = {};
  for (const row of rows) if (row.value !== null) values[row.id] = row.value;
  const shown = shownFieldIds(
    rows.map((row) => ({ uuid: row.id, settings: settingsOf(row) })),
    values,
  );
  return rows.filter((row) => shown.has(row.id));
}
