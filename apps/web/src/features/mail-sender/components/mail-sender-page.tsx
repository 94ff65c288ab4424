import {
  MAIL_SENDER_TLS_MODES,
  saveMailSenderRequestSchema,
  type MailSender,
  type MailSenderTlsMode,
} from "@paraphe/api-sdk/contract";
import { useTranslation } from "@paraphe/i18n/react";
import {
  Button,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  FormField,
  Input,
  RadioGroup,
  Select,
} from "@paraphe/ui-kit";
import { toast } from "../../../lib/toast";
import { useState } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import { z } from "zod";
import { PermittedButton } from "../../../app/permissions/permitted-button";
import { useSession } from "../../../app/session/session-context";
import { fieldErrorProblem, useErrorText } from "../../../lib/api/error-text";
import { formatDateTime } from "../../../lib/format";
import { zodResolver } from "../../../lib/forms/zod-resolver";
import { SettingsSection } from "../../../components/settings-section";
import { usePageMeta } from "../../../lib/page-meta";
import { useMailSender, useSaveMailSender, useTestMailSender } from "../api/mail-sender-queries";

/** The form's fields: the contract's request, flat, with an empty password meaning "keep it". */
interface FormValues {
  mode: "deployment" | "smtp";
  host: string;
  port: number;
  tls: MailSenderTlsMode;
  user: string;
  password: string;
  fromAddress: string;
}
type FormOutput = z.output<typeof saveMailSenderRequestSchema>;

/** The contract's schema over the flat form: the server's rules, written once. */
const formSchema = z.preprocess((raw) => {
  const values = raw as FormValues;
  if (values.mode === "deployment") return { mode: "deployment" };
  return {
    mode: "smtp",
    host: values.host,
    port: values.port,
    tls: values.tls,
    user: values.user,
    ...(values.password === "" ? {} : { password: values.password }),
    fromAddress: values.fromAddress,
  };
}, saveMailSenderRequestSchema) as unknown as z.ZodType<FormOutput, FormValues>;

const FIELDS = ["host", "port", "tls", "user", "password", "fromAddress"] as const;

/**
 * /settings/mail-sender (Owner, Admin): whether the team's mail leaves from Paraphe's server with
 * the team's name, or through the team's own SMTP server once a test message through it succeeded;
 * the server's state, its last failure and the messages waiting for it. There is no fallback: a
 * failing team server holds its mail, and the page says so.
 */
export function MailSenderPage() {
  const { t } = useTranslation("web");
  usePageMeta({ title: t("mailSender.title") });
  const sender = useMailSender();
  return (
    <SettingsSection
      headingId="mail-sender-title"
      title={t("mailSender.title")}
      description={t("mailSender.description")}
      query={sender}
      loadError={t("mailSender.loadError")}
      loading={t("mailSender.loading")}
      skeletons={["h-24", "h-64"]}
    >
      {(data) => (
        <>
          <SenderState sender={data.sender} />
          <SenderForm sender={data.sender} />
        </>
      )}
    </SettingsSection>
  );
}

/** Where mail leaves now, the server's last failure and delivery, and what waits. */
function SenderState({ sender }: { sender: MailSender }) {
  const { t, i18n } = useTranslation("web");
  const language = i18n.resolvedLanguage ?? i18n.language;
  const host = sender.server?.host ?? "";
  const status =
    sender.mode === "deployment"
      ? t("mailSender.status.deployment")
      : sender.inUse
        ? t("mailSender.status.verified", {
            host,
            date: formatDateTime(sender.verifiedAt, language),
          })
        : t("mailSender.status.unverified", { host });
  const failing =
    sender.lastError !== null &&
    (sender.lastDeliveredAt === null ||
      (sender.lastErrorAt !== null && sender.lastErrorAt > sender.lastDeliveredAt));
  return (
    <Card>
      <CardContent className="flex flex-col gap-3 pt-6 text-sm">
        <p
          className={
            sender.mode === "smtp" && !sender.inUse
              ? "rounded-control border border-warning bg-warning-soft px-3 py-2 text-ink"
              : "text-ink"
          }
        >
          {status}
        </p>
        {sender.lastError !== null && failing ? (
          <p className="rounded-control border border-danger px-3 py-2 text-danger">
            {t("mailSender.lastError", {
              date: formatDateTime(sender.lastErrorAt, language),
              error: sender.lastError,
            })}
          </p>
        ) : null}
        {sender.undelivered > 0 ? (
          <p className="font-medium text-ink">
            {t("mailSender.waiting", { count: sender.undelivered })}
          </p>
        ) : null}
        {sender.lastDeliveredAt !== null ? (
          <p className="text-ink-muted">
            {t("mailSender.lastDelivered", {
              date: formatDateTime(sender.lastDeliveredAt, language),
            })}
          </p>
        ) : null}
        {sender.mode === "smtp" ? (
          <p className="text-ink-muted">{t("mailSender.noFallback")}</p>
        ) : null}
      </CardContent>
    </Card>
  );
}

function SenderForm({ sender }: { sender: MailSender }) {
  const { t } = useTranslation(["web", "common"]);
  const errorText = useErrorText();
  const { profile } = useSession();
  const save = useSaveMailSender();
  const test = useTestMailSender();
  const [testProblem, setTestProblem] = useState<string | null>(null);
  const form = useForm<FormValues, unknown, FormOutput>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      mode: sender.mode,
      host: sender.server?.host ?? "",
      port: sender.server?.port ?? 587,
      tls: sender.server?.tls ?? "starttls",
      user: sender.server?.user ?? "",
      password: "",
      fromAddress: sender.server?.fromAddress ?? "",
    },
  });
  const { errors, isSubmitting, isDirty } = form.formState;
  const mode = useWatch({ control: form.control, name: "mode" });

  const submit = form.handleSubmit(async (values) => {
    setTestProblem(null);
    try {
      const answer = await save.mutateAsync(values);
      const saved = answer.sender;
      form.reset({
        mode: saved.mode,
        host: saved.server?.host ?? "",
        port: saved.server?.port ?? 587,
        tls: saved.server?.tls ?? "starttls",
        user: saved.server?.user ?? "",
        password: "",
        fromAddress: saved.server?.fromAddress ?? "",
      });
      toast.success(
        t(
          saved.mode === "smtp" && !saved.inUse
            ? "web:mailSender.savedUnverified"
            : "web:mailSender.saved",
        ),
      );
    } catch (error) {
      for (const path of FIELDS) {
        const problem = fieldErrorProblem(error, path);
        if (problem) form.setError(path, problem);
      }
    }
  });

  const sendTest = async () => {
    setTestProblem(null);
    try {
      const answer = await test.mutateAsync();
      if (answer.delivered) toast.success(t("web:mailSender.testSent"));
      else setTestProblem(t("web:mailSender.testFailed", { error: answer.error ?? "" }));
    } catch (error) {
      setTestProblem(errorText.apiError(error));
    }
  };

  const testable = sender.mode === "smtp" && sender.server !== null && !isDirty;

  return (
    <Card>
      <CardContent className="pt-6">
        <form noValidate onSubmit={submit} className="flex flex-col gap-4">
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-2 text-sm font-medium text-ink">
              {t("web:mailSender.mode")}
            </legend>
            <Controller
              control={form.control}
              name="mode"
              render={({ field }) => (
                <RadioGroup
                  value={field.value}
                  onValueChange={(value) => field.onChange(value)}
                  aria-label={t("web:mailSender.mode")}
                  options={[
                    {
                      value: "deployment",
                      label: t("web:mailSender.modes.deployment"),
                      description: t("web:mailSender.modes.deploymentHint"),
                    },
                    {
                      value: "smtp",
                      label: t("web:mailSender.modes.smtp"),
                      description: t("web:mailSender.modes.smtpHint"),
                    },
                  ]}
                />
              )}
            />
          </fieldset>
          {mode === "smtp" ? (
            <Card>
              <CardHeader>
                <CardTitle>{t("web:mailSender.server")}</CardTitle>
              </CardHeader>
              <CardContent className="flex flex-col gap-4">
                <div className="flex flex-col gap-4 sm:grid sm:grid-cols-[minmax(0,1fr)_8rem]">
                  <FormField
                    label={t("web:mailSender.host")}
                    description={t("web:mailSender.hostHint")}
                    error={errorText.validation(errors.host)}
                    required
                  >
                    <Input autoComplete="off" spellCheck={false} {...form.register("host")} />
                  </FormField>
                  <FormField
                    label={t("web:mailSender.port")}
                    error={errorText.validation(errors.port)}
                    required
                  >
                    <Input
                      type="number"
                      inputMode="numeric"
                      min={1}
                      max={65535}
                      {...form.register("port", { valueAsNumber: true })}
                    />
                  </FormField>
                </div>
                <FormField
                  label={t("web:mailSender.tls")}
                  description={t("web:mailSender.portHint")}
                  error={errorText.validation(errors.tls)}
                >
                  <Select
                    options={MAIL_SENDER_TLS_MODES.map((value) => ({
                      value,
                      label: t(`web:mailSender.tlsModes.${value}`),
                    }))}
                    {...form.register("tls")}
                  />
                </FormField>
                <FormField
                  label={t("web:mailSender.user")}
                  description={t("web:mailSender.userHint")}
                  error={errorText.validation(errors.user)}
                >
                  <Input autoComplete="off" spellCheck={false} {...form.register("user")} />
                </FormField>
                <FormField
                  label={t("web:mailSender.password")}
                  description={
                    sender.server?.hasPassword
                      ? t("web:mailSender.passwordKept")
                      : t("web:mailSender.passwordHint")
                  }
                  error={errorText.validation(errors.password)}
                >
                  <Input
                    type="password"
                    autoComplete="new-password"
                    {...form.register("password")}
                  />
                </FormField>
                <FormField
                  label={t("web:mailSender.fromAddress")}
                  description={t("web:mailSender.fromAddressHint")}
                  error={errorText.validation(errors.fromAddress)}
                  required
                >
                  <Input
                    type="email"
                    autoComplete="off"
                    spellCheck={false}
                    {...form.register("fromAddress")}
                  />
                </FormField>
              </CardContent>
            </Card>
          ) : null}
          {save.isError && !Object.keys(errors).length ? (
            <p role="alert" className="text-sm text-danger">
              {errorText.apiError(save.error)}
            </p>
          ) : null}
          <div className="flex flex-wrap items-center gap-2">
            <PermittedButton
              permission="update Team mailSender"
              type="submit"
              loading={isSubmitting}
            >
              {t("web:mailSender.save")}
            </PermittedButton>
            {mode === "smtp" ? (
              <Button
                type="button"
                variant="secondary"
                disabled={!testable}
                loading={test.isPending}
                onClick={() => void sendTest()}
              >
                {t("web:mailSender.test")}
              </Button>
            ) : null}
          </div>
          {mode === "smtp" ? (
            <p className="text-sm text-ink-muted">
              {testable
                ? t("web:mailSender.testHint", { email: profile?.email ?? "" })
                : t("web:mailSender.testUnsaved")}
            </p>
          ) : null}
          {testProblem === null ? null : (
            <p role="alert" className="text-sm text-danger">
              {testProblem}
            </p>
          )}
        </form>
      </CardContent>
    </Card>
  );
}
