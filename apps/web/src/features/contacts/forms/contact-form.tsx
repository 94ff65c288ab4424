import { contactInputSchema, type Contact } from "@paraphe/api-sdk/contract";
import { useTranslation } from "@paraphe/i18n/react";
import { FormField, Input } from "@paraphe/ui-kit";
import { type ReactNode } from "react";
import { useForm } from "react-hook-form";
import { type z } from "zod";
import { PermittedButton } from "../../../app/permissions/permitted-button";
import { type GatedPermission } from "../../../app/permissions/gates";
import { useErrorText } from "../../../lib/api/error-text";
import { setApiFieldErrors } from "../../../lib/forms/api-field-errors";
import { PersonFields } from "../../../components/person-fields";
import { zodResolver } from "../../../lib/forms/zod-resolver";

type ContactFormInput = z.input<typeof contactInputSchema>;
export type ContactFormOutput = z.output<typeof contactInputSchema>;

const FIELDS = ["email", "firstname", "lastname", "phone"] as const;

/**
 * A contact's fields (spec §5) with the contract's rules: email required and valid, first and last
 * names required, phone optional and international. A refusal of the server (an email already in
 * the workspace) shows beside its field, and the failure above the form.
 */
export function ContactForm({
  contact,
  onSubmit,
  submitLabel,
  submitError,
  before,
  actions,
  permission,
}: {
  contact?: Contact;
  onSubmit: (values: ContactFormOutput) => Promise<unknown>;
  submitLabel: string;
  submitError?: unknown;
  /** Fields shown before the contact's own (the workspace of a new contact). */
  before?: ReactNode;
  /** Buttons shown before the submit button. */
  actions?: ReactNode;
  /** What saving needs: without it the submit button is disabled and says why. */
  permission: GatedPermission;
}) {
  const { t } = useTranslation("web");
  const errorText = useErrorText();
  const form = useForm<ContactFormInput, unknown, ContactFormOutput>({
    resolver: zodResolver(contactInputSchema),
    defaultValues: {
      email: contact?.email ?? "",
      firstname: contact?.firstname ?? "",
      lastname: contact?.lastname ?? "",
      phone: contact?.phone ?? "",
    },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      setApiFieldErrors(form.setError, error, FIELDS);
    }
  });

  return (
    <form noValidate onSubmit={submit} className="flex max-w-xl flex-col gap-4">
      {submitError ? (
        <p role="alert" className="text-sm font-medium text-danger">
          {t("contacts.form.saveError")} {errorText.apiError(submitError)}
        </p>
      ) : null}
      {before}
      <FormField
        label={t("contacts.form.email")}
        required
        error={errorText.validation(errors.email)}
      >
        <Input type="email" autoComplete="off" {...form.register("email")} />
      </FormField>
      <PersonFields
        register={(name) => form.register(name)}
        errors={errors}
        labels={{
          firstname: t("contacts.form.firstname"),
          lastname: t("contacts.form.lastname"),
          phone: t("contacts.form.phone"),
          phoneHint: t("contacts.form.phoneHint"),
        }}
      />
      <div className="flex flex-wrap justify-end gap-2">
        {actions}
        <PermittedButton type="submit" permission={permission} loading={isSubmitting}>
          {submitLabel}
        </PermittedButton>
      </div>
    </form>
  );
}
