import {
  updateMemberRequestSchema,
  type TeamMemberInfo,
  type TeamRole,
} from "@paraphe/api-sdk/contract";
import { useTranslation } from "@paraphe/i18n/react";
import { Button, FormField, Select } from "@paraphe/ui-kit";
import { useForm } from "react-hook-form";
import { PersonFields } from "../../../components/person-fields";
import { type z } from "zod";
import { useErrorText } from "../../../lib/api/error-text";
import { namesAField, setApiFieldErrors } from "../../../lib/forms/api-field-errors";
import { useUpdateMember } from "../api/members-queries";
import { useRoleLabel } from "../../../domain/role-label";
import { useRoleErrorText } from "../hooks/use-givable-roles";
import { zodResolver } from "../../../lib/forms/zod-resolver";

type EditInput = z.input<typeof updateMemberRequestSchema>;
type EditOutput = z.output<typeof updateMemberRequestSchema>;

const FIELDS = ["roleUuid", "firstname", "lastname", "phone"] as const;

/**
 * A member's role, first name and last name (both required on edit, spec §5), and their optional
 * phone number in international format (spec §3).
 */
export function EditMemberForm({
  member,
  roles,
  givable,
  self,
  onSaved,
  onCancel,
}: {
  member: TeamMemberInfo;
  roles: readonly TeamRole[];
  /** The roles the caller may give (the others are shown, not offered). */
  givable: ReadonlySet<string>;
  /** The member is the caller: their own role is not theirs to change (names are). */
  self: boolean;
  onSaved: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation(["web", "common"]);
  const errorText = useErrorText();
  const roleErrorText = useRoleErrorText();
  const roleLabel = useRoleLabel();
  const update = useUpdateMember();
  const form = useForm<EditInput, unknown, EditOutput>({
    resolver: zodResolver(updateMemberRequestSchema),
    defaultValues: {
      userUuid: member.userUuid,
      roleUuid: member.role.uuid,
      firstname: member.firstname ?? "",
      lastname: member.lastname ?? "",
      phone: member.phone ?? "",
    },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync(values);
      onSaved();
    } catch (error) {
      setApiFieldErrors(form.setError, error, FIELDS);
    }
  });

  const failure = update.error;
  const fieldFailure = namesAField(failure, FIELDS);
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      {failure && !fieldFailure ? (
        <p role="alert" className="text-sm font-medium text-danger">
          {roleErrorText(failure)}
        </p>
      ) : null}
      <p className="text-sm text-ink-muted">{member.email}</p>
      <FormField
        label={t("members.columns.role")}
        required
        error={errorText.validation(errors.roleUuid)}
      >
        {self ? (
          <p className="text-sm text-ink">
            {roleLabel(member.role)}
            <span className="mt-1 block text-ink-muted">{t("members.editDialog.ownRole")}</span>
          </p>
        ) : (
          <Select
            options={roles.map((role) => ({
              value: role.uuid,
              label: roleLabel(role),
              disabled: role.uuid !== member.role.uuid && !givable.has(role.uuid),
            }))}
            {...form.register("roleUuid")}
          />
        )}
      </FormField>
      <PersonFields
        register={(name) => form.register(name)}
        errors={errors}
        labels={{
          firstname: t("profile.firstname"),
          lastname: t("profile.lastname"),
          phone: t("members.editDialog.phone"),
          phoneHint: t("members.phoneHint"),
        }}
      />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="secondary" onClick={onCancel}>
          {t("common:actions.cancel")}
        </Button>
        <Button type="submit" loading={isSubmitting}>
          {t("members.editDialog.submit")}
        </Button>
      </div>
    </form>
  );
}
