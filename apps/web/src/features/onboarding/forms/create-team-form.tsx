import { createTeamRequestSchema, type UserProfile } from "@paraphe/api-sdk/contract";
import { useTranslation } from "@paraphe/i18n/react";
import { Button, FormField, Input } from "@paraphe/ui-kit";
import { useForm } from "react-hook-form";
import { type z } from "zod";
import { useErrorText } from "../../../lib/api/error-text";
import { namesAField, setApiFieldErrors } from "../../../lib/forms/api-field-errors";
import { useCreateTeam } from "../api/create-team";
import { zodResolver } from "../../../lib/forms/zod-resolver";

type CreateTeamInput = z.input<typeof createTeamRequestSchema>;
type CreateTeamOutput = z.output<typeof createTeamRequestSchema>;

const FIELDS = ["name", "firstname", "lastname"] as const;

/** Team name (at least 3 characters), first name and last name (spec §5). */
export function CreateTeamForm({
  profile,
  onCreated,
}: {
  profile: UserProfile | null;
  onCreated: () => void;
}) {
  const { t } = useTranslation("web");
  const errorText = useErrorText();
  const createTeam = useCreateTeam();
  const form = useForm<CreateTeamInput, unknown, CreateTeamOutput>({
    resolver: zodResolver(createTeamRequestSchema),
    defaultValues: {
      name: "",
      firstname: profile?.firstname ?? "",
      lastname: profile?.lastname ?? "",
    },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await createTeam.mutateAsync(values);
      onCreated();
    } catch (error) {
      setApiFieldErrors(form.setError, error, FIELDS);
    }
  });

  const failure = createTeam.error;
  const fieldFailure = namesAField(failure, FIELDS);
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      {failure && !fieldFailure ? (
        <p role="alert" className="text-sm font-medium text-danger">
          {errorText.apiError(failure)}
        </p>
      ) : null}
      <FormField
        label={t("onboarding.team.name")}
        description={t("onboarding.team.nameHint")}
        required
        error={errorText.validation(errors.name)}
      >
        <Input autoComplete="organization" autoFocus {...form.register("name")} />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label={t("profile.firstname")}
          required
          error={errorText.validation(errors.firstname)}
        >
          <Input autoComplete="given-name" {...form.register("firstname")} />
        </FormField>
        <FormField
          label={t("profile.lastname")}
          required
          error={errorText.validation(errors.lastname)}
        >
          <Input autoComplete="family-name" {...form.register("lastname")} />
        </FormField>
      </div>
      <Button type="submit" loading={isSubmitting} className="w-full sm:w-auto sm:self-end">
        {t("onboarding.team.submit")}
      </Button>
    </form>
  );
}
