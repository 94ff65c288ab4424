import { type EnvelopeStatus } from "@paraphe/api-sdk/contract";
import { useTranslation } from "@paraphe/i18n/react";
import { Badge, type BadgeVariant } from "@paraphe/ui-kit";

const VARIANTS: Record<EnvelopeStatus, BadgeVariant> = {
  draft: "neutral",
  approving: "warning",
  signing: "brand",
  complete: "success",
  declined: "danger",
  canceled: "danger",
};

/** A document status in the sender's words (spec §4: signing is shown as pending signature). */
export function EnvelopeStatusBadge({ status }: { status: EnvelopeStatus }) {
  const { t } = useTranslation("web");
  return <Badge variant={VARIANTS[status]}>{t(`envelopeStatus.${status}`)}</Badge>;
}
