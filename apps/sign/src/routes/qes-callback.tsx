import { useDocumentTitle, useTranslation } from "@paraphe/i18n/react";
import { useEffect, useState } from "react";
import { postQesCallback, readQesCallback } from "../domain/qes-callback";
import { SignPublicLayout } from "../layouts/public-layout";

/**
 * `/qes/callback`: where the qualified provider sends the signer back (the redirect URI registered
 * with it), in the window the signing page opened. The code and state go to the signing page,
 * then the window closes; should the browser keep it open, it says to go back to the signing page.
 */
export function QesCallbackRoute() {
  const { t } = useTranslation("sign");
  const [received] = useState(() => readQesCallback(window.location.search));
  useDocumentTitle(t("qualified.callback.title"));
  useEffect(() => {
    if (received === null) return;
    postQesCallback(received);
    // The code is spent by the signing page: it leaves the address bar and the history.
    window.history.replaceState(null, "", window.location.pathname);
    window.close();
  }, [received]);
  return (
    <SignPublicLayout>
      <main className="mx-auto flex max-w-md flex-col gap-3 py-12 text-center">
        <h1 className="text-xl font-semibold">{t("qualified.callback.title")}</h1>
        <p role="status" className="text-sm text-ink-muted">
          {received === null ? t("qualified.callback.nothing") : t("qualified.callback.done")}
        </p>
      </main>
    </SignPublicLayout>
  );
}
