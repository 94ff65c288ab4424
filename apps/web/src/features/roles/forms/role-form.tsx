import { type EditableRule } from "@paraphe/api-sdk/contract";
import { useTranslation } from "@paraphe/i18n/react";
import { ACTIONS, SUBJECTS } from "@paraphe/permissions";
import { Button, Checkbox, FormField, Input, Select, Textarea } from "@paraphe/ui-kit";
import { Plus, Trash2 } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Controller, useFieldArray, useForm, useWatch } from "react-hook-form";
import { usePermissions } from "../../../app/permissions/permissions-context";
import { useErrorText } from "../../../lib/api/error-text";
import {
  cellsWithoutReason,
  gridFromRules,
  rulesFromGrid,
  unheldCells,
  type PermissionGrid,
} from "./permission-grid";
import { PermissionGridEditor } from "./permission-grid-editor";
import {
  EMPTY_RULE_ROW,
  roleFormSchema,
  ruleFromRow,
  rowsFromRules,
  type RoleFormProblem,
  type RoleFormValues,
} from "./role-form-schema";
import { zodResolver } from "../../../lib/forms/zod-resolver";

export interface RoleFormOutput {
  name: string;
  permissions: EditableRule[];
}

type RulesMode = "grid" | "advanced";

/**
 * Create or edit a custom role: its name and its rules. By default a grid of subjects by actions
 * (allow, forbid with a reason, or not set: `PermissionGridEditor`); in the advanced mode one row
 * per action and subject, inverted with a required reason, with optional fields (comma-separated)
 * and conditions (a JSON object of field values or comparison operators). Rules the grid cannot
 * show open in the advanced mode. Problems are shown beside each field before anything is sent;
 * the api's refusal (a name already taken, ...) above the form.
 */
export function RoleForm({
  initial,
  submitLabel,
  onSubmit,
  onCancel,
  submitError,
}: {
  initial: RoleFormValues;
  submitLabel: string;
  onSubmit: (values: RoleFormOutput) => Promise<unknown>;
  onCancel: () => void;
  submitError?: unknown;
}) {
  const { t } = useTranslation(["web", "common"]);
  const errorText = useErrorText();
  const { ability } = usePermissions();
  const form = useForm<RoleFormValues>({
    resolver: zodResolver(roleFormSchema),
    defaultValues: initial,
  });
  const [grid, setGrid] = useState<PermissionGrid | null>(() =>
    gridFromRules(initial.rules.map(ruleFromRow)),
  );
  const [mode, setMode] = useState<RulesMode>(grid === null ? "advanced" : "grid");
  const [gridSubmitted, setGridSubmitted] = useState(false);
  const changeGrid = (next: PermissionGrid) => {
    setGrid(next);
    form.setValue("rules", rowsFromRules(rulesFromGrid(next)));
  };
  const chooseMode = (next: RulesMode) => {
    if (next === mode) return;
    if (next === "grid") {
      const read = gridFromRules(form.getValues("rules").map(ruleFromRow));
      if (read === null) {
        setGrid(null);
        return;
      }
      setGrid(read);
    }
    setMode(next);
  };
  const gridUnheld = mode === "grid" && grid !== null ? unheldCells(ability, grid) : [];
  const rules = useFieldArray({ control: form.control, name: "rules" });
  const inverted = useWatch({ control: form.control, name: "rules" });
  const { errors, isSubmitting } = form.formState;
  const problem = (message: string | undefined) =>
    message === undefined
      ? undefined
      : t(`web:settings.roles.validation.${message as RoleFormProblem}`);

  const submitForm = form.handleSubmit(async (values) => {
    try {
      await onSubmit({ name: values.name.trim(), permissions: values.rules.map(ruleFromRow) });
    } catch {
      // The mutation's error is shown through `submitError`.
    }
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (mode === "grid" && grid !== null) {
      setGridSubmitted(true);
      if (cellsWithoutReason(grid).length > 0 || gridUnheld.length > 0) {
        event.preventDefault();
        void form.trigger("name");
        return;
      }
    }
    void submitForm(event);
  };

  const actionOptions = ACTIONS.map((action) => ({
    value: action,
    label: t(`web:settings.roles.actions.${action}`),
  }));
  const subjectOptions = SUBJECTS.map((subject) => ({
    value: subject,
    label: t(`web:settings.roles.subjects.${subject}`),
  }));

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      {submitError ? (
        <p role="alert" className="text-sm font-medium text-danger">
          {errorText.apiError(submitError)}
        </p>
      ) : null}
      <FormField
        label={t("web:settings.roles.form.name")}
        required
        error={problem(errors.name?.message)}
      >
        <Input autoComplete="off" {...form.register("name")} />
      </FormField>
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-1 text-sm font-semibold text-ink">
          {t("web:settings.roles.form.rules")}
        </legend>
        <div
          role="group"
          aria-label={t("web:settings.roles.grid.modeLabel")}
          className="flex flex-wrap gap-2"
        >
          <Button
            type="button"
            variant={mode === "grid" ? "primary" : "secondary"}
            aria-pressed={mode === "grid"}
            className="min-h-11"
            onClick={() => chooseMode("grid")}
          >
            {t("web:settings.roles.grid.modeGrid")}
          </Button>
          <Button
            type="button"
            variant={mode === "advanced" ? "primary" : "secondary"}
            aria-pressed={mode === "advanced"}
            className="min-h-11"
            onClick={() => chooseMode("advanced")}
          >
            {t("web:settings.roles.grid.modeAdvanced")}
          </Button>
        </div>
        {mode === "advanced" && grid === null ? (
          <p role="status" className="text-sm text-ink-muted">
            {t("web:settings.roles.grid.notRepresentable")}
          </p>
        ) : null}
        {mode === "grid" && grid !== null ? (
          <>
            <PermissionGridEditor
              grid={grid}
              onChange={changeGrid}
              ability={ability}
              showProblems={gridSubmitted}
            />
            {gridSubmitted && gridUnheld.length > 0 ? (
              <p role="alert" className="text-sm font-medium text-danger">
                {t("web:settings.roles.grid.unheldSubmit", {
                  rights: gridUnheld
                    .map(
                      ({ subject, action }) =>
                        `${t(`web:settings.roles.actions.${action}`)} — ${t(`web:settings.roles.subjects.${subject}`)}`,
                    )
                    .join(", "),
                })}
              </p>
            ) : null}
          </>
        ) : null}
        {mode === "grid" ? null : (
          <>
            {rules.fields.length === 0 ? (
              <p className="text-sm text-ink-muted">{t("web:settings.roles.form.noRules")}</p>
            ) : null}
            {errors.rules?.message ? (
              <p role="alert" className="text-sm font-medium text-danger">
                {problem(errors.rules.message)}
              </p>
            ) : null}
            {rules.fields.map((field, index) => {
              const rowErrors = errors.rules?.[index];
              const number = index + 1;
              return (
                <fieldset
                  key={field.id}
                  className="flex flex-col gap-3 rounded-card border border-border p-3"
                >
                  <legend className="px-1 text-sm font-medium text-ink">
                    {t("web:settings.roles.form.rule", { number })}
                  </legend>
                  <div className="grid gap-3 sm:grid-cols-2">
                    <FormField label={t("web:settings.roles.form.action")}>
                      <Select options={actionOptions} {...form.register(`rules.${index}.action`)} />
                    </FormField>
                    <FormField label={t("web:settings.roles.form.subject")}>
                      <Select
                        options={subjectOptions}
                        {...form.register(`rules.${index}.subject`)}
                      />
                    </FormField>
                  </div>
                  <Controller
                    control={form.control}
                    name={`rules.${index}.inverted`}
                    render={({ field: box }) => (
                      <Checkbox
                        ref={box.ref}
                        name={box.name}
                        label={t("web:settings.roles.form.inverted")}
                        description={t("web:settings.roles.form.invertedHint")}
                        checked={box.value}
                        onCheckedChange={(checked) => box.onChange(checked === true)}
                        onBlur={box.onBlur}
                      />
                    )}
                  />
                  {inverted[index]?.inverted ? (
                    <FormField
                      label={t("web:settings.roles.form.reason")}
                      description={t("web:settings.roles.form.reasonHint")}
                      required
                      error={problem(rowErrors?.reason?.message)}
                    >
                      <Input autoComplete="off" {...form.register(`rules.${index}.reason`)} />
                    </FormField>
                  ) : null}
                  <FormField
                    label={t("web:settings.roles.form.fields")}
                    description={t("web:settings.roles.form.fieldsHint")}
                    error={problem(rowErrors?.fields?.message)}
                  >
                    <Input autoComplete="off" {...form.register(`rules.${index}.fields`)} />
                  </FormField>
                  <FormField
                    label={t("web:settings.roles.form.conditions")}
                    description={t("web:settings.roles.form.conditionsHint")}
                    error={problem(rowErrors?.conditions?.message)}
                  >
                    <Textarea
                      rows={2}
                      spellCheck={false}
                      className="font-mono"
                      {...form.register(`rules.${index}.conditions`)}
                    />
                  </FormField>
                  <div className="flex justify-end">
                    <Button
                      type="button"
                      variant="ghost"
                      size="sm"
                      onClick={() => rules.remove(index)}
                    >
                      <Trash2 aria-hidden="true" />
                      {t("web:settings.roles.form.removeRule", { number })}
                    </Button>
                  </div>
                </fieldset>
              );
            })}
            <div>
              <Button
                type="button"
                variant="secondary"
                onClick={() => rules.append(EMPTY_RULE_ROW)}
              >
                <Plus aria-hidden="true" />
                {t("web:settings.roles.form.addRule")}
              </Button>
            </div>
          </>
        )}
      </fieldset>
      <div className="flex justify-end gap-2">
        <Button type="button" variant="secondary" onClick={onCancel}>
          {t("common:actions.cancel")}
        </Button>
        <Button type="submit" loading={isSubmitting}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
