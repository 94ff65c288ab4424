import { fieldSettingsSchema, type FieldSettings } from "@paraphe/api-sdk/contract";

/**
 * A field row's settings (jsonb, `fieldSettingsSchema`): options, bounds, default value,
 * validation, condition. A row written before settings existed, or one that no longer parses,
 * has none.
 */
export function settingsOf(row: { settings: unknown }): FieldSettings {
  const parsed = fieldSettingsSchema.safeParse(row.settings ?? {});
  return parsed.success ? parsed.data : {};
}
