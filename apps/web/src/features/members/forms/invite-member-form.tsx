import { inviteMemberRequestSchema, type Seats, type TeamRole } from "@paraphe/api-sdk/contract";
import { useTranslation } from "@paraphe/i18n/react";
import { Button, FormField, Input, Select } from "@paraphe/ui-kit";
import { useForm } from "react-hook-form";
import { PersonFields } from "../../../components/person-fields";
import { type z } from "zod";
import { useErrorText } from "../../../lib/api/error-text";
import { namesAField, setApiFieldErrors } from "../../../lib/forms/api-field-errors";
import { useInviteMember } from "../api/members-queries";
import { takesSeat, useRoleLabel } from "../../../domain/role-label";
import { useRoleErrorText } from "../hooks/use-givable-roles";
import { zodResolver } from "../../../lib/forms/zod-resolver";

type InviteInput = z.input<typeof inviteMemberRequestSchema>;
type InviteOutput = z.output<typeof inviteMemberRequestSchema>;

const FIELDS = ["email", "roleUuid", "firstname", "lastname", "phone"] as const;

/**
 * Email (required, valid) and role, optional names and phone number (spec §3, §5). With every seat taken, only roles
 * that take no seat (Viewer) can be chosen, and the form says why (spec §4).
 */
export function InviteMemberForm({
  roles,
  seats,
  onInvited,
  onCancel,
}: {
  roles: readonly TeamRole[];
  seats: Seats;
  onInvited: (email: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation(["web", "common"]);
  const errorText = useErrorText();
  const roleErrorText = useRoleErrorText();
  const roleLabel = useRoleLabel();
  const invite = useInviteMember();
  const full = seats.total !== null && seats.used >= seats.total;
  const choosable = roles.filter((role) => !full || !takesSeat(role));
  const firstChoice =
    choosable.find((role) => role.origin === "managed" && role.name === "Member") ??
    choosable.find((role) => role.origin === "managed" && role.name === "Viewer") ??
    choosable[0];
  const form = useForm<InviteInput, unknown, InviteOutput>({
    resolver: zodResolver(inviteMemberRequestSchema),
    defaultValues: {
      email: "",
      roleUuid: firstChoice?.uuid ?? "",
      firstname: "",
      lastname: "",
      phone: "",
    },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await invite.mutateAsync({
        email: values.email,
        roleUuid: values.roleUuid,
        ...(values.firstname === null ? {} : { firstname: values.firstname }),
        ...(values.lastname === null ? {} : { lastname: values.lastname }),
        ...(values.phone == null ? {} : { phone: values.phone }),
      });
      onInvited(values.email);
    } catch (error) {
      setApiFieldErrors(form.setError, error, FIELDS);
    }
  });

  const failure = invite.error;
  const fieldFailure = namesAField(failure, FIELDS);
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      {full ? (
        <p
          role="status"
          className="rounded-control border border-warning bg-warning-soft p-3 text-sm text-ink"
        >
          {t("members.inviteDialog.seatsFull")}
        </p>
      ) : null}
      {failure && !fieldFailure ? (
        <p role="alert" className="text-sm font-medium text-danger">
          {t("members.inviteDialog.failed")} {roleErrorText(failure)}
        </p>
      ) : null}
      <FormField
        label={t("members.inviteDialog.email")}
        required
        error={errorText.validation(errors.email)}
      >
        <Input type="email" autoComplete="off" autoFocus {...form.register("email")} />
      </FormField>
      <FormField
        label={t("members.inviteDialog.role")}
        required
        error={errorText.validation(errors.roleUuid)}
      >
        <Select
          options={roles.map((role) => ({
            value: role.uuid,
            label: roleLabel(role),
            disabled: full && takesSeat(role),
          }))}
          {...form.register("roleUuid")}
        />
      </FormField>
      <PersonFields
        register={(name) => form.register(name)}
        errors={errors}
        namesRequired={false}
        labels={{
          firstname: t("members.inviteDialog.firstname"),
          lastname: t("members.inviteDialog.lastname"),
          phone: t("members.inviteDialog.phone"),
          phoneHint: t("members.phoneHint"),
        }}
      />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="secondary" onClick={onCancel}>
          {t("common:actions.cancel")}
        </Button>
        <Button type="submit" loading={isSubmitting}>
          {t("members.inviteDialog.submit")}
        </Button>
      </div>
    </form>
  );
}
