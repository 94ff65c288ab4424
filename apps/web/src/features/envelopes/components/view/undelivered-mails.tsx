import type { UndeliveredMail } from "@paraphe/api-sdk/contract";
import { useTranslation } from "@paraphe/i18n/react";
import { formatDateTime } from "../../../../lib/format";

/**
 * The envelope's mail not delivered yet after a failure: to whom, through which server, why, and
 * when it is tried again (or that it no longer is). A team's own server that fails holds its mail
 * (it is never sent from Paraphe's server instead): this is where the sender sees it.
 */
export function UndeliveredMails({
  mails,
  language,
}: {
  mails: readonly UndeliveredMail[];
  language: string;
}) {
  const { t } = useTranslation("web");
  if (mails.length === 0) return null;
  return (
    <section
      aria-labelledby="undelivered-mails-title"
      className="flex flex-col gap-2 rounded-md border border-danger p-3 text-sm"
    >
      <h3 id="undelivered-mails-title" className="font-semibold text-danger">
        {t("view.undelivered.title")}
      </h3>
      <ul className="flex flex-col gap-2">
        {mails.map((mail, index) => (
          <li key={`${mail.to}-${index}`} className="flex flex-col gap-0.5 text-ink">
            <span className="break-words">
              {t("view.undelivered.item", {
                to: mail.to,
                server: t(`view.undelivered.servers.${mail.via}`),
                error: mail.error,
              })}
            </span>
            <span className="text-ink-muted">
              {t("view.undelivered.lastAttempt", {
                date: formatDateTime(mail.lastAttemptAt, language),
              })}{" "}
              {mail.nextAttemptAt === null
                ? t("view.undelivered.gaveUp")
                : t("view.undelivered.nextAttempt", {
                    date: formatDateTime(mail.nextAttemptAt, language),
                  })}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
