import { useTranslation } from "@paraphe/i18n/react";
import { Button, EmptyState, FormField, Select, Spinner } from "@paraphe/ui-kit";
import { useState, type ReactNode } from "react";
import { useErrorText } from "../../../lib/api/error-text";
import { useContactWorkspaces } from "../api/contact-queries";

/**
 * The choice of one of the member's workspaces (the default one first), for a page that writes
 * into it: the workspaces are loaded before the page's form shows, since a form sent before they
 * arrive would have no workspace to write into. `children` gets the chosen workspace and the field
 * that changes it, labelled `label`.
 */
export function WorkspacesGate({
  label,
  children,
}: {
  label: string;
  children: (choice: { workspaceUuid: string; field: ReactNode }) => ReactNode;
}) {
  const { t } = useTranslation(["web", "common"]);
  const errorText = useErrorText();
  const workspaces = useContactWorkspaces();
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  if (workspaces.isPending) return <Spinner label={t("web:contacts.form.workspacesLoading")} />;
  if (workspaces.isError) {
    return (
      <EmptyState
        title={t("web:contacts.form.workspacesError")}
        description={errorText.apiError(workspaces.error)}
        action={
          <Button variant="secondary" onClick={() => void workspaces.refetch()}>
            {t("common:actions.retry")}
          </Button>
        }
      />
    );
  }
  const workspaceUuid = chosen ?? workspaces.data[0]?.uuid ?? "";
  const field = (
    <FormField label={label} required>
      <Select
        value={workspaceUuid}
        onValueChange={setChosen}
        options={workspaces.data.map((workspace) => ({
          value: workspace.uuid,
          label: workspace.name,
        }))}
      />
    </FormField>
  );
  return children({ workspaceUuid, field });
}
