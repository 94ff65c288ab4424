import {
  emailSchema,
  envelopeTitleSchema,
  INVITATION_MESSAGE_MAX_LENGTH,
  toE164,
  type TemplateDetail,
  type TemplateRole,
} from "@paraphe/api-sdk/contract";
import { useTranslation } from "@paraphe/i18n/react";
import { Button, Card, Combobox, FormField, Input, Textarea } from "@paraphe/ui-kit";
import { toast } from "../../../../lib/toast";
import { Send } from "lucide-react";
import { useMemo, useState } from "react";
import {
  useController,
  useForm,
  useWatch,
  type Control,
  type UseFormSetValue,
} from "react-hook-form";
import { Link, useNavigate } from "react-router";
import { z } from "zod";
import { PermittedButton } from "../../../../app/permissions/permitted-button";
import { fieldErrorProblem, fieldErrorWord, useErrorText } from "../../../../lib/api/error-text";
import { usePageMeta } from "../../../../lib/page-meta";
import { useCreateEnvelopeFromTemplate } from "../../api/template-mutations";
import { useContactEmailSuggestions } from "../../forms/recipient-form";
import { WithTemplate } from "./template-loader";
import { templateHref } from "./template-status";
import { zodResolver } from "../../../../lib/forms/zod-resolver";

const personName = z.string().trim().min(1, { error: "required" }).max(100, { error: "too_long" });

/** Whether the person chosen for `role` must receive a code by SMS (so needs a phone). */
const checksBySms = (role: TemplateRole | undefined): boolean =>
  role?.kind === "signer" && role.verification === "sms_code";

/**
 * The contract's rules for a person per role, plus: every role chosen (a role left empty is the
 * form's "Please select all recipients"), no email twice, and a phone in international form for a
 * role checked by a code sent by SMS.
 */
const createFromTemplateSchema = (roles: readonly TemplateRole[]) =>
  z
    .object({
      people: z.array(
        z.object({
          email: z.string().trim(),
          firstname: z.string(),
          lastname: z.string(),
          phone: z.string(),
        }),
      ),
      title: envelopeTitleSchema,
      message: z.string().max(INVITATION_MESSAGE_MAX_LENGTH, { error: "too_long" }),
    })
    .superRefine((value, ctx) => {
      const seen = new Set<string>();
      value.people.forEach((person, index) => {
        const empty =
          person.email === "" && person.firstname.trim() === "" && person.lastname.trim() === "";
        if (empty) {
          ctx.addIssue({ code: "custom", message: "select_all", path: ["people", index, "email"] });
          return;
        }
        const email = emailSchema.safeParse(person.email);
        if (!email.success) {
          ctx.addIssue({
            code: "custom",
            message: person.email === "" ? "required" : "invalid_email",
            path: ["people", index, "email"],
          });
        } else if (seen.has(email.data)) {
          ctx.addIssue({
            code: "custom",
            message: "already_added",
            path: ["people", index, "email"],
          });
        } else {
          seen.add(email.data);
        }
        for (const key of ["firstname", "lastname"] as const) {
          const name = personName.safeParse(person[key]);
          if (!name.success) {
            ctx.addIssue({
              code: "custom",
              message: name.error.issues[0]?.message ?? "required",
              path: ["people", index, key],
            });
          }
        }
        if (checksBySms(roles[index]) && toE164(person.phone) === null) {
          ctx.addIssue({
            code: "custom",
            message: "phone_required_for_sms",
            path: ["people", index, "phone"],
          });
        }
      });
    });

type FormInput = z.input<ReturnType<typeof createFromTemplateSchema>>;

/** /templates/{workspaceUuid}/{templateUuid}/create-envelope */
export function CreateEnvelopePage({ templateUuid }: { templateUuid: string }) {
  return (
    <WithTemplate templateUuid={templateUuid}>
      {(template) => <CreateEnvelopeForm key={template.uuid} template={template} />}
    </WithTemplate>
  );
}

function CreateEnvelopeForm({ template }: { template: TemplateDetail }) {
  const { t } = useTranslation(["web", "common"]);
  const errorText = useErrorText();
  const navigate = useNavigate();
  const create = useCreateEnvelopeFromTemplate();
  const [selectAll, setSelectAll] = useState(false);
  usePageMeta({
    title: t("web:templates.use.title", { title: template.title }),
    back: { label: t("web:templates.use.back"), onClick: () => void navigate("/templates") },
  });
  const form = useForm<FormInput>({
    resolver: zodResolver(createFromTemplateSchema(template.roles)),
    defaultValues: {
      people: template.roles.map(() => ({ email: "", firstname: "", lastname: "", phone: "" })),
      title: template.title,
      message: template.options.message ?? "",
    },
  });
  const { errors } = form.formState;

  if (template.roles.length === 0 || template.status !== "active") {
    return (
      <div
        role="alert"
        className="flex flex-col items-start gap-3 rounded-lg border border-border p-4"
      >
        <p className="text-sm text-ink">
          {template.roles.length === 0
            ? t("web:templates.use.noRoles")
            : t("web:templates.use.notActive")}
        </p>
        <Button asChild variant="secondary" size="sm">
          <Link to={templateHref(template)}>{t("web:templates.use.openTemplate")}</Link>
        </Button>
      </div>
    );
  }

  const submit = (send: boolean) =>
    form.handleSubmit(
      async (values) => {
        setSelectAll(false);
        try {
          const envelope = await create.mutateAsync({
            templateUuid: template.uuid,
            recipients: template.roles.map((role, index) => {
              const { phone, ...person } = values.people[index] ?? {
                email: "",
                firstname: "",
                lastname: "",
                phone: "",
              };
              // A phone only where the role's check needs one.
              return { roleUuid: role.uuid, ...person, ...(checksBySms(role) ? { phone } : {}) };
            }),
            title: values.title,
            message: values.message === "" ? null : values.message,
            send,
          });
          toast.success(t(send ? "web:templates.use.sent" : "web:templates.use.created"));
          void navigate(
            `/envelopes/${envelope.workspaceUuid}/${envelope.uuid}/${send ? "view" : "edit"}`,
          );
        } catch (error) {
          template.roles.forEach((_role, index) => {
            for (const key of ["email", "firstname", "lastname", "phone"] as const) {
              const problem = fieldErrorProblem(error, `recipients.${index}.${key}`);
              if (problem) form.setError(`people.${index}.${key}`, problem);
            }
          });
        }
      },
      (invalid) => {
        const missing = (invalid.people ?? []).findIndex?.(
          (person) => person?.email?.message === "select_all",
        );
        setSelectAll(missing !== undefined && missing >= 0);
        if (missing !== undefined && missing >= 0) form.setFocus(`people.${missing}.email`);
      },
    );

  return (
    <form noValidate className="mx-auto flex w-full max-w-3xl flex-col gap-4">
      <p className="text-sm text-ink-muted">{t("web:templates.use.intro")}</p>
      {selectAll ? (
        <p role="alert" className="text-sm font-medium text-danger">
          {t("web:templates.use.selectAll")}
        </p>
      ) : null}
      {create.isError && !fieldErrors(create.error, template.roles.length) ? (
        <p role="alert" className="text-sm font-medium text-danger">
          {t("web:templates.use.error")} {errorText.apiError(create.error)}
        </p>
      ) : null}
      {template.roles.map((role, index) => (
        <RolePerson
          key={role.uuid}
          role={role}
          index={index}
          workspaceUuid={template.workspaceUuid}
          control={form.control}
          setValue={form.setValue}
          register={form.register}
          errors={errors.people?.[index]}
        />
      ))}
      <Card className="flex flex-col gap-3 p-4">
        <FormField
          label={t("web:templates.use.envelopeTitle")}
          required
          error={errorText.validation(errors.title)}
        >
          <Input autoComplete="off" {...form.register("title")} />
        </FormField>
        <FormField
          label={t("web:templates.use.message")}
          description={t("web:templates.use.messageHint")}
          error={errorText.validation(errors.message)}
        >
          <Textarea rows={4} {...form.register("message")} />
        </FormField>
      </Card>
      <div className="flex flex-wrap justify-end gap-2">
        <PermittedButton
          permission="create Envelope"
          variant="secondary"
          loading={create.isPending && create.variables?.send === false}
          disabled={create.isPending}
          onClick={() => void submit(false)()}
        >
          {t("web:templates.use.createDraft")}
        </PermittedButton>
        <PermittedButton
          permission="create Envelope"
          loading={create.isPending && create.variables?.send === true}
          disabled={create.isPending}
          onClick={() => void submit(true)()}
        >
          <Send aria-hidden="true" />
          {t("web:templates.use.createAndSend")}
        </PermittedButton>
      </div>
    </form>
  );
}

/** Whether the api's error names a field of a role's person (shown on that field). */
function fieldErrors(error: unknown, roles: number): boolean {
  for (let index = 0; index < roles; index++) {
    for (const key of ["email", "firstname", "lastname", "phone"]) {
      if (fieldErrorWord(error, `recipients.${index}.${key}`)) return true;
    }
  }
  return false;
}

/** One role's person: a contact chosen from suggestions, or typed details. */
function RolePerson({
  role,
  index,
  workspaceUuid,
  control,
  setValue,
  register,
  errors,
}: {
  role: TemplateRole;
  index: number;
  workspaceUuid: string;
  control: Control<FormInput>;
  setValue: UseFormSetValue<FormInput>;
  register: ReturnType<typeof useForm<FormInput>>["register"];
  errors:
    | {
        email?: { message?: string };
        firstname?: { message?: string };
        lastname?: { message?: string };
        phone?: { message?: string };
      }
    | undefined;
}) {
  const { t } = useTranslation("web");
  const errorText = useErrorText();
  const email = useWatch({ control, name: `people.${index}.email` });
  const emailField = useController({ control, name: `people.${index}.email` });
  const suggestions = useContactEmailSuggestions(workspaceUuid, email);
  const headingId = `role-${role.uuid}`;
  const emailError = errors?.email?.message;
  const kind = useMemo(() => t(`editor.recipients.roles.${role.kind}`), [role.kind, t]);
  return (
    <Card role="group" aria-labelledby={headingId} className="flex flex-col gap-3 p-4">
      <h2 id={headingId} className="text-base font-semibold text-ink">
        {t("templates.use.roleHeading", { label: role.label, kind })}
      </h2>
      <FormField
        label={t("templates.use.email")}
        required
        error={emailError === "select_all" ? undefined : errorText.validation(emailError)}
      >
        <Combobox
          ref={emailField.field.ref}
          name={emailField.field.name}
          type="email"
          autoComplete="off"
          value={emailField.field.value}
          onValueChange={emailField.field.onChange}
          onBlur={emailField.field.onBlur}
          options={suggestions.options}
          onSelectOption={(option) => {
            const chosen = suggestions.find(option.id);
            if (!chosen) return;
            setValue(`people.${index}.email`, chosen.email, { shouldValidate: true });
            setValue(`people.${index}.firstname`, chosen.firstname, { shouldValidate: true });
            setValue(`people.${index}.lastname`, chosen.lastname, { shouldValidate: true });
            if (checksBySms(role) && chosen.phone) {
              setValue(`people.${index}.phone`, chosen.phone, { shouldValidate: true });
            }
          }}
          listLabel={t("editor.recipients.suggestions")}
        />
      </FormField>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField
          label={t("templates.use.firstname")}
          required
          error={errorText.validation(errors?.firstname)}
        >
          <Input autoComplete="off" {...register(`people.${index}.firstname`)} />
        </FormField>
        <FormField
          label={t("templates.use.lastname")}
          required
          error={errorText.validation(errors?.lastname)}
        >
          <Input autoComplete="off" {...register(`people.${index}.lastname`)} />
        </FormField>
      </div>
      {checksBySms(role) ? (
        <FormField
          label={t("templates.use.phone")}
          description={t("templates.use.phoneHint")}
          required
          error={errorText.validation(errors?.phone)}
        >
          <Input type="tel" autoComplete="off" {...register(`people.${index}.phone`)} />
        </FormField>
      ) : null}
    </Card>
  );
}
