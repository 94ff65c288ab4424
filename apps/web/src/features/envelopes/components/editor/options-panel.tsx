import {
  INVITATION_MESSAGE_MAX_LENGTH,
  SIGNATURE_LEVELS,
  type EnvelopeOptions,
} from "@paraphe/api-sdk/contract";
import { useTranslation } from "@paraphe/i18n/react";
import { Label, Textarea } from "@paraphe/ui-kit";
import { useId } from "react";

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
 * Options of the envelope: signature level (AES and QES need identity verification, which this
 * server does not offer yet: shown, explained, not selectable), sender name, invitation message,
 * initials on all pages, expiry date, reminders.
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
  const { t } = useTranslation("web");
  const id = useId();
  const today = dateInputValue(new Date().toISOString());
  return (
    <section aria-label={t("editor.options.title")} className="flex flex-col gap-4">
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium text-ink">
          {t("editor.options.level.label")}
        </legend>
        {SIGNATURE_LEVELS.map((level) => {
          const available = level === "SES";
          return (
            <label
              key={level}
              className="flex items-start gap-2 text-sm text-ink has-[:disabled]:text-ink-muted"
            >
              <input
                type="radio"
                name={`${id}-level`}
                value={level}
                checked={options.signatureLevel === level}
                disabled={!available}
                aria-describedby={available ? undefined : `${id}-${level}-why`}
                onChange={() => onChange({ signatureLevel: level })}
                className="mt-0.5 size-4"
              />
              <span>
                {t(`editor.options.level.${level}`)}
                <span id={`${id}-${level}-why`} className="block text-xs text-ink-muted">
                  {available
                    ? t("editor.options.level.SESHint")
                    : t("editor.options.level.unavailable")}
                </span>
              </span>
            </label>
          );
        })}
        {options.signatureLevel !== "SES" ? (
          <p role="alert" className="text-sm text-danger">
            {t("editor.options.level.currentUnavailable", { level: options.signatureLevel })}
          </p>
        ) : null}
      </fieldset>

      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-sender`}>{t("editor.options.senderName.label")}</Label>
        <select
          id={`${id}-sender`}
          value={options.senderName}
          onChange={(event) =>
            onChange({ senderName: event.target.value === "personal" ? "personal" : "team" })
          }
          className="h-9 rounded-md border border-border bg-surface px-2 text-sm text-ink"
        >
          <option value="team">{t("editor.options.senderName.team", { name: teamName })}</option>
          <option value="personal">
            {t("editor.options.senderName.personal", { name: personalName })}
          </option>
        </select>
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

      <label className="flex items-center gap-2 text-sm text-ink">
        <input
          type="checkbox"
          checked={options.initialsOnAllPages}
          onChange={(event) => onChange({ initialsOnAllPages: event.target.checked })}
          className="size-4"
        />
        {t("editor.options.initialsOnAllPages")}
      </label>

      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-expires`}>{t("editor.options.expiresAt.label")}</Label>
        <input
          id={`${id}-expires`}
          type="date"
          min={today}
          value={dateInputValue(options.expiresAt)}
          aria-describedby={`${id}-expires-hint`}
          onChange={(event) => onChange({ expiresAt: endOfDay(event.target.value) })}
          className="h-9 rounded-md border border-border bg-surface px-2 text-sm text-ink"
        />
        <p id={`${id}-expires-hint`} className="text-xs text-ink-muted">
          {t("editor.options.expiresAt.hint")}
        </p>
      </div>

      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-reminders`}>{t("editor.options.reminders.label")}</Label>
        <select
          id={`${id}-reminders`}
          value={options.reminderDays ?? ""}
          onChange={(event) =>
            onChange({ reminderDays: event.target.value ? Number(event.target.value) : null })
          }
          className="h-9 rounded-md border border-border bg-surface px-2 text-sm text-ink"
        >
          <option value="">{t("editor.options.reminders.none")}</option>
          {REMINDER_CHOICES.map((days) => (
            <option key={days} value={days}>
              {t("editor.options.reminders.every", { days })}
            </option>
          ))}
        </select>
      </div>
    </section>
  );
}
