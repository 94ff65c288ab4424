import {
  createMongoAbility,
  ForbiddenError,
  subject as caslSubject,
  type MongoAbility,
  type RawRuleOf,
} from "@casl/ability";
import { describeRuleProblem, type Action, type PermissionRule, type Subject } from "./rules";

/** A record checked against conditions: the subject type tagged on a plain object. */
export type SubjectRecord = Record<PropertyKey, unknown> & {
  readonly __caslSubjectType__?: string;
};

/** A record tagged as a `type` by {@link asSubject}. */
export type TaggedSubject<S extends Exclude<Subject, "all">> = SubjectRecord & {
  readonly __caslSubjectType__: S;
};

export type AppAbility = MongoAbility<[Action, Subject | SubjectRecord]>;

export interface BuildAbilityOptions {
  /** Receives the reason when the rules cannot be used; the ability is then empty. */
  onInvalid?: (message: string) => void;
}

/**
 * The ability of a member, from the team's role permission rules. Rules that are missing or malformed
 * give an empty ability (nothing allowed), as spec §6 asks when the profile failed or lacks
 * rolePermissions.
 */
export function buildAbility(rules: unknown, options: BuildAbilityOptions = {}): AppAbility {
  const onInvalid =
    options.onInvalid ??
    ((message: string) => console.error(`Failed to build the permission set: ${message}`));
  if (rules === undefined || rules === null) return emptyAbility();
  if (!Array.isArray(rules)) {
    onInvalid("rolePermissions is not a list");
    return emptyAbility();
  }
  for (const [index, rule] of rules.entries()) {
    const problem = describeRuleProblem(rule);
    if (problem) {
      onInvalid(`rule ${index}: ${problem}`);
      return emptyAbility();
    }
  }
  try {
    return createMongoAbility<AppAbility>(rules as RawRuleOf<AppAbility>[]);
  } catch (error) {
    onInvalid(error instanceof Error ? error.message : String(error));
    return emptyAbility();
  }
}

/** An ability that allows nothing. */
export function emptyAbility(): AppAbility {
  return createMongoAbility<AppAbility>([]);
}

/**
 * Tags a copy of a plain object with its subject type (CASL's `subject` helper) so that rule
 * conditions and field rules apply to it; the type stays readable as `__caslSubjectType__`.
 */
export function asSubject<
  S extends Exclude<Subject, "all">,
  T extends Record<PropertyKey, unknown>,
>(type: S, object: T): T & TaggedSubject<S> {
  return caslSubject(type, { ...object }) as T & TaggedSubject<S>;
}

/** Thrown by {@link assertCan}; carries the denying rule's reason when there is one. */
export class PermissionDeniedError extends Error {
  readonly action: Action;
  readonly subjectType: string;
  constructor(message: string, action: Action, subjectType: string) {
    super(message);
    this.name = "PermissionDeniedError";
    this.action = action;
    this.subjectType = subjectType;
  }
}

/** Server-side enforcement: throws {@link PermissionDeniedError} unless the ability allows it. */
export function assertCan(
  ability: AppAbility,
  action: Action,
  target: Subject | SubjectRecord,
  field?: string,
): void {
  try {
    ForbiddenError.from(ability).throwUnlessCan(action, target, field);
  } catch (error) {
    if (error instanceof ForbiddenError) {
      throw new PermissionDeniedError(
        error.message,
        action,
        typeof error.subjectType === "string" ? error.subjectType : String(error.subjectType),
      );
    }
    throw error;
  }
}

export type { PermissionRule };
