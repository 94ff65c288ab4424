import { ROLE_RULE_REASON_MAX_LENGTH } from "@paraphe/api-sdk/contract";
import { useTranslation } from "@paraphe/i18n/react";
import type { AppAbility } from "@paraphe/permissions";
import { PHONE_MEDIA_QUERY, Select, Textarea, useMediaQuery } from "@paraphe/ui-kit";
import {
  GRID_ACTIONS,
  GRID_SUBJECTS,
  mayAllow,
  withCell,
  type GridAction,
  type GridCell,
  type GridSubject,
  type PermissionGrid,
} from "./permission-grid";

/**
 * The plain editor of a role's rules: a table of subjects by actions (cards per subject on a
 * phone), each cell a labelled choice of not set, allow or forbid, and a reason for a forbidden
 * cell. Allowing what the editor's own role does not hold is not offered (the api refuses it).
 */
export function PermissionGridEditor({
  grid,
  onChange,
  ability,
  showProblems,
}: {
  grid: PermissionGrid;
  onChange: (grid: PermissionGrid) => void;
  ability: AppAbility;
  /** Whether to show a missing reason (once the form was submitted). */
  showProblems: boolean;
}) {
  const { t } = useTranslation("web");
  const phone = useMediaQuery(PHONE_MEDIA_QUERY);
  const cellProps = (subject: GridSubject, action: GridAction) => ({
    subject,
    action,
    cell: grid[subject][action],
    allowable: mayAllow(ability, subject, action),
    showProblems,
    onChange: (cell: GridCell) => onChange(withCell(grid, subject, action, cell)),
  });

  if (phone) {
    return (
      <div className="flex flex-col gap-3">
        <p className="text-sm text-ink-muted">{t("settings.roles.grid.hint")}</p>
        {GRID_SUBJECTS.map((subject) => (
          <fieldset
            key={subject}
            className="flex flex-col gap-3 rounded-card border border-border p-3"
          >
            <legend className="px-1 text-sm font-semibold text-ink">
              {t(`settings.roles.subjects.${subject}`)}
            </legend>
            {GRID_ACTIONS.map((action) => (
              <div key={action} className="flex flex-col gap-1">
                <span className="text-sm font-medium text-ink" aria-hidden="true">
                  {t(`settings.roles.actions.${action}`)}
                </span>
                <GridCellControl {...cellProps(subject, action)} />
              </div>
            ))}
          </fieldset>
        ))}
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm text-ink-muted">{t("settings.roles.grid.hint")}</p>
      <table className="w-full table-fixed border-collapse text-sm">
        <caption className="sr-only">{t("settings.roles.grid.caption")}</caption>
        <thead>
          <tr>
            <th scope="col" className="w-28 p-1 text-left font-medium text-ink-muted">
              {t("settings.roles.grid.subject")}
            </th>
            {GRID_ACTIONS.map((action) => (
              <th key={action} scope="col" className="p-1 text-left font-medium text-ink">
                {t(`settings.roles.actions.${action}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {GRID_SUBJECTS.map((subject) => (
            <tr key={subject} className="border-t border-border align-top">
              <th scope="row" className="p-1 py-2 text-left font-medium text-ink">
                {t(`settings.roles.subjects.${subject}`)}
              </th>
              {GRID_ACTIONS.map((action) => (
                <td key={action} className="p-1 py-2">
                  <GridCellControl {...cellProps(subject, action)} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function GridCellControl({
  subject,
  action,
  cell,
  allowable,
  showProblems,
  onChange,
}: {
  subject: GridSubject;
  action: GridAction;
  cell: GridCell;
  allowable: boolean;
  showProblems: boolean;
  onChange: (cell: GridCell) => void;
}) {
  const { t } = useTranslation("web");
  const names = {
    action: t(`settings.roles.actions.${action}`),
    subject: t(`settings.roles.subjects.${subject}`),
  };
  const id = `role-grid-${subject}-${action}`;
  // Kept offered when already allowed, so that a role read as it is saved shows it.
  const allowOffered = allowable || cell.state === "allow";
  const missingReason = showProblems && cell.state === "forbid" && cell.reason.trim() === "";
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <Select
        id={id}
        aria-label={t("settings.roles.grid.cellLabel", names)}
        aria-describedby={allowable ? undefined : `${id}-unheld`}
        className="h-11 px-2 pr-7"
        value={cell.state}
        options={[
          { value: "unset", label: t("settings.roles.grid.unset") },
          {
            value: "allow",
            label: allowOffered
              ? t("settings.roles.grid.allow")
              : t("settings.roles.grid.allowUnheld"),
            disabled: !allowOffered,
          },
          { value: "forbid", label: t("settings.roles.grid.forbid") },
        ]}
        onValueChange={(value) =>
          onChange(
            value === "forbid"
              ? { state: "forbid", reason: cell.state === "forbid" ? cell.reason : "" }
              : value === "allow"
                ? { state: "allow" }
                : { state: "unset" },
          )
        }
      />
      {allowable ? null : (
        <span id={`${id}-unheld`} className="sr-only">
          {t("settings.roles.grid.unheld")}
        </span>
      )}
      {cell.state === "allow" && !allowable ? (
        <span role="alert" className="text-xs text-danger">
          {t("settings.roles.grid.unheld")}
        </span>
      ) : null}
      {cell.state === "forbid" ? (
        <>
          {/* A few lines, so that the whole reason shows even in a narrow column. */}
          <Textarea
            aria-label={t("settings.roles.grid.reasonLabel", names)}
            placeholder={t("settings.roles.grid.reasonPlaceholder")}
            autoComplete="off"
            maxLength={ROLE_RULE_REASON_MAX_LENGTH}
            rows={3}
            className="min-h-11 px-2 text-sm"
            value={cell.reason}
            aria-invalid={missingReason || undefined}
            aria-describedby={missingReason ? `${id}-reason-error` : undefined}
            onChange={(event) => onChange({ state: "forbid", reason: event.target.value })}
          />
          {missingReason ? (
            <span id={`${id}-reason-error`} className="text-xs text-danger">
              {t("settings.roles.validation.reasonRequired")}
            </span>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
