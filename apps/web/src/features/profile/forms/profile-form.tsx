import { LANGUAGES, updateProfileRequestSchema, type UserProfile } from "@paraphe/api-sdk/contract";
import { LANGUAGE_LABELS } from "@paraphe/i18n";
import { useTranslation } from "@paraphe/i18n/react";
import { Button, FormField, Input, Select } from "@paraphe/ui-kit";
import { toast } from "../../../lib/toast";
import { useForm } from "react-hook-form";
import { type z } from "zod";
import { useErrorText } from "../../../lib/api/error-text";
import { setApiFieldErrors } from "../../../lib/forms/api-field-errors";
import { useUpdateProfile } from "../api/profile-mutations";
import { InterfaceLanguageField } from "../components/interface-language-field";
import { PersonFields } from "../../../components/person-fields";
import { zodResolver } from "../../../lib/forms/zod-resolver";

type ProfileInput = z.input<typeof updateProfileRequestSchema>;
type ProfileOutput = z.output<typeof updateProfileRequestSchema>;

const FIELDS = ["firstname", "lastname", "phone", "preferredLanguage"] as const;

/**
 * First name and last name (required), phone (optional), preferred language for mail (spec §5),
 * and beside it the interface language (applied at once, not saved with the form).
 */
export function ProfileForm({ profile }: { profile: UserProfile }) {
  const { t } = useTranslation(["web", "errors"]);
  const errorText = useErrorText();
  const update = useUpdateProfile();
  const form = useForm<ProfileInput, unknown, ProfileOutput>({
    resolver: zodResolver(updateProfileRequestSchema),
    values: {
      firstname: profile.firstname ?? "",
      lastname: profile.lastname ?? "",
      phone: profile.phone ?? "",
      preferredLanguage: profile.preferredLanguage,
    },
    resetOptions: { keepDirtyValues: true },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync({ ...values, phone: values.phone ?? undefined });
      toast.success(t("settings.profile.saved"));
    } catch (error) {
      setApiFieldErrors(form.setError, error, FIELDS);
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      {update.isError ? (
        <p role="alert" className="text-sm font-medium text-danger">
          {t("errors:informationUpdate")}
        </p>
      ) : null}
      <FormField label={t("settings.profile.email")}>
        <Input value={profile.email} readOnly disabled autoComplete="email" />
      </FormField>
      <PersonFields
        register={(name) => form.register(name)}
        errors={errors}
        labels={{
          firstname: t("profile.firstname"),
          lastname: t("profile.lastname"),
          phone: t("settings.profile.phone"),
          phoneHint: t("settings.profile.phoneHint"),
        }}
        autofill="own"
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <InterfaceLanguageField />
        <FormField
          label={t("settings.profile.language")}
          description={t("settings.profile.languageHint")}
          error={errorText.validation(errors.preferredLanguage)}
        >
          <Select
            options={LANGUAGES.map((code) => ({
              value: code,
              label: LANGUAGE_LABELS[code],
              lang: code,
            }))}
            {...form.register("preferredLanguage")}
          />
        </FormField>
      </div>
      <Button type="submit" loading={isSubmitting} className="w-full sm:w-auto sm:self-end">
        {t("settings.profile.save")}
      </Button>
    </form>
  );
}
