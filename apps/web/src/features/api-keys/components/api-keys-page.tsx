import { type ApiKey } from "@paraphe/api-sdk/contract";
import { useTranslation } from "@paraphe/i18n/react";
import { Badge, DataTable, Dialog, DialogContent, type DataTableColumn } from "@paraphe/ui-kit";
import { toast } from "../../../lib/toast";
import { Plus } from "lucide-react";
import { useMemo, useState } from "react";
import { useGate } from "../../../app/permissions/gates";
import { PermittedButton } from "../../../app/permissions/permitted-button";
import { ListPage, rowActionColumn, useListTable } from "../../../components/list-page";
import { timestampColumns } from "../../../lib/date-column";
import { usePageMeta } from "../../../lib/page-meta";
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from "../api/api-key-queries";
import type * as ApiKeyFormModule from "../forms/api-key-form";
import { ApiKeySecret } from "./api-key-secret";
import { ConfirmActionDialog } from "../../../components/confirm-action-dialog";
import { lazyComponent, usePreload } from "../../../lib/lazy-component";

/** Its dialog's form (react-hook-form), downloaded once the page shows, not with it. */
const ApiKeyForm = lazyComponent(() =>
  import("../forms/api-key-form").then(
    (module: typeof ApiKeyFormModule | undefined) => module?.ApiKeyForm,
  ),
);

/**
 * /settings/api-keys (spec §2, §3): the team's API keys (description, access key, permissions on
 * templates, status, created, updated); create one (its secret key is shown once), revoke one
 * (irreversible, confirmed). Only roles that may manage `API` (Owner, Admin) see the list; the
 * others get the reason, and the api refuses them anyway.
 */
export function ApiKeysPage() {
  const { t } = useTranslation("web");
  usePageMeta({ title: t("apiKeys.title") });
  usePreload(ApiKeyForm);
  const manage = useGate("manage API");
  return (
    <ListPage
      headingId="api-keys-title"
      title={t("apiKeys.title")}
      description={t("apiKeys.description")}
    >
      {manage.allowed ? (
        <ApiKeysList />
      ) : (
        <p role="status" className="rounded-card border border-border p-4 text-sm text-ink">
          {t("apiKeys.notAllowed")}
        </p>
      )}
    </ListPage>
  );
}

function ApiKeysList() {
  const { t, i18n } = useTranslation(["web", "common"]);
  const keys = useApiKeys();
  const create = useCreateApiKey();
  const revoke = useRevokeApiKey();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const language = i18n.resolvedLanguage ?? i18n.language;
  const table = useListTable(keys, { loading: t("apiKeys.loading"), empty: t("apiKeys.empty") });
  const { reset: resetCreate } = create;
  const { reset: resetRevoke } = revoke;

  const columns = useMemo<DataTableColumn<ApiKey>[]>(
    () => [
      {
        id: "description",
        header: t("apiKeys.columns.description"),
        value: (key) => key.description,
        cell: (key) => <span className="break-words">{key.description}</span>,
        hideable: false,
      },
      {
        id: "accessKey",
        header: t("apiKeys.columns.accessKey"),
        value: (key) => key.accessKey,
        cell: (key) => <code className="font-mono text-xs break-all">{key.accessKey}</code>,
      },
      {
        id: "permissions",
        header: t("apiKeys.columns.permissions"),
        value: (key) =>
          key.permissions
            .map((permission) => t(`apiKeys.permissionShort.${permission}`))
            .join(", "),
        cell: (key) => (
          <ul className="flex flex-wrap gap-1">
            {key.permissions.map((permission) => (
              <li key={permission}>
                <Badge variant="neutral">{t(`apiKeys.permissionShort.${permission}`)}</Badge>
              </li>
            ))}
          </ul>
        ),
        sortable: false,
      },
      {
        id: "status",
        header: t("apiKeys.columns.status"),
        value: (key) => t(`apiKeys.status.${key.status}`),
        cell: (key) => (
          <Badge variant={key.status === "active" ? "success" : "neutral"}>
            {t(`apiKeys.status.${key.status}`)}
          </Badge>
        ),
      },
      ...timestampColumns<ApiKey>(
        { createdAt: t("apiKeys.columns.createdAt"), updatedAt: t("apiKeys.columns.updatedAt") },
        language,
      ),
      rowActionColumn<ApiKey>({
        header: t("apiKeys.columns.actions"),
        text: t("apiKeys.revoke"),
        label: (key) => t("apiKeys.revokeLabel", { description: key.description }),
        permission: "manage API",
        shown: (key) => key.status === "active",
        onClick: (key) => {
          resetRevoke();
          setRevoking(key);
        },
      }),
    ],
    [t, language, resetRevoke],
  );

  const closeCreate = () => {
    setCreating(false);
    // Drops the answer that holds the secret key: it is never shown again.
    resetCreate();
  };

  return (
    <>
      <div className="flex justify-end">
        <PermittedButton
          permission="manage API"
          onClick={() => {
            resetCreate();
            setCreating(true);
          }}
        >
          <Plus aria-hidden="true" />
          {t("apiKeys.create")}
        </PermittedButton>
      </div>
      <DataTable
        {...table}
        columns={columns}
        getRowId={(key) => key.uuid}
        caption={t("apiKeys.caption")}
        initialHiddenColumns={["updatedAt"]}
        exportFileName="api-keys"
      />
      <Dialog
        open={creating}
        onOpenChange={(next) => {
          if (!next) closeCreate();
        }}
      >
        {creating ? (
          <DialogContent
            closeLabel={t("common:actions.close")}
            className="max-w-lg"
            title={create.data ? t("apiKeys.secret.title") : t("apiKeys.createTitle")}
            description={create.data ? undefined : t("apiKeys.createDescription")}
          >
            {create.data ? (
              <ApiKeySecret created={create.data} onDone={closeCreate} />
            ) : (
              <ApiKeyForm
                onSubmit={(values) => create.mutateAsync(values)}
                onCancel={closeCreate}
                submitError={create.isError ? create.error : undefined}
              />
            )}
          </DialogContent>
        ) : null}
      </Dialog>
      <ConfirmActionDialog
        item={revoking}
        onClose={() => setRevoking(null)}
        mutation={revoke}
        variables={(key) => key.uuid}
        onDone={() => toast.success(t("apiKeys.revoked"))}
        title={t("apiKeys.revokeTitle")}
        description={t("apiKeys.revokeDescription", { description: revoking?.description ?? "" })}
        confirmLabel={t("apiKeys.revoke")}
      />
    </>
  );
}
