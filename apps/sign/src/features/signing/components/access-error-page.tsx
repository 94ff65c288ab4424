import { useDocumentTitle, useTranslation } from "@paraphe/i18n/react";
import { Button } from "@paraphe/ui-kit";
import { FileX, Link2Off, WifiOff } from "lucide-react";
import { type AccessErrorKind } from "../lib/access-error";
import { StatusPanel } from "./status-panel";

const icons = { notFound: FileX, invalidLink: Link2Off, generic: WifiOff } as const;

/** Spec §8 signing-page errors: document not found, invalid or expired link, generic. */
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
      tone={kind === "generic" ? "warning" : "danger"}
      title={title}
      description={t(`errors.${kind}.description`)}
    >
      {kind === "generic" && onRetry ? (
        <Button onClick={onRetry} loading={retrying}>
          {t("errors.generic.retry")}
        </Button>
      ) : null}
    </StatusPanel>
  );
}
