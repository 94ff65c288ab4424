import { MEMBERS_IMPORT_MAX_ROWS, memberImportRowSchema } from "@paraphe/api-sdk/contract";
import { useTranslation } from "@paraphe/i18n/react";
import { Button, FormField, Select } from "@paraphe/ui-kit";
import { toast } from "../../../lib/toast";
import { useMemo, useState } from "react";
import { useNavigate } from "react-router";
import { useErrorText } from "../../../lib/api/error-text";
import { CsvImport } from "../../../lib/csv/csv-import";
import { type CsvSpec } from "../../../lib/csv/parse-csv";
import { usePageMeta } from "../../../lib/page-meta";
import { useImportInvitations, useMembers } from "../api/members-queries";
import { useGivableRoles } from "../hooks/use-givable-roles";
import { takesSeat, useRoleLabel } from "../../../domain/role-label";
import { PageSection } from "../../../components/page-section";

/** Largest CSV file of members: 1,000 rows of long names and emails fit well under it. */
export const MEMBERS_IMPORT_MAX_BYTES = 512 * 1024;

const MEMBERS_CSV: CsvSpec<typeof memberImportRowSchema> = {
  requiredColumns: ["email", "firstname", "lastname"],
  optionalColumns: ["phone"],
  schema: memberImportRowSchema,
  maxRows: MEMBERS_IMPORT_MAX_ROWS,
  maxBytes: MEMBERS_IMPORT_MAX_BYTES,
  uniqueColumn: "email",
};

/**
 * /settings/members/import (spec §5): a CSV file of people to invite with one role, previewed with
 * each row's errors, invited all at once or not at all. With every seat taken only the Viewer role
 * can be chosen, and the page says why.
 */
export function MembersImportPage() {
  const { t } = useTranslation("web");
  const navigate = useNavigate();
  const errorText = useErrorText();
  const roleLabel = useRoleLabel();
  usePageMeta({
    title: t("members.importPage.title"),
    back: {
      label: t("members.importPage.back"),
      onClick: () => void navigate("/settings/members"),
    },
  });
  const members = useMembers("");
  const importInvitations = useImportInvitations();
  const seats = members.data?.seats;
  const givable = useGivableRoles(members.data?.roles);
  // Only the roles the caller may give are offered (the api refuses the others).
  const roles = useMemo(
    () => (members.data?.roles ?? []).filter((role) => givable.has(role.uuid)),
    [members.data?.roles, givable],
  );
  const full = seats !== undefined && seats.total !== null && seats.used >= seats.total;
  const choosable = roles.filter((role) => !full || !takesSeat(role));
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const roleUuid =
    chosen ??
    (
      choosable.find((role) => role.origin === "managed" && role.name === "Member") ??
      choosable.find((role) => role.origin === "managed" && role.name === "Viewer") ??
      choosable[0]
    )?.uuid ??
    "";
  const columnLabels = useMemo(
    () => ({
      email: t("members.importPage.columns.email"),
      firstname: t("members.importPage.columns.firstname"),
      lastname: t("members.importPage.columns.lastname"),
      phone: t("members.importPage.columns.phone"),
    }),
    [t],
  );

  return (
    <PageSection
      headingId="members-import-title"
      title={t("members.importPage.title")}
      description={t("members.importPage.description")}
    >
      {members.isError ? (
        <p role="alert" className="text-sm font-medium text-danger">
          {errorText.apiError(members.error)}
        </p>
      ) : null}
      {full ? (
        <p
          role="status"
          className="rounded-control border border-warning bg-warning-soft p-3 text-sm text-ink"
        >
          {t("members.importPage.seatsFull")}
        </p>
      ) : null}
      <CsvImport
        spec={MEMBERS_CSV}
        columnLabels={columnLabels}
        caption={t("members.importPage.caption")}
        // The role is sent with the rows: no import before the team's roles have loaded.
        ready={roleUuid !== ""}
        onImport={async (invitations) => {
          const result = await importInvitations.mutateAsync({ roleUuid, invitations });
          toast.success(t("members.importPage.imported", { count: result.invited }));
          await navigate("/settings/members/pending");
        }}
      >
        <FormField label={t("members.importPage.role")} required>
          <Select
            value={roleUuid}
            onValueChange={setChosen}
            options={roles.map((role) => ({
              value: role.uuid,
              label: roleLabel(role),
              disabled: full && takesSeat(role),
            }))}
          />
        </FormField>
      </CsvImport>
      <div>
        <Button type="button" variant="ghost" onClick={() => void navigate("/settings/members")}>
          {t("members.importPage.back")}
        </Button>
      </div>
    </PageSection>
  );
}
