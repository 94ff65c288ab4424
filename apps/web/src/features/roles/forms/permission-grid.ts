import { editableRuleSchema, type EditableRule } from "@paraphe/api-sdk/contract";
import {
  ACTIONS,
  SUBJECTS,
  unheldRights,
  type Action,
  type AppAbility,
  type PermissionRule,
  type Subject,
} from "@paraphe/permissions";

/*
 * The plain editor of a role: a grid of subjects (rows) by actions (columns), each cell allowed,
 * forbidden (with a reason) or not set. It reads and writes the same rules as the advanced editor:
 * one rule per allowed cell, then one inverted rule per forbidden cell, so that a forbidden cell
 * takes away what a wider rule would give and never what the grid allows. Rules the grid cannot
 * show (`manage`, `all`, fields, conditions, a cell both allowed and forbidden) stay in the advanced
 * editor.
 */

/** The grid's columns: every action but `manage`. */
export const GRID_ACTIONS = ACTIONS.filter(
  (action): action is Exclude<Action, "manage"> => action !== "manage",
);
/** The grid's rows: every subject but `all`. */
export const GRID_SUBJECTS = SUBJECTS.filter(
  (subject): subject is Exclude<Subject, "all"> => subject !== "all",
);
export type GridAction = (typeof GRID_ACTIONS)[number];
export type GridSubject = (typeof GRID_SUBJECTS)[number];

/** One cell: not set, allowed, or forbidden with the reason members are shown. */
export type GridCell =
  { state: "unset" } | { state: "allow" } | { state: "forbid"; reason: string };

export type PermissionGrid = Record<GridSubject, Record<GridAction, GridCell>>;

const UNSET: GridCell = { state: "unset" };

/** A grid with every cell not set. */
export function emptyGrid(): PermissionGrid {
  return Object.fromEntries(
    GRID_SUBJECTS.map((subject) => [
      subject,
      Object.fromEntries(GRID_ACTIONS.map((action) => [action, UNSET])),
    ]),
  ) as PermissionGrid;
}

/** The grid with one cell changed. */
export function withCell(
  grid: PermissionGrid,
  subject: GridSubject,
  action: GridAction,
  cell: GridCell,
): PermissionGrid {
  return { ...grid, [subject]: { ...grid[subject], [action]: cell } };
}

const list = <T>(value: T | T[]): T[] => (Array.isArray(value) ? value : [value]);
const isGridAction = (action: Action): action is GridAction => action !== "manage";
const isGridSubject = (subject: Subject): subject is GridSubject => subject !== "all";

/**
 * The grid that stands for `rules`, or null when the grid cannot show them: a rule on `manage` or
 * `all`, limited to fields or records, not a rule at all, a cell both allowed and forbidden, or a
 * forbidden cell written before an allowed one (it would not take that one away).
 */
export function gridFromRules(rules: readonly unknown[]): PermissionGrid | null {
  let grid = emptyGrid();
  let forbidSeen = false;
  for (const stored of rules) {
    const parsed = editableRuleSchema.safeParse(stored);
    if (!parsed.success) return null;
    const rule = parsed.data;
    if (rule.fields !== undefined || rule.conditions !== undefined) return null;
    const inverted = rule.inverted === true;
    if (!inverted && forbidSeen) return null;
    forbidSeen ||= inverted;
    for (const action of list(rule.action)) {
      for (const subject of list(rule.subject)) {
        if (!isGridAction(action) || !isGridSubject(subject)) return null;
        const current = grid[subject][action];
        const cell: GridCell = inverted
          ? { state: "forbid", reason: rule.reason ?? "" }
          : { state: "allow" };
        if (current.state !== "unset" && current.state !== cell.state) return null;
        grid = withCell(grid, subject, action, cell);
      }
    }
  }
  return grid;
}

/** The rules of a grid: each allowed cell, then each forbidden cell with its reason. */
export function rulesFromGrid(grid: PermissionGrid): EditableRule[] {
  const allowed: EditableRule[] = [];
  const forbidden: EditableRule[] = [];
  for (const subject of GRID_SUBJECTS) {
    for (const action of GRID_ACTIONS) {
      const cell = grid[subject][action];
      if (cell.state === "allow") allowed.push({ action, subject });
      if (cell.state === "forbid") {
        forbidden.push({ action, subject, inverted: true, reason: cell.reason.trim() });
      }
    }
  }
  return [...allowed, ...forbidden];
}

/**
 * Whether the editor, with `ability`, may allow `action` on `subject` in a role: the api refuses
 * to give a right the editor's own role does not hold (`unheldRights`, as the api compares).
 */
export function mayAllow(ability: AppAbility, subject: GridSubject, action: GridAction): boolean {
  return unheldRights(ability, [{ action, subject }]).length === 0;
}

/** The allowed cells of `grid` that `ability` does not hold, which the api would refuse. */
export function unheldCells(
  ability: AppAbility,
  grid: PermissionGrid,
): { subject: GridSubject; action: GridAction }[] {
  return unheldRights(
    ability,
    rulesFromGrid(grid).filter((rule) => rule.inverted !== true) as PermissionRule[],
  ).flatMap((right) =>
    isGridAction(right.action) && isGridSubject(right.subject)
      ? [{ subject: right.subject, action: right.action }]
      : [],
  );
}

/** The forbidden cells of `grid` without a reason (the api requires one). */
export function cellsWithoutReason(
  grid: PermissionGrid,
): { subject: GridSubject; action: GridAction }[] {
  return GRID_SUBJECTS.flatMap((subject) =>
    GRID_ACTIONS.flatMap((action) => {
      const cell = grid[subject][action];
      return cell.state === "forbid" && cell.reason.trim() === "" ? [{ subject, action }] : [];
    }),
  );
}
