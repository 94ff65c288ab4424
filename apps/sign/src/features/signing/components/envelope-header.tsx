import { useLanguage, useTranslation } from "@paraphe/i18n/react";
import { badgeVariants, PlainButton } from "@paraphe/ui-kit";
import type { OpenedEnvelope } from "../../../lib/api";

/**
 * The head of the signing page: the envelope's title and sender, what an approver or a viewer is
 * asked to do, the button that hands the turn to someone else (when the sender allows it), the
 * signature level, the expiry and the sender's message.
 */
export function EnvelopeHeader({
  envelope,
  kind,
  onDelegate,
}: {
  envelope: OpenedEnvelope["envelope"];
  kind: OpenedEnvelope["recipient"]["kind"];
  /** Absent: the recipient may not delegate. */
  onDelegate: (() => void) | undefined;
}) {
  const { t } = useTranslation("sign");
  const { language } = useLanguage();
  const expires = envelope.expiresAt
    ? new Intl.DateTimeFormat(language, { dateStyle: "long" }).format(new Date(envelope.expiresAt))
    : null;
  return (
    <header className="flex flex-col gap-2">
      <h1 className="text-xl leading-7 font-semibold break-words sm:text-2xl">{envelope.title}</h1>
      <p className="text-sm text-ink-muted">
        {t("envelope.from", { name: envelope.sender.name, email: envelope.sender.email })}
      </p>
      {kind === "approver" || kind === "viewer" ? (
        <p className="rounded-card border border-border bg-surface p-3 text-sm font-medium">
          {t(kind === "approver" ? "approval.notice" : "viewing.notice")}
        </p>
      ) : null}
      {onDelegate ? (
        <div>
          <PlainButton variant="ghost" size="sm" onClick={onDelegate}>
            {t("delegate.open")}
          </PlainButton>
        </div>
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        {/* The ui-kit's Badge without its `cn` (tailwind-merge), which adds no classes here. */}
        <span className={badgeVariants()}>{t(`envelope.level.${envelope.signatureLevel}`)}</span>
        {expires ? (
          <span className="text-sm text-ink-muted">{t("envelope.expires", { date: expires })}</span>
        ) : null}
      </div>
      {envelope.message ? (
        <figure className="mt-2 rounded-card border border-border bg-surface p-4">
          <figcaption className="mb-1 text-xs font-medium tracking-wide text-ink-muted uppercase">
            {t("envelope.message")}
          </figcaption>
          <blockquote className="text-sm whitespace-pre-line">{envelope.message}</blockquote>
        </figure>
      ) : null}
    </header>
  );
}
