import {
  INVITATION_MESSAGE_MAX_LENGTH,
  SIGNATURE_LEVELS,
  type EnvelopeOptions,
} from "@paraphe/api-sdk/contract";
import { useTranslation } from "@paraphe/i18n/react";
import { Checkbox, Label, RadioGroup, Select, Textarea } from "@paraphe/ui-kit";
import { useId } from "react";
import { useSession } from "../../../../app/session/session-context";
import { formatDay } from "../../../../lib/format";

const REMINDER_CHOICES = [1, 2, 3, 5, 7, 14] as const;

/** The YYYY-MM-DD of a date in the reader's time zone (for a date input). */
function dateInputValue(iso: string | null): string {
  if (!iso) return "";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The end of the chosen day in the reader's time zone, as an ISO date. */
function endOfDay(value: string): string | null {
  if (!value) return null;
  const date = new Date(`${value}T23:59:59`);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/**
 * Options of the envelope: signature level (AES when the deployment has a signer certification
 * authority, the profile's `capabilities.aesSignature`, saying that every signer needs a check;
 * QES when a qualified provider is configured, `capabilities.qesSignature`, saying that signers
 * sign one after another and need an account at the provider; a level the deployment lacks
 * shown, explained, not selectable), sender name, invitation message,
 * initials on all pages, whether signers may delegate their turn, expiry date, reminders.
 */
export function OptionsPanel({
  options,
  onChange,
  teamName,
  personalName,
}: {
  options: EnvelopeOptions;
  onChange: (change: Partial<EnvelopeOptions>) => void;
  teamName: string;
  personalName: string;
}) {
  const { t, i18n } = useTranslation("web");
  const language = i18n.resolvedLanguage ?? i18n.language;
  const id = useId();
  const today = dateInputValue(new Date().toISOString());
  const expiresDay = dateInputValue(options.expiresAt);
  const { profile } = useSession();
  const aesAvailable = profile?.capabilities?.aesSignature === true;
  const qesAvailable = profile?.capabilities?.qesSignature === true;
  const available = (level: string) =>
    level === "SES" || (level === "AES" && aesAvailable) || (level === "QES" && qesAvailable);
  return (
    <section aria-label={t("editor.options.title")} className="flex flex-col gap-4">
      <fieldset className="flex flex-col gap-2">
        <legend id={`${id}-level-legend`} className="mb-1 text-sm font-medium text-ink">
          {t("editor.options.level.label")}
        </legend>
        <RadioGroup
          aria-labelledby={`${id}-level-legend`}
          value={options.signatureLevel}
          onValueChange={(value) => {
            const level = SIGNATURE_LEVELS.find((candidate) => candidate === value);
            if (level) onChange({ signatureLevel: level });
          }}
          options={SIGNATURE_LEVELS.map((level) => ({
            value: level,
            label: t(`editor.options.level.${level}`),
            description:
              level === "SES"
                ? t("editor.options.level.SESHint")
                : level === "AES"
                  ? aesAvailable
                    ? t("editor.options.level.AESHint")
                    : t("editor.options.level.AESUnavailable")
                  : qesAvailable
                    ? t("editor.options.level.QESHint")
                    : t("editor.options.level.unavailable"),
            disabled: !available(level),
          }))}
        />
        {!available(options.signatureLevel) ? (
          <p role="alert" className="text-sm text-danger">
            {t("editor.options.level.currentUnavailable", { level: options.signatureLevel })}
          </p>
        ) : null}
      </fieldset>

      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-sender`}>{t("editor.options.senderName.label")}</Label>
        <Select
          id={`${id}-sender`}
          value={options.senderName}
          onValueChange={(value) =>
            onChange({ senderName: value === "personal" ? "personal" : "team" })
          }
          options={[
            { value: "team", label: t("editor.options.senderName.team", { name: teamName }) },
            {
              value: "personal",
              label: t("editor.options.senderName.personal", { name: personalName }),
            },
          ]}
        />
      </div>

      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-message`}>{t("editor.options.message.label")}</Label>
        <Textarea
          id={`${id}-message`}
          rows={3}
          maxLength={INVITATION_MESSAGE_MAX_LENGTH}
          value={options.message ?? ""}
          aria-describedby={`${id}-message-count`}
          onChange={(event) => onChange({ message: event.target.value || null })}
        />
        <p id={`${id}-message-count`} className="text-xs text-ink-muted">
          {t("editor.options.message.count", {
            length: (options.message ?? "").length,
            max: INVITATION_MESSAGE_MAX_LENGTH,
          })}
        </p>
      </div>

      <Checkbox
        label={t("editor.options.initialsOnAllPages")}
        checked={options.initialsOnAllPages}
        onCheckedChange={(checked) => onChange({ initialsOnAllPages: checked === true })}
      />

      <Checkbox
        label={t("editor.options.allowDelegation")}
        description={t("editor.options.allowDelegationHint")}
        checked={options.allowDelegation}
        onCheckedChange={(checked) => onChange({ allowDelegation: checked === true })}
      />

      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-expires`}>{t("editor.options.expiresAt.label")}</Label>
        <input
          id={`${id}-expires`}
          type="date"
          lang={language}
          min={today}
          value={expiresDay}
          aria-describedby={
            expiresDay ? `${id}-expires-day ${id}-expires-hint` : `${id}-expires-hint`
          }
          onChange={(event) => onChange({ expiresAt: endOfDay(event.target.value) })}
          className="h-9 rounded-md border border-border bg-surface px-2 text-sm text-ink"
        />
        {expiresDay ? (
          // The day in the page's language: a native date input shows the browser's format.
          <p id={`${id}-expires-day`} className="text-xs text-ink">
            {formatDay(expiresDay, language)}
          </p>
        ) : null}
        <p id={`${id}-expires-hint`} className="text-xs text-ink-muted">
          {t("editor.options.expiresAt.hint")}
        </p>
      </div>

      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-reminders`}>{t("editor.options.reminders.label")}</Label>
        <Select
          id={`${id}-reminders`}
          value={options.reminderDays ?? ""}
          onValueChange={(value) => onChange({ reminderDays: value ? Number(value) : null })}
          options={[
            { value: "", label: t("editor.options.reminders.none") },
            ...REMINDER_CHOICES.map((days) => ({
              value: String(days),
              label: t("editor.options.reminders.every", { count: days }),
            })),
          ]}
        />
      </div>
    </section>
  );
}
