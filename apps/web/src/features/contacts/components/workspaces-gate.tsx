import { type Workspace } from "@paraphe/api-sdk/contract";
import { useTranslation } from "@paraphe/i18n/react";
import { Button, EmptyState, Spinner } from "@paraphe/ui-kit";
import { type ReactNode } from "react";
import { useErrorText } from "../../../lib/api/error-text";
import { useContactWorkspaces } from "../api/contact-queries";

/**
 * The member's workspaces, loaded before a page that writes into one of them shows its form: a
 * form sent before they arrive would have no workspace to write into.
 */
export function WorkspacesGate({
  children,
}: {
  children: (workspaces: readonly Workspace[]) => ReactNode;
}) {
  const { t } = useTranslation(["web", "common"]);
  const errorText = useErrorText();
  const workspaces = useContactWorkspaces();
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
  return children(workspaces.data);
}
