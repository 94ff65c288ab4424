import { SecurityDialog } from "@paraphe/attestation/react";
import { useTranslation } from "@paraphe/i18n/react";
import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle } from "@paraphe/ui-kit";
import { ShieldCheck } from "lucide-react";
import { useState } from "react";
import { attestationSource } from "../../../lib/attestation-source";
import { usePageMeta } from "../../../lib/page-meta";

/** /settings/security: what protects the connection, and the attestation details on demand. */
export function SecuritySettingsPage() {
  const { t } = useTranslation(["web", "security"]);
  const [open, setOpen] = useState(false);
  usePageMeta({ title: t("settings.security.title") });
  return (
    <Card className="max-w-3xl">
      <CardHeader>
        <CardTitle>{t("settings.security.title")}</CardTitle>
        <CardDescription>{t("settings.security.description")}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <p className="text-sm text-ink">{t("security:attestation.explanation.tunnel")}</p>
        <p className="text-sm text-ink">{t("security:attestation.explanation.attestation")}</p>
        <Button className="self-start" aria-haspopup="dialog" onClick={() => setOpen(true)}>
          <ShieldCheck aria-hidden="true" />
          {t("settings.security.open")}
        </Button>
        <SecurityDialog open={open} onOpenChange={setOpen} source={attestationSource} />
      </CardContent>
    </Card>
  );
}
