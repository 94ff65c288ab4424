export {
  ACTIONS,
  SUBJECTS,
  describeRuleProblem,
  isAction,
  isPermissionRule,
  isSubject,
  type Action,
  type PermissionRule,
  type Subject,
} from "./rules";
export {
  asSubject,
  assertCan,
  buildAbility,
  emptyAbility,
  PermissionDeniedError,
  type AppAbility,
  type BuildAbilityOptions,
  type SubjectRecord,
  type TaggedSubject,
} from "./ability";
export { heldRules, holdsRules, unheldRights, type UnheldRight } from "./held-rules";
export { MANAGED_ROLE_NAMES, MANAGED_ROLE_RULES, type ManagedRoleName } from "./managed-roles";
