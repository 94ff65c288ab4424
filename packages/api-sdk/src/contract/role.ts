import { ACTIONS, SUBJECTS } from "@paraphe/permissions";
import { z } from "zod";

/** Longest role name. */
export const ROLE_NAME_MAX_LENGTH = 50;
/** Most rules in one role. */
export const ROLE_RULES_MAX = 50;
/** Longest reason of an inverted rule. */
export const ROLE_RULE_REASON_MAX_LENGTH = 200;
/** Most fields one rule may name, and most conditions (field names) in one rule. */
export const ROLE_RULE_FIELDS_MAX = 20;

/**
 * The condition operators a role rule may use: the comparison and membership operators of CASL's
 * MongoDB query language that `@paraphe/permissions` evaluates. `$regex` (and anything else) is
 * refused: a pattern written by a team administrator would run on every check.
 */
export const CONDITION_OPERATORS = [
  "$eq",
  "$ne",
  "$lt",
  "$lte",
  "$gt",
  "$gte",
  "$in",
  "$nin",
  "$exists",
] as const;

const fieldName = z
  .string()
  .max(64)
  .regex(
    /^[A-Za-z][A-Za-z0-9_]*$/,
    "A field name starts with a letter and has only letters, digits and _.",
  );
const scalar = z.union([z.string().max(200), z.number(), z.boolean(), z.null()]);
const scalarList = z.array(scalar).max(100);
const operatorSchema = z.strictObject({
  $eq: scalar.optional(),
  $ne: scalar.optional(),
  $lt: z.union([z.string().max(200), z.number()]).optional(),
  $lte: z.union([z.string().max(200), z.number()]).optional(),
  $gt: z.union([z.string().max(200), z.number()]).optional(),
  $gte: z.union([z.string().max(200), z.number()]).optional(),
  $in: scalarList.optional(),
  $nin: scalarList.optional(),
  $exists: z.boolean().optional(),
} satisfies Record<(typeof CONDITION_OPERATORS)[number], z.ZodType>);

/**
 * The conditions of a rule: field name -> a value the field must equal, or an object of
 * {@link CONDITION_OPERATORS} (`{ "status": { "$in": ["draft", "sent"] } }`). Nothing else.
 */
export const ruleConditionsSchema = z
  .record(
    fieldName,
    z.union([
      scalar,
      operatorSchema.refine((value) => Object.keys(value).length > 0, {
        message: "An operator object needs at least one operator.",
      }),
    ]),
  )
  .refine((value) => Object.keys(value).length <= ROLE_RULE_FIELDS_MAX, {
    message: `At most ${ROLE_RULE_FIELDS_MAX} conditions.`,
  });

const oneOrMany = <T extends z.ZodType>(item: T, max: number) =>
  z.union([item, z.array(item).min(1).max(max)]);

/**
 * A permission rule of a custom role, as written by a team administrator: an action and a subject
 * (or lists of them), optional conditions and fields; an inverted rule denies and must say why.
 */
export const editableRuleSchema = z
  .object({
    action: oneOrMany(z.enum(ACTIONS), ACTIONS.length),
    subject: oneOrMany(z.enum(SUBJECTS), SUBJECTS.length),
    conditions: ruleConditionsSchema.optional(),
    fields: oneOrMany(fieldName, ROLE_RULE_FIELDS_MAX).optional(),
    inverted: z.boolean().optional(),
    reason: z.string().trim().max(ROLE_RULE_REASON_MAX_LENGTH).optional(),
  })
  .refine((rule) => rule.inverted !== true || (rule.reason ?? "") !== "", {
    message: "An inverted rule needs a reason.",
    path: ["reason"],
  });
export type EditableRule = z.infer<typeof editableRuleSchema>;

export const roleNameSchema = z.string().trim().min(1).max(ROLE_NAME_MAX_LENGTH);
export const roleRulesSchema = z.array(editableRuleSchema).max(ROLE_RULES_MAX);

export const roleOriginSchema = z.enum(["managed", "custom"]);
export type RoleOrigin = z.infer<typeof roleOriginSchema>;

/** A role of the caller's team. `uuid`, `name` and `origin` are stable: pick a role by them. */
export const roleSchema = z.object({
  uuid: z.string(),
  name: z.string(),
  origin: roleOriginSchema,
  /** The rules as stored (managed roles' rules are those of `@paraphe/permissions`). */
  permissions: z.array(z.record(z.string(), z.unknown())),
  memberCount: z.number().int().min(0),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Role = z.infer<typeof roleSchema>;

// POST /team/list-roles
export const listRolesRequestSchema = z.object({});
export const listRolesResponseSchema = z.object({ roles: z.array(roleSchema) });
export type ListRolesResponse = z.infer<typeof listRolesResponseSchema>;

// POST /team/create-role
export const createRoleRequestSchema = z.object({
  name: roleNameSchema,
  permissions: roleRulesSchema,
});
export type CreateRoleRequest = z.input<typeof createRoleRequestSchema>;

// POST /team/update-role: rename and/or replace the rules of a custom role.
export const updateRoleRequestSchema = z.object({
  roleUuid: z.uuid(),
  name: roleNameSchema.optional(),
  permissions: roleRulesSchema.optional(),
});
export type UpdateRoleRequest = z.input<typeof updateRoleRequestSchema>;

// POST /team/delete-role
export const deleteRoleRequestSchema = z.object({ roleUuid: z.uuid() });
export const deleteRoleResponseSchema = z.object({ deleted: z.literal(true) });
