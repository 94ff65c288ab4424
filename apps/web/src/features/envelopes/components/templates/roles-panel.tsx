import {
  type TemplateDetail,
  type TemplateRole,
  type TemplateRoleInput,
} from "@paraphe/api-sdk/contract";
import { useTranslation } from "@paraphe/i18n/react";
import { useState } from "react";
import type * as RoleFormModule from "../../forms/role-form";
import type { RoleFormOutput } from "../../forms/role-form";
import { type PeoplePanelProps } from "../editor/editor-source";
import { PeopleList } from "../editor/people-list";
import { useSavesInTurn } from "../editor/use-saves-in-turn";
import { lazyComponent, usePreload } from "../../../../lib/lazy-component";

/** The role's dialog form (react-hook-form), downloaded once the panel shows, not with it. */
const RoleForm = lazyComponent(() =>
  import("../../forms/role-form").then(
    (module: typeof RoleFormModule | undefined) => module?.RoleForm,
  ),
);

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
  usePreload(RoleForm);
  const [submitError, setSubmitError] = useState<unknown>(null);
  const roles = template.roles;
  const custom = panel.signingOrder === "custom";
  // Each change is made to the list the previous save answered (see useSavesInTurn).
  const saveInTurn = useSavesInTurn(roles, save, (saved) => saved.roles);
  const editedIndex =
    editing?.kind === "edit"
      ? roles.findIndex((role) => role.uuid === editing.role.uuid)
      : roles.length;

  const submit = async (values: RoleFormOutput) => {
    setSubmitError(null);
    const inputOf = (current: readonly TemplateRole[]): TemplateRoleInput => ({
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
                ? (current.find((role) => role.uuid === editing.role.uuid)?.step ??
                  editing.role.step)
                : Math.max(0, ...current.map((role) => role.step)) + 1,
          }
        : {}),
    });
    try {
      const saved = await saveInTurn((current) =>
        editing?.kind === "edit"
          ? current.map((role) =>
              role.uuid === editing.role.uuid ? inputOf(current) : toInput(role, custom),
            )
          : [...current.map((role) => toInput(role, custom)), inputOf(current)],
      );
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
    await saveInTurn((current) =>
      current.filter((role) => role.uuid !== uuid).map((role) => toInput(role, custom)),
    );
    panel.onRemoved(uuid);
  };

  const move = async (index: number, step: -1 | 1) => {
    await saveInTurn((current) => {
      const next = current.map((role) => toInput(role, custom));
      const [item] = next.splice(index, 1);
      if (item) next.splice(index + step, 0, item);
      return next;
    });
  };

  const changeStep = async (uuid: string, step: number) => {
    await saveInTurn((current) =>
      current.map((role) =>
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
