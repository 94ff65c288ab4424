import type { AppAbility } from "./ability";
import {
  ACTIONS,
  isPermissionRule,
  SUBJECTS,
  type Action,
  type PermissionRule,
  type Subject,
} from "./rules";

/*
 * Whether an ability holds the rights a rule set gives: what a caller may grant in a role, assign
 * to a member, or hand to an API key. CASL's `can(action, subject)` answers for a subject type and
 * passes rules limited to some fields or some records, so the rule sets are compared instead:
 * actions, subjects, fields and conditions. When the comparison cannot tell, the right counts as
 * not held.
 */

/** One right of a rule set that the ability does not hold (an action on a subject). */
export interface UnheldRight {
  action: Action;
  subject: Subject;
  /** The fields the right is limited to, when it is. */
  fields?: string[];
  /** The conditions the right is limited to, when it is. */
  conditions?: Record<string, unknown>;
}

interface ComparedRule {
  actions: readonly Action[];
  subjects: readonly Subject[];
  fields: readonly string[] | undefined;
  conditions: Readonly<Record<string, unknown>> | undefined;
  inverted: boolean;
}

const CONCRETE_ACTIONS = ACTIONS.filter((action) => action !== "manage");
const CONCRETE_SUBJECTS = SUBJECTS.filter((subject) => subject !== "all");

const list = <T>(value: T | readonly T[]): readonly T[] =>
  Array.isArray(value) ? (value as readonly T[]) : [value as T];

function compared(rule: PermissionRule): ComparedRule {
  const conditions =
    rule.conditions === undefined || Object.keys(rule.conditions).length === 0
      ? undefined
      : rule.conditions;
  return {
    actions: list(rule.action),
    subjects: list(rule.subject),
    fields: rule.fields === undefined ? undefined : list(rule.fields),
    conditions,
    inverted: rule.inverted === true,
  };
}

/** `manage` covers every action; only `manage` covers `manage`. */
const coversAction = (actions: readonly Action[], action: Action): boolean =>
  actions.includes("manage") || (action !== "manage" && actions.includes(action));

/** `all` covers every subject; only `all` covers `all`. */
const coversSubject = (subjects: readonly Subject[], subject: Subject): boolean =>
  subjects.includes("all") || (subject !== "all" && subjects.includes(subject));

/** A rule without fields covers every field; one with fields covers those fields only. */
const coversFields = (
  holder: readonly string[] | undefined,
  wanted: readonly string[] | undefined,
): boolean =>
  holder === undefined || (wanted !== undefined && wanted.every((field) => holder.includes(field)));

/**
 * Whether every record matching `wanted` matches `holder`: top-level keys of a MongoDB query are
 * all required, so `wanted` implies `holder` when it holds each of `holder`'s keys with the same
 * value (more keys only narrow it).
 */
const impliesConditions = (
  wanted: Readonly<Record<string, unknown>> | undefined,
  holder: Readonly<Record<string, unknown>> | undefined,
): boolean =>
  holder === undefined ||
  (wanted !== undefined &&
    Object.entries(holder).every(
      ([key, value]) => Object.hasOwn(wanted, key) && sameValue(wanted[key], value),
    ));

/** Deep equality of JSON values, whatever the order of object keys. */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, index) => sameValue(item, b[index]));
  }
  const left = Object.entries(a);
  const right = b as Record<string, unknown>;
  return (
    left.length === Object.keys(right).length &&
    left.every(([key, value]) => Object.hasOwn(right, key) && sameValue(value, right[key]))
  );
}

/** Whether a denial may take away part of `action` on `subject` over `fields` (any records). */
function mayOverlap(
  denial: ComparedRule,
  action: Action,
  subject: Subject,
  fields: readonly string[] | undefined,
): boolean {
  const actions =
    action === "manage" || denial.actions.includes("manage") || denial.actions.includes(action);
  const subjects =
    subject === "all" || denial.subjects.includes("all") || denial.subjects.includes(subject);
  const fieldsMeet =
    denial.fields === undefined ||
    fields === undefined ||
    [...denial.fields, ...fields].some((field) => field.includes("*")) ||
    denial.fields.some((field) => fields.includes(field));
  return actions && subjects && fieldsMeet;
}

/** Whether `wider` denies at least everything `denial` denies. */
const deniesAtLeast = (wider: ComparedRule, denial: ComparedRule): boolean =>
  denial.actions.every((action) => coversAction(wider.actions, action)) &&
  denial.subjects.every((subject) => coversSubject(wider.subjects, subject)) &&
  coversFields(wider.fields, denial.fields) &&
  impliesConditions(denial.conditions, wider.conditions);

/**
 * Whether `holder` holds `action` on `subject` as rule `index` of `granted` gives it: a rule of
 * the holder that allows it with no fields or more fields, and no conditions or conditions the
 * granted rule's imply; and every denial of the holder that may take part of it away is also a
 * denial of the granted set, written after that rule (inverted rules of a set only restrict the
 * rules before them).
 */
function holdsRight(
  holder: readonly ComparedRule[],
  granted: readonly ComparedRule[],
  index: number,
  action: Action,
  subject: Subject,
): boolean {
  const rule = granted[index];
  if (rule === undefined) return false;
  const allowed = holder.some(
    (own) =>
      !own.inverted &&
      coversAction(own.actions, action) &&
      coversSubject(own.subjects, subject) &&
      coversFields(own.fields, rule.fields) &&
      impliesConditions(rule.conditions, own.conditions),
  );
  if (!allowed) return false;
  const laterDenials = granted.slice(index + 1).filter((later) => later.inverted);
  return holder.every(
    (own) =>
      !own.inverted ||
      !mayOverlap(own, action, subject, rule.fields) ||
      laterDenials.some((later) => deniesAtLeast(later, own)),
  );
}

/** The holder's rules, or null when one of them is not a rule this package knows. */
function holderRules(ability: AppAbility): ComparedRule[] | null {
  const rules: ComparedRule[] = [];
  for (const rule of ability.rules) {
    if (!isPermissionRule(rule)) return null;
    rules.push(compared(rule));
  }
  return rules;
}

/** Each allowed right of `rules` in order, with the index of its rule and whether `ability` holds it. */
function eachRight(
  ability: AppAbility,
  rules: readonly PermissionRule[],
  visit: (
    index: number,
    right: UnheldRight,
    held: boolean,
    holdsAlso: (action: Action, subject: Subject) => boolean,
  ) => void,
): void {
  const holder = holderRules(ability);
  const valid = rules.map((rule) => isPermissionRule(rule));
  // A malformed rule asks for everything, and nobody is sure to hold it.
  const granted = rules.map((rule, index) =>
    valid[index] === true ? compared(rule) : compared({ action: "manage", subject: "all" }),
  );
  granted.forEach((rule, index) => {
    if (valid[index] !== true) {
      visit(index, { action: "manage", subject: "all" }, false, () => false);
      return;
    }
    if (rule.inverted) return;
    for (const action of rule.actions) {
      for (const subject of rule.subjects) {
        const right: UnheldRight = {
          action,
          subject,
          ...(rule.fields === undefined ? {} : { fields: [...rule.fields] }),
          ...(rule.conditions === undefined ? {} : { conditions: { ...rule.conditions } }),
        };
        const holdsAlso = (other: Action, on: Subject) =>
          holder !== null && holdsRight(holder, granted, index, other, on);
        visit(index, right, holdsAlso(action, subject), holdsAlso);
      }
    }
  });
}

/**
 * The rights that `rules` give and `ability` does not hold, fields and conditions included (empty
 * when it holds them all). Inverted rules of `rules` only take away, so they ask for nothing; a
 * malformed rule asks for everything (`manage all`) and is never held.
 */
export function unheldRights(ability: AppAbility, rules: readonly PermissionRule[]): UnheldRight[] {
  const unheld: UnheldRight[] = [];
  eachRight(ability, rules, (_index, right, held) => {
    if (!held) unheld.push(right);
  });
  return unheld;
}

/** Whether `ability` holds every right that `rules` give (see {@link unheldRights}). */
export function holdsRules(ability: AppAbility, rules: readonly PermissionRule[]): boolean {
  return unheldRights(ability, rules).length === 0;
}

/**
 * The part of `rules` that `ability` holds: each allowed rule split into one rule per action and
 * subject (`manage` and `all` into the actions and subjects they stand for where they are not
 * held whole), kept only where `ability` holds it; inverted rules kept as they are; malformed rules
 * dropped. An ability built from the result allows nothing `ability` does not (an API key's rules
 * within its creator's current rights).
 */
export function heldRules(ability: AppAbility, rules: readonly PermissionRule[]): PermissionRule[] {
  const kept = new Map<number, PermissionRule[]>();
  eachRight(ability, rules, (index, { action, subject, fields, conditions }, held, holdsAlso) => {
    // `manage` or `all` not held whole: the actions and subjects they stand for that are.
    const pairs = held
      ? [[action, subject] as const]
      : (action === "manage" ? CONCRETE_ACTIONS : [action]).flatMap((one) =>
          (subject === "all" ? CONCRETE_SUBJECTS : [subject])
            .filter((on) => holdsAlso(one, on))
            .map((on) => [one, on] as const),
        );
    for (const [one, on] of pairs) {
      const rule: PermissionRule = {
        action: one,
        subject: on,
        ...(fields === undefined ? {} : { fields }),
        ...(conditions === undefined ? {} : { conditions }),
      };
      kept.set(index, [...(kept.get(index) ?? []), rule]);
    }
  });
  return rules.flatMap((rule, index) =>
    rule.inverted === true ? (isPermissionRule(rule) ? [rule] : []) : (kept.get(index) ?? []),
  );
}
