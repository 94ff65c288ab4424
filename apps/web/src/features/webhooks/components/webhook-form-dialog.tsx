import { zodResolver } from "@hookform/resolvers/zod";
import {
  createWebhookRequestSchema,
  WEBHOOK_EVENT_TYPES,
  type WebhookEndpoint,
  type WebhookEventType,
  type WebhookWithSecretResponse,
} from "@paraphe/api-sdk/contract";
import { useTranslation } from "@paraphe/i18n/react";
import {
  Button,
  Checkbox,
  Dialog,
  DialogContent,
  DialogFooter,
  FormField,
  Input,
} from "@paraphe/ui-kit";
import { useId } from "react";
import { Controller, useForm } from "react-hook-form";
import type { z } from "zod";
import { fieldErrorWord, useErrorText } from "../../../lib/api/error-text";
import { useCreateWebhook, useUpdateWebhook } from "../api/webhook-queries";
import { EVENT_LABEL_KEYS } from "./webhook-event-label";

type FormInput = z.input<typeof createWebhookRequestSchema>;
type FormOutput = z.output<typeof createWebhookRequestSchema>;

interface WebhookFormDialogProps {
  /** The endpoint to edit; null to create one. */
  endpoint: WebhookEndpoint | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** After a creation: the answer with the secret, to show once. */
  onCreated: (created: WebhookWithSecretResponse) => void;
  onSaved: () => void;
}

/**
 * Creates or edits an endpoint: its URL, the events it receives (at least one) and whether it is
 * enabled, with the contract's rules; the api's refusals (http, a private address) show under the
 * URL.
 */
export function WebhookFormDialog({
  endpoint,
  open,
  onOpenChange,
  ...props
}: WebhookFormDialogProps) {
  const { t } = useTranslation(["web", "common"]);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={
          endpoint === null ? t("web:webhooks.form.createTitle") : t("web:webhooks.form.editTitle")
        }
        description={t("web:webhooks.form.description")}
        closeLabel={t("common:actions.close")}
      >
        {open ? (
          <WebhookForm
            key={endpoint?.uuid ?? "new"}
            endpoint={endpoint}
            onCancel={() => onOpenChange(false)}
            {...props}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function WebhookForm({
  endpoint,
  onCancel,
  onCreated,
  onSaved,
}: Omit<WebhookFormDialogProps, "open" | "onOpenChange"> & { onCancel: () => void }) {
  const { t } = useTranslation(["web", "common"]);
  const errorText = useErrorText();
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const legendId = useId();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(createWebhookRequestSchema),
    defaultValues: {
      url: endpoint?.url ?? "",
      events: endpoint?.events ?? [],
      enabled: endpoint?.enabled ?? true,
    },
  });
  const { errors, isSubmitting } = form.formState;
  const failed = endpoint === null ? create : update;

  const submit = form.handleSubmit(async (values) => {
    try {
      if (endpoint === null) {
        onCreated(await create.mutateAsync(values));
      } else {
        await update.mutateAsync({ uuid: endpoint.uuid, ...values });
        onSaved();
      }
    } catch (error) {
      const word = fieldErrorWord(error, "url");
      if (word) form.setError("url", { message: word });
    }
  });

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <FormField
        label={t("web:webhooks.form.url")}
        description={t("web:webhooks.form.urlHint")}
        required
        error={errorText.validation(errors.url?.message)}
      >
        <Input
          type="url"
          inputMode="url"
          autoComplete="off"
          placeholder="https://example.com/paraphe/webhook"
          {...form.register("url")}
        />
      </FormField>
      <Controller
        control={form.control}
        name="events"
        render={({ field }) => {
          const selected = new Set<WebhookEventType>(field.value);
          const toggle = (type: WebhookEventType, on: boolean) => {
            const next = new Set(selected);
            if (on) next.add(type);
            else next.delete(type);
            field.onChange(WEBHOOK_EVENT_TYPES.filter((item) => next.has(item)));
          };
          const error = errorText.validation(
            errors.events?.message ?? errors.events?.root?.message,
          );
          return (
            <fieldset
              aria-labelledby={legendId}
              aria-invalid={error ? true : undefined}
              className="flex flex-col gap-2"
            >
              <legend id={legendId} className="mb-1 text-sm font-medium text-ink">
                {t("web:webhooks.form.events")}
              </legend>
              <div className="grid gap-2 sm:grid-cols-2">
                {WEBHOOK_EVENT_TYPES.map((type, index) => (
                  <Checkbox
                    key={type}
                    {...(index === 0 ? { ref: field.ref } : {})}
                    name={field.name}
                    label={t(EVENT_LABEL_KEYS[type])}
                    checked={selected.has(type)}
                    onCheckedChange={(checked) => toggle(type, checked === true)}
                  />
                ))}
              </div>
              {error ? (
                <p role="alert" className="text-sm text-danger">
                  {error}
                </p>
              ) : null}
            </fieldset>
          );
        }}
      />
      <Controller
        control={form.control}
        name="enabled"
        render={({ field }) => (
          <Checkbox
            ref={field.ref}
            name={field.name}
            label={t("web:webhooks.form.enabled")}
            checked={field.value === true}
            onCheckedChange={(checked) => field.onChange(checked === true)}
          />
        )}
      />
      {failed.isError && !fieldErrorWord(failed.error, "url") ? (
        <p role="alert" className="text-sm font-medium text-danger">
          {t("web:webhooks.form.saveError")} {errorText.apiError(failed.error)}
        </p>
      ) : null}
      <DialogFooter>
        <Button type="button" variant="secondary" onClick={onCancel}>
          {t("common:actions.cancel")}
        </Button>
        <Button type="submit" loading={isSubmitting}>
          {endpoint === null ? t("web:webhooks.form.create") : t("web:webhooks.form.save")}
        </Button>
      </DialogFooter>
    </form>
  );
}
