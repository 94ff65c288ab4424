import {
  editableRuleSchema,
  ROLE_NAME_MAX_LENGTH,
  ROLE_RULE_FIELDS_MAX,
  ROLE_RULE_REASON_MAX_LENGTH,
  ROLE_RULES_MAX,
  ruleConditionsSchema,
  type EditableRule,
} from "@paraphe/api-sdk/contract";
import { ACTIONS, SUBJECTS, type Action, type Subject } from "@paraphe/permissions";
import { z } from "zod";

/**
 * One row of the rule editor: one action on one subject, inverted with a reason or not, with
 * optional fields (comma-separated names) and conditions (a JSON object), as typed.
 */
export interface RuleRow {
  action: Action;
  subject: Subject;
  inverted: boolean;
  reason: string;
  fields: string;
  conditions: string;
}

export interface RoleFormValues {
  name: string;
  rules: RuleRow[];
}

/** The validation words of the form, translated under `web:settings.roles.validation`. */
export type RoleFormProblem =
  | "nameRequired"
  | "nameTooLong"
  | "tooManyRules"
  | "reasonRequired"
  | "reasonTooLong"
  | "fieldsInvalid"
  | "conditionsNotJson"
  | "conditionsNotObject"
  | "conditionsUnsupported";

const FIELD_NAME = /^[A-Za-z][A-Za-z0-9_]*$/;

/** The field names of a row (empty entries dropped). */
export function fieldNames(text: string): string[] {
  return text
    .split(",")
    .map((name) => name.trim())
    .filter((name) => name !== "");
}

/** The conditions object a row's text holds, or the problem with it; undefined when empty. */
export function parseConditions(
  text: string,
): { ok: true; value: EditableRule["conditions"] } | { ok: false; problem: RoleFormProblem } {
  if (text.trim() === "") return { ok: true, value: undefined };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, problem: "conditionsNotJson" };
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    return { ok: false, problem: "conditionsNotObject" };
  }
  const checked = ruleConditionsSchema.safeParse(parsed);
  return checked.success
    ? { ok: true, value: checked.data }
    : { ok: false, problem: "conditionsUnsupported" };
}

const ruleRowSchema = z
  .object({
    action: z.enum(ACTIONS),
    subject: z.enum(SUBJECTS),
    inverted: z.boolean(),
    reason: z.string(),
    fields: z.string(),
    conditions: z.string(),
  })
  .superRefine((row, ctx) => {
    const problem = (path: keyof RuleRow, message: RoleFormProblem) =>
      ctx.addIssue({ code: "custom", path: [path], message });
    if (row.inverted && row.reason.trim() === "") problem("reason", "reasonRequired");
    if (row.reason.trim().length > ROLE_RULE_REASON_MAX_LENGTH) problem("reason", "reasonTooLong");
    const fields = fieldNames(row.fields);
    if (fields.length > ROLE_RULE_FIELDS_MAX || fields.some((name) => !FIELD_NAME.test(name))) {
      problem("fields", "fieldsInvalid");
    }
    const conditions = parseConditions(row.conditions);
    if (!conditions.ok) problem("conditions", conditions.problem);
  });

/** The form's rules: the contract's limits, with messages the form translates. */
export const roleFormSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, "nameRequired" satisfies RoleFormProblem)
    .max(ROLE_NAME_MAX_LENGTH, "nameTooLong" satisfies RoleFormProblem),
  rules: z.array(ruleRowSchema).max(ROLE_RULES_MAX, "tooManyRules" satisfies RoleFormProblem),
});

/** A row as the contract's rule (call after the form validated it). */
export function ruleFromRow(row: RuleRow): EditableRule {
  const fields = fieldNames(row.fields);
  const conditions = parseConditions(row.conditions);
  return {
    action: row.action,
    subject: row.subject,
    ...(conditions.ok && conditions.value !== undefined ? { conditions: conditions.value } : {}),
    ...(fields.length > 0 ? { fields } : {}),
    ...(row.inverted ? { inverted: true, reason: row.reason.trim() } : {}),
  };
}

const list = <T>(value: T | T[]): T[] => (Array.isArray(value) ? value : [value]);

/**
 * The rows of stored rules: a rule naming several actions or subjects becomes one row per pair (the
 * same permissions); a stored rule the editor cannot read is left out.
 */
export function rowsFromRules(rules: readonly unknown[]): RuleRow[] {
  return rules.flatMap((stored) => {
    const parsed = editableRuleSchema.safeParse(stored);
    if (!parsed.success) return [];
    const rule = parsed.data;
    return list(rule.action).flatMap((action) =>
      list(rule.subject).map((subject) => ({
        action,
        subject,
        inverted: rule.inverted === true,
        reason: rule.reason ?? "",
        fields: rule.fields === undefined ? "" : list(rule.fields).join(", "),
        conditions: rule.conditions === undefined ? "" : JSON.stringify(rule.conditions),
      })),
    );
  });
}

/** A new row of the editor. */
export const EMPTY_RULE_ROW: RuleRow = {
  action: "read",
  subject: "Envelope",
  inverted: false,
  reason: "",
  fields: "",
  conditions: "",
};
