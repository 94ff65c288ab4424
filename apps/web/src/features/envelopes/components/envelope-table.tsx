import { type EnvelopeSummary } from "@paraphe/api-sdk/contract";
import { useTranslation } from "@paraphe/i18n/react";
import { PermittedButton } from "../../../app/permissions/permitted-button";
import { SummaryTable } from "../../../domain/summary-table";
import { EnvelopeStatusBadge } from "./envelope-status";
import { envelopeHref } from "./envelope-link";

/**
 * The table view of the envelope list; with `onTags`, each row offers to set its tags. On a phone
 * the envelopes show as cards (title, status, signers, date, owner and the tags action).
 */
export function EnvelopeTable({
  envelopes,
  onTags,
}: {
  envelopes: EnvelopeSummary[];
  onTags?: (envelope: EnvelopeSummary) => void;
}) {
  const { t } = useTranslation("web");
  return (
    <SummaryTable
      rows={envelopes}
      caption={t("envelopes.caption")}
      href={envelopeHref}
      headers={{
        title: t("envelopes.columns.title"),
        status: t("envelopes.columns.status"),
        owner: t("envelopes.columns.owner"),
        updatedAt: t("envelopes.columns.updatedAt"),
      }}
      status={(envelope) => <EnvelopeStatusBadge status={envelope.status} />}
      count={{
        id: "signers",
        header: t("envelopes.columns.signers"),
        cell: (envelope) =>
          t("envelopes.signedOf", { signed: envelope.signedCount, total: envelope.signerCount }),
      }}
      {...(onTags
        ? {
            actions: {
              header: t("workspaces.columns.actions"),
              cell: (envelope: EnvelopeSummary) => (
                <PermittedButton
                  permission="update Envelope"
                  variant="ghost"
                  size="sm"
                  aria-label={t("tags.picker.openLabel", { title: envelope.title })}
                  onClick={() => onTags(envelope)}
                >
                  {t("tags.picker.open")}
                </PermittedButton>
              ),
            },
          }
        : {})}
    />
  );
}
