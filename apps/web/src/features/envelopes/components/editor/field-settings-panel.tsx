import {
  ATTACHMENT_MAX_FILES_PER_FIELD,
  CHOICE_FIELD_KINDS,
  FIELD_NUMBER_MAX_DECIMALS,
  FIELD_OPTIONS_MAX,
  FIELD_PATTERN_MAX_LENGTH,
  FIELD_PATTERN_MESSAGE_MAX_LENGTH,
  FIELD_VALIDATION_PRESETS,
  compileFieldPattern,
  fieldSettingsProblems,
  type FieldSettings,
} from "@paraphe/api-sdk/contract";
import { useTranslation } from "@paraphe/i18n/react";
import { Checkbox, FormField, Input, Select, Textarea } from "@paraphe/ui-kit";
import { useEffect, useState } from "react";
import { conditionSources, conditionValues, type FieldDraft } from "./field-draft";

type ValidationChoice = "none" | (typeof FIELD_VALIDATION_PRESETS)[number] | "pattern";

/** What the panel can say is wrong with a setting (`editor.fields.settings.problems.*`). */
const SETTINGS_PROBLEMS = [
  "too_many_options",
  "too_few_options",
  "duplicate",
  "invalid_number",
  "invalid_decimals",
  "invalid_pattern",
  "unsupported_pattern",
  "pattern_too_complex",
  "required",
  "invalid_default",
  "below_minimum",
  "too_long",
  "invalid_max_files",
] as const;
type SettingsProblem = (typeof SETTINGS_PROBLEMS)[number];
const isSettingsProblem = (problem: string): problem is SettingsProblem =>
  (SETTINGS_PROBLEMS as readonly string[]).includes(problem);

/** The settings as the sender types them: text boxes, turned into settings when they hold. */
interface SettingsForm {
  options: string;
  defaultValue: string;
  min: string;
  max: string;
  decimals: string;
  maxFiles: string;
  validation: ValidationChoice;
  pattern: string;
  message: string;
}

function formOf(settings: FieldSettings): SettingsForm {
  const validation = settings.validation;
  return {
    options: (settings.options ?? []).join("\n"),
    defaultValue: settings.defaultValue ?? "",
    min: settings.min === undefined ? "" : String(settings.min),
    max: settings.max === undefined ? "" : String(settings.max),
    decimals: settings.decimals === undefined ? "" : String(settings.decimals),
    maxFiles: settings.maxFiles === undefined ? "" : String(settings.maxFiles),
    validation:
      validation === undefined
        ? "none"
        : validation.kind === "preset"
          ? validation.preset
          : "pattern",
    pattern: validation?.kind === "pattern" ? validation.pattern : "",
    message: validation?.kind === "pattern" ? validation.message : "",
  };
}

const numberOrUndefined = (text: string): number | undefined => {
  const trimmed = text.trim().replace(",", ".");
  if (trimmed === "") return undefined;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : Number.NaN;
};

/**
 * The settings of the form for a field of `kind` (keeping its condition), or the problems that
 * keep them from being saved, by form entry.
 */
function settingsOf(
  field: FieldDraft,
  form: SettingsForm,
): { settings: FieldSettings } | { problems: Partial<Record<keyof SettingsForm, string>> } {
  const { kind } = field;
  const settings: FieldSettings = {};
  const problems: Partial<Record<keyof SettingsForm, string>> = {};
  if ((CHOICE_FIELD_KINDS as readonly string[]).includes(kind)) {
    const options = form.options
      .split("\n")
      .map((line) => line.trim())
      .filter(Boolean);
    if (options.length > FIELD_OPTIONS_MAX) problems.options = "too_many_options";
    settings.options = options;
  }
  if (kind === "number") {
    const min = numberOrUndefined(form.min);
    const max = numberOrUndefined(form.max);
    const decimals = numberOrUndefined(form.decimals);
    if (Number.isNaN(min)) problems.min = "invalid_number";
    else if (min !== undefined) settings.min = min;
    if (Number.isNaN(max)) problems.max = "invalid_number";
    else if (max !== undefined) settings.max = max;
    if (
      decimals !== undefined &&
      (!Number.isInteger(decimals) || decimals < 0 || decimals > FIELD_NUMBER_MAX_DECIMALS)
    ) {
      problems.decimals = "invalid_decimals";
    } else if (decimals !== undefined) settings.decimals = decimals;
  }
  if (kind === "attachment") {
    const maxFiles = numberOrUndefined(form.maxFiles);
    if (
      maxFiles !== undefined &&
      (!Number.isInteger(maxFiles) || maxFiles < 1 || maxFiles > ATTACHMENT_MAX_FILES_PER_FIELD)
    ) {
      problems.maxFiles = "invalid_max_files";
    } else if (maxFiles !== undefined) settings.maxFiles = maxFiles;
  }
  if (kind === "text" && form.validation !== "none") {
    if (form.validation === "pattern") {
      const compiled = compileFieldPattern(form.pattern);
      if ("problem" in compiled) problems.pattern = compiled.problem;
      if (form.message.trim() === "") problems.message = "required";
      settings.validation = {
        kind: "pattern",
        pattern: form.pattern,
        message: form.message.trim(),
      };
    } else {
      settings.validation = { kind: "preset", preset: form.validation };
    }
  }
  if (form.defaultValue !== "") settings.defaultValue = form.defaultValue;
  if (field.settings.condition) settings.condition = field.settings.condition;
  for (const [path, problem] of fieldSettingsProblems({
    kind,
    required: field.required,
    settings,
  })) {
    const entry = path as keyof SettingsForm;
    if (entry in form && problems[entry] === undefined) problems[entry] = problem;
  }
  return Object.keys(problems).length > 0 ? { problems } : { settings };
}

/**
 * A field's settings in the editor's side panel: the options of a radio group or a dropdown (one a
 * line), a number's bounds and decimals, a default value (the text of a read-only field), a text's
 * validation (a preset, or the sender's pattern and the one message signers see, in whichever
 * language they read), and the condition that shows it. A change is kept (and saved) once it holds
 * together; until then the panel says what is wrong, and the field keeps its last valid settings.
 */
export function FieldSettingsPanel({
  field,
  fields,
  onChange,
}: {
  field: FieldDraft;
  fields: readonly FieldDraft[];
  onChange: (settings: FieldSettings) => void;
}) {
  const { t } = useTranslation("web");
  const [form, setForm] = useState(() => formOf(field.settings));
  const [problems, setProblems] = useState<Partial<Record<keyof SettingsForm, string>>>({});
  // Another field selected: start from its settings.
  const [shownKey, setShownKey] = useState(field.key);
  useEffect(() => {
    if (shownKey !== field.key) {
      setShownKey(field.key);
      setForm(formOf(field.settings));
      setProblems({});
    }
  }, [field.key, field.settings, shownKey]);

  const update = (change: Partial<SettingsForm>) => {
    const next = { ...form, ...change };
    setForm(next);
    const result = settingsOf(field, next);
    if ("problems" in result) setProblems(result.problems);
    else {
      setProblems({});
      onChange(result.settings);
    }
  };
  const problemText = (entry: keyof SettingsForm) => {
    const problem = problems[entry];
    if (problem === undefined) return undefined;
    return isSettingsProblem(problem)
      ? t(`editor.fields.settings.problems.${problem}`)
      : t("editor.fields.settings.problems.invalid");
  };

  const kind = field.kind;
  const choices = (CHOICE_FIELD_KINDS as readonly string[]).includes(kind);
  const optionCount = form.options.split("\n").filter((line) => line.trim() !== "").length;
  const sources = conditionSources(field, fields);
  const condition = field.settings.condition;
  const source = condition
    ? sources.find((other) => other.uuid === condition.fieldUuid)
    : undefined;
  const sourceName = (other: FieldDraft) =>
    other.label ||
    `${t(`editor.fields.kinds.${other.kind}`)} (${t("editor.fields.settings.page", { page: other.page + 1 })})`;
  const setCondition = (next: FieldSettings["condition"]) => {
    const { condition: _dropped, ...rest } = field.settings;
    onChange(next ? { ...rest, condition: next } : rest);
  };

  return (
    <fieldset className="flex flex-col gap-3 border-t border-border pt-3">
      <legend className="sr-only">{t("editor.fields.settings.title")}</legend>
      {choices ? (
        <FormField
          label={t("editor.fields.settings.options")}
          description={`${t("editor.fields.settings.optionsHint")} ${t("editor.fields.settings.optionCount", { count: optionCount })}`}
          error={problemText("options")}
        >
          <Textarea
            rows={4}
            value={form.options}
            onChange={(event) => update({ options: event.target.value })}
          />
        </FormField>
      ) : null}
      {kind === "number" ? (
        <div className="grid grid-cols-3 gap-2">
          <FormField label={t("editor.fields.settings.min")} error={problemText("min")}>
            <Input
              inputMode="decimal"
              value={form.min}
              onChange={(event) => update({ min: event.target.value })}
            />
          </FormField>
          <FormField label={t("editor.fields.settings.max")} error={problemText("max")}>
            <Input
              inputMode="decimal"
              value={form.max}
              onChange={(event) => update({ max: event.target.value })}
            />
          </FormField>
          <FormField label={t("editor.fields.settings.decimals")} error={problemText("decimals")}>
            <Input
              inputMode="numeric"
              value={form.decimals}
              onChange={(event) => update({ decimals: event.target.value })}
            />
          </FormField>
        </div>
      ) : null}
      {kind === "attachment" ? (
        <FormField
          label={t("editor.fields.settings.maxFiles")}
          description={t("editor.fields.settings.maxFilesHint", {
            max: ATTACHMENT_MAX_FILES_PER_FIELD,
          })}
          error={problemText("maxFiles")}
        >
          <Input
            inputMode="numeric"
            placeholder="1"
            value={form.maxFiles}
            onChange={(event) => update({ maxFiles: event.target.value })}
          />
        </FormField>
      ) : null}
      {kind === "readonly" ? (
        <FormField
          label={t("editor.fields.settings.readonlyText")}
          description={t("editor.fields.settings.readonlyHint")}
          error={problemText("defaultValue")}
          required
        >
          <Textarea
            rows={3}
            value={form.defaultValue}
            onChange={(event) => update({ defaultValue: event.target.value })}
          />
        </FormField>
      ) : kind === "checkbox" ? (
        <Checkbox
          label={t("editor.fields.settings.tickedByDefault")}
          checked={form.defaultValue === "true"}
          onCheckedChange={(checked) => update({ defaultValue: checked === true ? "true" : "" })}
        />
      ) : choices ? (
        <FormField
          label={t("editor.fields.settings.defaultValue")}
          error={problemText("defaultValue")}
        >
          <Select
            value={form.defaultValue}
            onValueChange={(value) => update({ defaultValue: value })}
            options={[
              { value: "", label: t("editor.fields.settings.noDefault") },
              ...form.options
                .split("\n")
                .map((line) => line.trim())
                .filter(Boolean)
                .map((option) => ({ value: option, label: option })),
            ]}
          />
        </FormField>
      ) : kind === "text" || kind === "number" || kind === "phone" ? (
        <FormField
          label={t("editor.fields.settings.defaultValue")}
          error={problemText("defaultValue")}
        >
          <Input
            value={form.defaultValue}
            onChange={(event) => update({ defaultValue: event.target.value })}
          />
        </FormField>
      ) : null}
      {kind === "text" ? (
        <>
          <FormField label={t("editor.fields.settings.validation")}>
            <Select
              value={form.validation}
              onValueChange={(value) => update({ validation: value as ValidationChoice })}
              options={[
                { value: "none", label: t("editor.fields.settings.validationNone") },
                ...FIELD_VALIDATION_PRESETS.map((preset) => ({
                  value: preset,
                  label: t(`editor.fields.settings.presets.${preset}`),
                })),
                { value: "pattern", label: t("editor.fields.settings.pattern") },
              ]}
            />
          </FormField>
          {form.validation === "pattern" ? (
            <>
              <FormField
                label={t("editor.fields.settings.patternLabel")}
                description={t("editor.fields.settings.patternHint")}
                error={problemText("pattern")}
                required
              >
                <Input
                  value={form.pattern}
                  maxLength={FIELD_PATTERN_MAX_LENGTH}
                  spellCheck={false}
                  className="font-mono"
                  onChange={(event) => update({ pattern: event.target.value })}
                />
              </FormField>
              <FormField
                label={t("editor.fields.settings.patternMessage")}
                description={t("editor.fields.settings.patternMessageHint")}
                error={problemText("message")}
                required
              >
                <Input
                  value={form.message}
                  maxLength={FIELD_PATTERN_MESSAGE_MAX_LENGTH}
                  onChange={(event) => update({ message: event.target.value })}
                />
              </FormField>
            </>
          ) : null}
        </>
      ) : null}
      {kind !== "signature" ? (
        <>
          <FormField
            label={t("editor.fields.settings.condition")}
            description={t("editor.fields.settings.conditionHint")}
          >
            <Select
              value={source?.uuid ?? ""}
              onValueChange={(uuid) => {
                const chosen = sources.find((other) => other.uuid === uuid);
                const value = chosen ? conditionValues(chosen)[0] : undefined;
                setCondition(chosen?.uuid && value ? { fieldUuid: chosen.uuid, value } : undefined);
              }}
              options={[
                { value: "", label: t("editor.fields.settings.alwaysShown") },
                ...sources.flatMap((other) =>
                  other.uuid ? [{ value: other.uuid, label: sourceName(other) }] : [],
                ),
              ]}
            />
          </FormField>
          {source && condition ? (
            <FormField label={t("editor.fields.settings.conditionValue")}>
              <Select
                value={condition.value}
                onValueChange={(value) => setCondition({ ...condition, value })}
                options={conditionValues(source).map((value) => ({
                  value,
                  label:
                    value === "true" && source.kind === "checkbox"
                      ? t("editor.fields.settings.ticked")
                      : value,
                }))}
              />
            </FormField>
          ) : null}
        </>
      ) : null}
    </fieldset>
  );
}
