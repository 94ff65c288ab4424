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
import { fieldErrorProblem, fieldErrorWord, useErrorText } from "../../../lib/api/error-text";
import { useCreateWebhook, useUpdateWebhook, useWebhookWorkspaces } from "../api/webhook-queries";
import { EVENT_LABEL_KEYS } from "./webhook-event-label";
import { zodResolver } from "../../../lib/forms/zod-resolver";

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
 * Creates or edits an endpoint: its URL, the events it receives (at least one), the workspaces it
 * covers (every one the member belongs to, or some of them) and whether it is enabled, with the
 * contract's rules; the api's refusals (http, a private address) show under the URL. An edit sends
 * the URL and the workspaces only when they changed: changing them makes the endpoint answer to
 * the editor.
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
      workspaceUuids: endpoint?.workspaces?.map((workspace) => workspace.uuid) ?? null,
    },
  });
  const workspacesLegendId = useId();
  const { errors, isSubmitting } = form.formState;
  const failed = endpoint === null ? create : update;

  const submit = form.handleSubmit(async (values) => {
    try {
      if (endpoint === null) {
        onCreated(await create.mutateAsync(values));
      } else {
        const { url, workspaceUuids, ...rest } = values;
        const before = endpoint.workspaces?.map((workspace) => workspace.uuid) ?? null;
        const sameWorkspaces =
          before === null || workspaceUuids === null
            ? before === workspaceUuids
            : before.length === workspaceUuids.length &&
              before.every((uuid) => workspaceUuids.includes(uuid));
        await update.mutateAsync({
          uuid: endpoint.uuid,
          ...rest,
          ...(url === endpoint.url ? {} : { url }),
          ...(sameWorkspaces ? {} : { workspaceUuids }),
        });
        onSaved();
      }
    } catch (error) {
      const problem = fieldErrorProblem(error, "url");
      if (problem) form.setError("url", problem);
    }
  });

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <FormField
        label={t("web:webhooks.form.url")}
        description={t("web:webhooks.form.urlHint")}
        required
        error={errorText.validation(errors.url)}
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
        name="workspaceUuids"
        render={({ field }) => (
          <WorkspaceChoice
            legendId={workspacesLegendId}
            value={field.value ?? null}
            onChange={field.onChange}
            chosen={endpoint?.workspaces ?? []}
            error={errorText.validation(
              errors.workspaceUuids?.message ?? errors.workspaceUuids?.root?.message,
            )}
          />
        )}
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

/**
 * The workspaces an endpoint covers: every one the member belongs to (null), or the ones ticked.
 * Workspaces the endpoint chose that the member does not belong to stay listed, so that an edit
 * shows them (the api refuses them to anyone who does not belong to them).
 */
function WorkspaceChoice({
  legendId,
  value,
  onChange,
  chosen,
  error,
}: {
  legendId: string;
  value: string[] | null;
  onChange: (value: string[] | null) => void;
  chosen: readonly { uuid: string; name: string }[];
  error: string | undefined;
}) {
  const { t } = useTranslation(["web"]);
  const workspaces = useWebhookWorkspaces();
  const hintId = useId();
  const known = new Map(chosen.map((workspace) => [workspace.uuid, workspace.name]));
  for (const workspace of workspaces.data ?? []) known.set(workspace.uuid, workspace.name);
  const all = value === null;
  const selected = new Set(value ?? []);
  const toggle = (uuid: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(uuid);
    else next.delete(uuid);
    onChange([...known.keys()].filter((item) => next.has(item)));
  };
  return (
    <fieldset
      aria-labelledby={legendId}
      aria-describedby={hintId}
      aria-invalid={error ? true : undefined}
      className="flex flex-col gap-2"
    >
      <legend id={legendId} className="mb-1 text-sm font-medium text-ink">
        {t("web:webhooks.form.workspaces")}
      </legend>
      <p id={hintId} className="text-sm text-ink-muted">
        {t("web:webhooks.form.workspacesHint")}
      </p>
      <Checkbox
        label={t("web:webhooks.form.allWorkspaces")}
        checked={all}
        onCheckedChange={(checked) => onChange(checked === true ? null : [])}
      />
      {all ? null : workspaces.isError ? (
        <p role="alert" className="text-sm text-danger">
          {t("web:webhooks.form.workspacesError")}
        </p>
      ) : workspaces.isPending ? (
        <p role="status" className="text-sm text-ink-muted">
          {t("web:webhooks.form.workspacesLoading")}
        </p>
      ) : (
        <div className="grid gap-2 ps-6 sm:grid-cols-2">
          {[...known].map(([uuid, name]) => (
            <Checkbox
              key={uuid}
              label={name}
              checked={selected.has(uuid)}
              onCheckedChange={(checked) => toggle(uuid, checked === true)}
            />
          ))}
        </div>
      )}
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
