import { type Role } from "@paraphe/api-sdk/contract";
import { useTranslation } from "@paraphe/i18n/react";
import { MANAGED_ROLE_NAMES, type ManagedRoleName } from "@paraphe/permissions";
import {
  Badge,
  Button,
  DataTable,
  Dialog,
  DialogContent,
  type DataTableColumn,
} from "@paraphe/ui-kit";
import { toast } from "../../../lib/toast";
import { Plus } from "lucide-react";
import { useCallback, useMemo, useState } from "react";
import { PermittedButton } from "../../../app/permissions/permitted-button";
import { useGate } from "../../../app/permissions/gates";
import { ListPage, rowActionColumn, useListTable } from "../../../components/list-page";
import { timestampColumns } from "../../../lib/date-column";
import { usePageMeta } from "../../../lib/page-meta";
import { useCreateRole, useDeleteRole, useRoles, useUpdateRole } from "../api/role-queries";
import type * as RoleFormModule from "../forms/role-form";
import { EMPTY_RULE_ROW, rowsFromRules } from "../forms/role-form-schema";
import { RuleList } from "./rule-list";
import { ConfirmActionDialog } from "../../../components/confirm-action-dialog";
import { lazyComponent, usePreload } from "../../../lib/lazy-component";

/** Its dialog's form (react-hook-form), downloaded once the page shows, not with it. */
const RoleForm = lazyComponent(() =>
  import("../forms/role-form").then(
    (module: typeof RoleFormModule | undefined) => module?.RoleForm,
  ),
);

/** A managed role's name in the reader's language (its stored name when unknown). */
function managedRoleName(t: (key: `roles.${ManagedRoleName}`) => string, name: string) {
  const known = MANAGED_ROLE_NAMES.find((managed) => managed === name);
  return known === undefined ? name : t(`roles.${known}`);
}

type Opened = { kind: "create" } | { kind: "role"; role: Role };

/**
 * /settings/roles: the team's roles (name, origin, members, created, updated). A managed role
 * opens read-only with its rules; a custom one opens in the editor (name and rules) for members
 * allowed to change the team, read-only for the others. Custom roles can be created and deleted
 * (the api refuses while members hold the role, and the dialog says so).
 */
export function RolesPage() {
  const { t, i18n } = useTranslation(["web", "common"]);
  usePageMeta({ title: t("settings.roles.title") });
  usePreload(RoleForm);
  const roles = useRoles();
  const create = useCreateRole();
  const update = useUpdateRole();
  const remove = useDeleteRole();
  const manage = useGate("update Team roles");
  const [opened, setOpened] = useState<Opened | null>(null);
  const [deleting, setDeleting] = useState<Role | null>(null);
  const language = i18n.resolvedLanguage ?? i18n.language;
  const table = useListTable(roles, {
    loading: t("settings.roles.loading"),
    empty: t("settings.roles.empty"),
  });
  const roleName = useCallback(
    (role: Role) => (role.origin === "managed" ? managedRoleName(t, role.name) : role.name),
    [t],
  );
  const { reset: resetCreate } = create;
  const { reset: resetUpdate } = update;
  const { reset: resetRemove } = remove;
  const open = useCallback(
    (next: Opened) => {
      resetCreate();
      resetUpdate();
      setOpened(next);
    },
    [resetCreate, resetUpdate],
  );

  const columns = useMemo<DataTableColumn<Role>[]>(
    () => [
      {
        id: "name",
        header: t("settings.roles.columns.name"),
        value: (role) => roleName(role),
        cell: (role) => (
          <Button
            variant="link"
            className="h-auto p-0"
            aria-label={t("settings.roles.openLabel", { name: roleName(role) })}
            onClick={() => open({ kind: "role", role })}
          >
            {roleName(role)}
          </Button>
        ),
        hideable: false,
      },
      {
        id: "origin",
        header: t("settings.roles.columns.origin"),
        value: (role) => t(`settings.roles.origin.${role.origin}`),
        cell: (role) => (
          <Badge variant={role.origin === "managed" ? "neutral" : "brand"}>
            {t(`settings.roles.origin.${role.origin}`)}
          </Badge>
        ),
      },
      {
        id: "members",
        header: t("settings.roles.columns.members"),
        value: (role) => role.memberCount,
      },
      ...timestampColumns<Role>(
        {
          createdAt: t("settings.roles.columns.createdAt"),
          updatedAt: t("settings.roles.columns.updatedAt"),
        },
        language,
      ),
      rowActionColumn<Role>({
        header: t("settings.roles.columns.actions"),
        text: t("settings.roles.delete"),
        label: (role) => t("settings.roles.deleteLabel", { name: role.name }),
        permission: "update Team roles",
        shown: (role) => role.origin === "custom",
        onClick: (role) => {
          resetRemove();
          setDeleting(role);
        },
      }),
    ],
    [t, language, roleName, open, resetRemove],
  );

  const openedRole = opened?.kind === "role" ? opened.role : null;
  const editing = openedRole !== null && openedRole.origin === "custom" && manage.allowed;

  return (
    <ListPage
      headingId="roles-title"
      title={t("settings.roles.title")}
      description={t("settings.roles.description")}
      actions={
        <PermittedButton permission="update Team roles" onClick={() => open({ kind: "create" })}>
          <Plus aria-hidden="true" />
          {t("settings.roles.create")}
        </PermittedButton>
      }
    >
      <DataTable
        {...table}
        columns={columns}
        getRowId={(role) => role.uuid}
        caption={t("settings.roles.caption")}
        exportFileName="roles"
      />
      <Dialog
        open={opened !== null}
        onOpenChange={(next) => {
          if (!next) setOpened(null);
        }}
      >
        {opened ? (
          <DialogContent
            closeLabel={t("common:actions.close")}
            className="max-w-2xl"
            title={
              opened.kind === "create"
                ? t("settings.roles.createTitle")
                : editing
                  ? t("settings.roles.editTitle", { name: opened.role.name })
                  : roleName(opened.role)
            }
            description={
              openedRole && !editing
                ? openedRole.origin === "managed"
                  ? t("settings.roles.managedReadOnly")
                  : manage.reason
                : undefined
            }
          >
            {opened.kind === "create" ? (
              <RoleForm
                initial={{ name: "", rules: [EMPTY_RULE_ROW] }}
                submitLabel={t("settings.roles.createSubmit")}
                submitError={create.error}
                onCancel={() => setOpened(null)}
                onSubmit={(values) =>
                  create.mutateAsync(values).then((role) => {
                    toast.success(t("settings.roles.created", { name: role.name }));
                    setOpened(null);
                  })
                }
              />
            ) : editing ? (
              <RoleForm
                initial={{ name: opened.role.name, rules: rowsFromRules(opened.role.permissions) }}
                submitLabel={t("common:actions.save")}
                submitError={update.error}
                onCancel={() => setOpened(null)}
                onSubmit={(values) =>
                  update.mutateAsync({ roleUuid: opened.role.uuid, ...values }).then((role) => {
                    toast.success(t("settings.roles.saved", { name: role.name }));
                    setOpened(null);
                  })
                }
              />
            ) : (
              <RuleList rules={opened.role.permissions} />
            )}
          </DialogContent>
        ) : null}
      </Dialog>
      <ConfirmActionDialog
        item={deleting}
        onClose={() => setDeleting(null)}
        mutation={remove}
        variables={(role) => role.uuid}
        onDone={(_, role) => toast.success(t("settings.roles.deleted", { name: role.name }))}
        title={t("settings.roles.confirmDelete.title")}
        description={t("settings.roles.confirmDelete.description", { name: deleting?.name ?? "" })}
        confirmLabel={t("settings.roles.confirmDelete.confirm")}
      />
    </ListPage>
  );
}
