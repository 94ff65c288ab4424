/** The actions of spec §6; `manage` covers every other action. */
export const ACTIONS = ["manage", "create", "read", "update", "delete"] as const;
export type Action = (typeof ACTIONS)[number];

/** The subjects of spec §6; `all` covers every subject. */
export const SUBJECTS = [
  "Envelope",
  "Workspace",
  "Team",
  "Contact",
  "Template",
  "API",
  "all",
] as const;
export type Subject = (typeof SUBJECTS)[number];

/** A permission rule as the api sends it with the user profile (spec §3). */
export interface PermissionRule {
  action: Action | Action[];
  subject: Subject | Subject[];
  /** MongoDB-style conditions on the subject's fields (CASL's query language). */
  conditions?: Record<string, unknown>;
  /** Fields the rule is restricted to. */
  fields?: string | string[];
  /** An inverted rule denies what it names. */
  inverted?: boolean;
  /** Why an inverted rule denies; shown to the user. */
  reason?: string;
}

export function isAction(value: unknown): value is Action {
  return typeof value === "string" && (ACTIONS as readonly string[]).includes(value);
}

export function isSubject(value: unknown): value is Subject {
  return typeof value === "string" && (SUBJECTS as readonly string[]).includes(value);
}

function isOneOrMany<T>(value: unknown, guard: (v: unknown) => v is T): value is T | T[] {
  if (Array.isArray(value)) return value.length > 0 && value.every(guard);
  return guard(value);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Explains why `value` is not a valid permission rule, or returns null when it is one. */
export function describeRuleProblem(value: unknown): string | null {
  if (!isPlainObject(value)) return "a rule must be an object";
  if (!isOneOrMany(value.action, isAction)) return `unknown action ${JSON.stringify(value.action)}`;
  if (!isOneOrMany(value.subject, isSubject))
    return `unknown subject ${JSON.stringify(value.subject)}`;
  if (value.conditions !== undefined && !isPlainObject(value.conditions)) {
    return "conditions must be an object";
  }
  if (
    value.fields !== undefined &&
    !isOneOrMany(value.fields, (f): f is string => typeof f === "string" && f.length > 0)
  ) {
    return "fields must be a field name or a list of field names";
  }
  if (value.inverted !== undefined && typeof value.inverted !== "boolean") {
    return "inverted must be a boolean";
  }
  if (value.reason !== undefined && typeof value.reason !== "string")
    return "reason must be a string";
  return null;
}

export function isPermissionRule(value: unknown): value is PermissionRule {
  return describeRuleProblem(value) === null;
}
