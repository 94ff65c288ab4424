import { emailSchema, recipientInputSchema, type Recipient } from "@paraphe/api-sdk/contract";
import { useTranslation } from "@paraphe/i18n/react";
import { Button, Checkbox, Combobox, FormField, RadioGroup } from "@paraphe/ui-kit";
import { useEffect, useId, useMemo, useState } from "react";
import { Controller, useController, useForm, useWatch } from "react-hook-form";
import { type z } from "zod";
import { usePermissions } from "../../../app/permissions/permissions-context";
import { useGate } from "../../../app/permissions/gates";
import { fieldErrorProblem, useErrorText } from "../../../lib/api/error-text";
import { useContactLookup, useContactSuggestions } from "../api/envelope-queries";
import { PersonFields } from "../../../components/person-fields";
import { VerificationChoice } from "./verification-choice";
import { zodResolver } from "../../../lib/forms/zod-resolver";

type RecipientFormInput = z.input<typeof recipientInputSchema>;
export type RecipientFormOutput = z.output<typeof recipientInputSchema>;

/** How long the email must stay unchanged before the contacts are asked (ms). */
export const CONTACT_LOOKUP_DELAY_MS = 400;

const FIELDS = ["email", "firstname", "lastname", "phone"] as const;

/** The contract's recipient rules plus "not already added" among the envelope's other recipients. */
export function recipientFormSchema(otherEmails: readonly string[]) {
  const taken = new Set(otherEmails.map((email) => email.toLowerCase()));
  return recipientInputSchema.superRefine((value, ctx) => {
    if (taken.has(value.email)) {
      ctx.addIssue({ code: "custom", message: "already_added", path: ["email"] });
    }
  });
}

/** What is typed in the email field, after the delay, once long enough to search; or null. */
function useDebouncedSearch(value: string | undefined, enabled: boolean): string | null {
  const [debounced, setDebounced] = useState<string | null>(null);
  useEffect(() => {
    const text = (value ?? "").trim();
    const next = enabled && text.length >= 2 ? text.slice(0, 100) : null;
    const timer = setTimeout(() => setDebounced(next), CONTACT_LOOKUP_DELAY_MS);
    return () => clearTimeout(timer);
  }, [value, enabled]);
  return debounced;
}

/** A valid email, after the delay, or null (nothing to look up). */
function useDebouncedEmail(value: string | undefined): string | null {
  const [debounced, setDebounced] = useState<string | null>(null);
  useEffect(() => {
    const parsed = emailSchema.safeParse(value ?? "");
    const next = parsed.success ? parsed.data : null;
    const timer = setTimeout(() => setDebounced(next), CONTACT_LOOKUP_DELAY_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return debounced;
}

/**
 * The workspace's contacts matching what is typed in an email field (after a short delay, for a
 * role that may read contacts), as Combobox options; `find` gives the chosen contact.
 */
export function useContactEmailSuggestions(workspaceUuid: string, email: string | undefined) {
  const mayReadContacts = usePermissions().can("read", "Contact");
  const search = useDebouncedSearch(email, mayReadContacts);
  const suggestions = useContactSuggestions(workspaceUuid, search);
  const options = (search === null ? [] : (suggestions.data ?? []))
    .filter((item) => item.email !== (email ?? "").trim().toLowerCase())
    .map((item) => ({
      id: item.uuid,
      label: `${item.firstname} ${item.lastname}`.trim(),
      description: item.email,
    }));
  return { options, find: (id: string) => suggestions.data?.find((item) => item.uuid === id) };
}

/**
 * Add or edit a recipient (spec §5): email required, valid and not already added; first and last
 * names required; phone optional; a role, signer (the default), approver or copy; for a signer, a
 * check before signing, none (the default), a code by email or a code by SMS (which needs the
 * phone in international form); "already in contacts"
 * once the email is found in the workspace's contacts (otherwise a "save to contacts" option).
 */
export function RecipientForm({
  workspaceUuid,
  recipient,
  otherEmails,
  onSubmit,
  onCancel,
  submitError,
}: {
  workspaceUuid: string;
  recipient?: Recipient;
  otherEmails: readonly string[];
  onSubmit: (values: RecipientFormOutput) => Promise<unknown>;
  onCancel: () => void;
  submitError?: unknown;
}) {
  const { t } = useTranslation(["web", "common"]);
  const errorText = useErrorText();
  const schema = useMemo(() => recipientFormSchema(otherEmails), [otherEmails]);
  const form = useForm<RecipientFormInput, unknown, RecipientFormOutput>({
    resolver: zodResolver(schema),
    defaultValues: {
      email: recipient?.email ?? "",
      firstname: recipient?.firstname ?? "",
      lastname: recipient?.lastname ?? "",
      phone: recipient?.phone ?? "",
      saveToContacts: false,
      kind: recipient?.kind ?? "signer",
      verification: recipient?.verification ?? "none",
    },
  });
  const roleLegendId = useId();
  const { errors, isSubmitting } = form.formState;
  const emailField = useController({ control: form.control, name: "email" });
  const email = useWatch({ control: form.control, name: "email" });
  const kind = useWatch({ control: form.control, name: "kind" });
  const lookupEmail = useDebouncedEmail(email);
  const lookup = useContactLookup(workspaceUuid, lookupEmail);
  const contact = lookupEmail !== null ? lookup.data : null;
  const contactGate = useGate("create Contact");
  const suggestions = useContactEmailSuggestions(workspaceUuid, email);
  const options = suggestions.options;

  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit({
        ...values,
        saveToContacts: contact || !contactGate.allowed ? false : values.saveToContacts,
      });
    } catch (error) {
      for (const field of FIELDS) {
        const problem =
          fieldErrorProblem(error, field) ?? fieldErrorProblem(error, `recipients.0.${field}`);
        if (problem) form.setError(field, problem);
      }
    }
  });

  const chooseSuggestion = (id: string) => {
    const chosen = suggestions.find(id);
    if (!chosen) return;
    form.setValue("email", chosen.email, { shouldValidate: true });
    form.setValue("firstname", chosen.firstname, { shouldValidate: true });
    form.setValue("lastname", chosen.lastname, { shouldValidate: true });
    form.setValue("phone", chosen.phone ?? "");
  };

  const useContact = () => {
    if (!contact) return;
    form.setValue("firstname", contact.firstname, { shouldValidate: true });
    form.setValue("lastname", contact.lastname, { shouldValidate: true });
    if (contact.phone) form.setValue("phone", contact.phone);
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-3">
      {submitError ? (
        <p role="alert" className="text-sm font-medium text-danger">
          {t("web:editor.recipients.saveError")} {errorText.apiError(submitError)}
        </p>
      ) : null}
      <FormField
        label={t("web:editor.recipients.email")}
        required
        error={errorText.validation(errors.email)}
        description={
          contact ? (
            <span role="status" className="flex flex-wrap items-center gap-2">
              {t("web:editor.recipients.inContacts", {
                name: `${contact.firstname} ${contact.lastname}`.trim(),
              })}
              <Button type="button" size="sm" variant="ghost" onClick={useContact}>
                {t("web:editor.recipients.useContact")}
              </Button>
            </span>
          ) : undefined
        }
      >
        <Combobox
          ref={emailField.field.ref}
          name={emailField.field.name}
          type="email"
          autoComplete="off"
          autoFocus
          value={emailField.field.value}
          onValueChange={emailField.field.onChange}
          onBlur={emailField.field.onBlur}
          options={options}
          onSelectOption={(option) => chooseSuggestion(option.id)}
          listLabel={t("web:editor.recipients.suggestions")}
        />
      </FormField>
      <PersonFields
        register={(name) => form.register(name)}
        errors={errors}
        labels={{
          firstname: t("web:editor.recipients.firstname"),
          lastname: t("web:editor.recipients.lastname"),
          phone: t("web:editor.recipients.phone"),
          phoneHint: t("web:editor.recipients.phoneHint"),
        }}
        compact
      />
      <fieldset className="flex flex-col gap-1">
        <legend id={roleLegendId} className="mb-1 text-sm font-medium text-ink">
          {t("web:editor.recipients.role")}
        </legend>
        <Controller
          control={form.control}
          name="kind"
          render={({ field }) => (
            <RadioGroup
              ref={field.ref}
              name={field.name}
              aria-labelledby={roleLegendId}
              value={field.value ?? "signer"}
              onValueChange={(value) =>
                field.onChange(
                  value === "approver" || value === "cc" || value === "viewer" ? value : "signer",
                )
              }
              options={(["signer", "approver", "viewer", "cc"] as const).map((kind) => ({
                value: kind,
                label: t(`web:editor.recipients.roles.${kind}`),
                description: t(`web:editor.recipients.roles.${kind}Hint`),
              }))}
            />
          )}
        />
      </fieldset>
      {(kind ?? "signer") === "signer" ? (
        <Controller
          control={form.control}
          name="verification"
          render={({ field }) => <VerificationChoice field={field} />}
        />
      ) : null}
      {contact ? null : (
        <Controller
          control={form.control}
          name="saveToContacts"
          render={({ field }) => (
            <Checkbox
              ref={field.ref}
              name={field.name}
              label={t("web:editor.recipients.saveToContacts")}
              {...(contactGate.allowed ? {} : { disabled: true, description: contactGate.reason })}
              checked={field.value === true}
              onCheckedChange={(checked) => field.onChange(checked === true)}
              onBlur={field.onBlur}
            />
          )}
        />
      )}
      <div className="flex justify-end gap-2">
        <Button type="button" variant="secondary" onClick={onCancel}>
          {t("common:actions.cancel")}
        </Button>
        <Button type="submit" loading={isSubmitting}>
          {recipient ? t("web:editor.recipients.update") : t("web:editor.recipients.add")}
        </Button>
      </div>
    </form>
  );
}
