import {
  type TemplateDetail,
  type TemplateRole,
  type TemplateRoleInput,
} from "@paraphe/api-sdk/contract";
import { useTranslation } from "@paraphe/i18n/react";
import { useState } from "react";
import { RoleForm, type RoleFormOutput } from "../../forms/role-form";
import { type PeoplePanelProps } from "../editor/editor-source";
import { PeopleList } from "../editor/people-list";

/** A role as saved again; in custom order with its step (presets set the steps). */
const toInput = (role: TemplateRole, custom: boolean): TemplateRoleInput => ({
  uuid: role.uuid,
  label: role.label,
  kind: role.kind,
  ...(custom ? { step: role.step } : {}),
  // Kept as saved: saving the roles again must not drop a role's check before signing.
  ...(role.verification !== undefined && role.verification !== "none"
    ? { verification: role.verification }
    : {}),
});

type Editing = { kind: "add" } | { kind: "edit"; role: TemplateRole } | null;

/**
 * A template's roles (add, edit, remove, reorder, and in custom order put in steps; a new role goes
 * to a step of its own after the last) and its signing order. Every change is saved at
 * once with POST /template/save-recipients (a new role's uuid is needed to assign fields to it).
 */
export function RolesPanel({
  template,
  save,
  panel,
}: {
  template: TemplateDetail;
  save: (roles: TemplateRoleInput[]) => Promise<TemplateDetail>;
  panel: PeoplePanelProps;
}) {
  const { t } = useTranslation("web");
  const [editing, setEditing] = useState<Editing>(null);
  const [submitError, setSubmitError] = useState<unknown>(null);
  const roles = template.roles;
  const custom = panel.signingOrder === "custom";
  const toInputs = () => roles.map((role) => toInput(role, custom));
  const editedIndex =
    editing?.kind === "edit"
      ? roles.findIndex((role) => role.uuid === editing.role.uuid)
      : roles.length;

  const submit = async (values: RoleFormOutput) => {
    setSubmitError(null);
    const input: TemplateRoleInput = {
      ...(editing?.kind === "edit" ? { uuid: editing.role.uuid } : {}),
      label: values.label,
      kind: values.kind,
      ...(values.kind === "signer" && values.verification !== "none"
        ? { verification: values.verification }
        : {}),
      ...(custom
        ? {
            step:
              editing?.kind === "edit"
                ? editing.role.step
                : Math.max(0, ...roles.map((role) => role.step)) + 1,
          }
        : {}),
    };
    const next =
      editing?.kind === "edit"
        ? roles.map((role) => (role.uuid === editing.role.uuid ? input : toInput(role, custom)))
        : [...toInputs(), input];
    try {
      const saved = await save(next);
      const added = saved.roles.find(
        (role) => role.label.toLowerCase() === values.label.toLowerCase(),
      );
      if (added) panel.onSelect(added.uuid);
      // The server dropped the fields of a role that became an approver or a copy: so does the editor.
      if (added !== undefined && added.kind !== "signer") panel.onRemoved(added.uuid);
      setEditing(null);
    } catch (error) {
      setSubmitError(error);
      throw error;
    }
  };

  const remove = async (uuid: string) => {
    await save(roles.filter((role) => role.uuid !== uuid).map((role) => toInput(role, custom)));
    panel.onRemoved(uuid);
  };

  const move = async (index: number, step: -1 | 1) => {
    const next = toInputs();
    const [item] = next.splice(index, 1);
    if (!item) return;
    next.splice(index + step, 0, item);
    await save(next);
  };

  const changeStep = async (uuid: string, step: number) => {
    await save(
      roles.map((role) =>
        role.uuid === uuid ? { ...toInput(role, true), step } : toInput(role, true),
      ),
    );
  };

  return (
    <PeopleList
      title={t("templates.editor.roles.title")}
      addLabel={t("templates.editor.roles.addOpen")}
      emptyText={t("templates.editor.roles.empty")}
      items={roles.map((role) => ({
        uuid: role.uuid,
        name: role.label,
        kind: role.kind,
        step: role.step,
      }))}
      selectedUuid={panel.selectedUuid}
      onSelect={panel.onSelect}
      onAdd={() => {
        setSubmitError(null);
        setEditing({ kind: "add" });
      }}
      onEdit={(uuid) => {
        const role = roles.find((item) => item.uuid === uuid);
        if (!role) return;
        setSubmitError(null);
        setEditing({ kind: "edit", role });
      }}
      onRemove={(uuid) => void remove(uuid).catch(() => {})}
      onMove={(index, step) => void move(index, step).catch(() => {})}
      onStepChange={(uuid, step) => void changeStep(uuid, step).catch(() => {})}
      signingOrder={panel.signingOrder}
      onSigningOrderChange={panel.onSigningOrderChange}
      dialogTitle={
        editing?.kind === "edit"
          ? t("templates.editor.roles.editTitle")
          : t("templates.editor.roles.addTitle")
      }
      onDialogClose={() => setEditing(null)}
      dialog={
        editing ? (
          <RoleForm
            key={editing.kind === "edit" ? editing.role.uuid : "new"}
            role={editing.kind === "edit" ? editing.role : undefined}
            index={editedIndex}
            otherLabels={roles
              .filter((role) => editing.kind !== "edit" || role.uuid !== editing.role.uuid)
              .map((role) => role.label)}
            onSubmit={submit}
            onCancel={() => setEditing(null)}
            submitError={submitError}
          />
        ) : null
      }
    />
  );
}
