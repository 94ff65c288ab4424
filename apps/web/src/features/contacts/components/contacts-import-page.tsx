import { CONTACT_IMPORT_MAX_ROWS, contactInputSchema } from "@paraphe/api-sdk/contract";
import { useTranslation } from "@paraphe/i18n/react";
import { Button } from "@paraphe/ui-kit";
import { toast } from "../../../lib/toast";
import { useMemo } from "react";
import { useNavigate } from "react-router";
import { CsvImport } from "../../../lib/csv/csv-import";
import { type CsvSpec } from "../../../lib/csv/parse-csv";
import { usePageMeta } from "../../../lib/page-meta";
import { useImportContacts } from "../api/contact-queries";
import { WorkspacesGate } from "./workspaces-gate";
import { PageSection } from "../../../components/page-section";

/** Largest CSV file of contacts: 1,000 rows of long names and emails fit well under it. */
export const CONTACT_IMPORT_MAX_BYTES = 512 * 1024;

const CONTACT_CSV: CsvSpec<typeof contactInputSchema> = {
  requiredColumns: ["email", "firstname", "lastname"],
  optionalColumns: ["phone"],
  schema: contactInputSchema,
  maxRows: CONTACT_IMPORT_MAX_ROWS,
  maxBytes: CONTACT_IMPORT_MAX_BYTES,
  uniqueColumn: "email",
};

/** /contacts/import: a CSV file of contacts, previewed with each row's errors, imported at once. */
export function ContactsImportPage() {
  const { t } = useTranslation("web");
  const navigate = useNavigate();
  usePageMeta({
    title: t("contacts.importPage.title"),
    back: { label: t("contacts.form.cancel"), onClick: () => void navigate("/contacts") },
  });
  const importContacts = useImportContacts();
  const columnLabels = useMemo(
    () => ({
      email: t("contacts.columns.email"),
      firstname: t("contacts.columns.firstname"),
      lastname: t("contacts.columns.lastname"),
      phone: t("contacts.columns.phone"),
    }),
    [t],
  );

  return (
    <PageSection
      headingId="contacts-import-title"
      title={t("contacts.importPage.title")}
      description={t("contacts.importPage.description")}
    >
      <WorkspacesGate label={t("contacts.importPage.workspace")}>
        {({ workspaceUuid, field }) => (
          <CsvImport
            spec={CONTACT_CSV}
            columnLabels={columnLabels}
            caption={t("contacts.importPage.caption")}
            onImport={async (contacts) => {
              const result = await importContacts.mutateAsync({ workspaceUuid, contacts });
              toast.success(
                t("contacts.importPage.imported", {
                  created: t("contacts.importPage.createdCount", { count: result.created }),
                  updated: t("contacts.importPage.updatedCount", { count: result.updated }),
                }),
              );
              await navigate(`/contacts/${workspaceUuid}`);
            }}
          >
            {field}
          </CsvImport>
        )}
      </WorkspacesGate>
      <div>
        <Button type="button" variant="ghost" onClick={() => void navigate("/contacts")}>
          {t("contacts.form.cancel")}
        </Button>
      </div>
    </PageSection>
  );
}
