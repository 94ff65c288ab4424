import { useDocumentTitle, useTranslation } from "@paraphe/i18n/react";
import { PlainButton } from "@paraphe/ui-kit";
import { FileClock, FileX, Link2Off, UserRoundCheck, WifiOff } from "lucide-react";
import { type AccessErrorKind } from "../lib/access-error";
import { StatusPanel } from "./status-panel";

const icons = {
  notFound: FileX,
  invalidLink: Link2Off,
  delegated: UserRoundCheck,
  unavailable: FileClock,
  generic: WifiOff,
} as const;

/**
 * Spec §8 signing-page errors: document not found, invalid or expired link, generic; and a document
 * not available right now (its file cannot be read on the server). The last two offer a retry.
 */
export function AccessErrorPage({
  kind,
  onRetry,
  retrying = false,
}: {
  kind: AccessErrorKind;
  onRetry?: () => void;
  retrying?: boolean;
}) {
  const { t } = useTranslation("sign");
  const title = t(`errors.${kind}.title`);
  useDocumentTitle(title);
  return (
    <StatusPanel
      icon={icons[kind]}
      tone={
        kind === "generic" || kind === "unavailable"
          ? "warning"
          : kind === "delegated"
            ? "neutral"
            : "danger"
      }
      title={title}
      description={t(`errors.${kind}.description`)}
    >
      {(kind === "generic" || kind === "unavailable") && onRetry ? (
        <PlainButton onClick={onRetry} loading={retrying}>
          {t(`errors.${kind}.retry`)}
        </PlainButton>
      ) : null}
    </StatusPanel>
  );
}
