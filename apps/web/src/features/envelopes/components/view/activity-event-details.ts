import { EXPIRED_CANCEL_REASON, type ActivityEvent } from "@paraphe/api-sdk/contract";
import { useTranslation } from "@paraphe/i18n/react";
import { useCallback } from "react";

/** Who did it: "Name (email)", the email alone without a name, or "" for the system. */
export function activityActorText(event: Pick<ActivityEvent, "actor">): string {
  if (!event.actor) return "";
  return event.actor.name ? `${event.actor.name} (${event.actor.email})` : event.actor.email;
}

/**
 * The details of an activity event as lines of text, in the reader's language: the signing step
 * that started or ended, the recipients it concerns (and those in copy), who a signer delegated
 * to, the files a signer attached (name and SHA-256), the template or API key that created the
 * envelope, the reason of a decline, rejection or cancellation.
 */
export function useActivityEventDetails(): (event: ActivityEvent) => string[] {
  const { t } = useTranslation("web");
  return useCallback(
    (event: ActivityEvent) => {
      const lines: string[] = [];
      if (event.step) {
        lines.push(t("view.activity.step", { number: event.step.number, of: event.step.of }));
      }
      if (event.recipients.length > 0) {
        lines.push(
          t("view.activity.recipients", {
            names: event.recipients
              .map((recipient) => recipient.name || recipient.email)
              .join(", "),
          }),
        );
      }
      if (event.copied && event.copied.length > 0) {
        lines.push(
          t("view.activity.copied", {
            names: event.copied.map((recipient) => recipient.name || recipient.email).join(", "),
          }),
        );
      }
      if (event.delegatedTo) {
        lines.push(
          t("view.activity.delegatedTo", {
            name: event.delegatedTo.name || event.delegatedTo.email,
          }),
        );
      }
      for (const attachment of event.attachments ?? []) {
        lines.push(
          t("view.activity.attachment", { name: attachment.name, sha256: attachment.sha256 }),
        );
      }
      if (event.fromTemplate) {
        lines.push(t("view.activity.fromTemplate", { title: event.fromTemplate.title }));
      }
      if (event.viaApiKey) {
        lines.push(t("view.activity.viaApiKey", { description: event.viaApiKey.description }));
      }
      if (event.reason) {
        const reason =
          event.type === "envelopeCanceled" && event.reason === EXPIRED_CANCEL_REASON
            ? t("view.expiredReason")
            : event.reason;
        lines.push(t("view.activity.reason", { reason }));
      }
      return lines;
    },
    [t],
  );
}
