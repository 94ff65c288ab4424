import { useDocumentTitle, useTranslation } from "@paraphe/i18n/react";
import { Button, buttonVariants, Card, toast } from "@paraphe/ui-kit";
import { useMutation } from "@tanstack/react-query";
import { CheckCircle2, Download, UserPlus } from "lucide-react";
import { useEffect, useState } from "react";
import { forgetAccessLink, storedAccessLink } from "../../../domain/access-link";
import { embedding, postEmbedEvent } from "../../../domain/embed";
import { useApi } from "../../../lib/api";
import { config } from "../../../lib/config";
import { type ConfirmationState } from "../../../domain/confirmation-state";
import { downloadSignerPdf } from "../../../domain/download";

/** How often an embedded confirmation asks whether the envelope is complete. */
const COMPLETION_CHECK_MS = 3000;

/** After signing: thanks, the signed PDF once everyone has signed, and an offer to create an account. */
export function ConfirmationPage({ state }: { state: ConfirmationState }) {
  const { t } = useTranslation("sign");
  const api = useApi();
  const title = t("confirmation.title");
  useDocumentTitle(title);
  const complete = state.envelopeStatus === "complete";
  const link = storedAccessLink(state.envelopeUuid);
  // The recipient signed: the tab forgets the link's secret (this page keeps it for the download).
  useEffect(() => forgetAccessLink(state.envelopeUuid), [state.envelopeUuid]);
  // In a frame: tell the embedding site once the envelope is complete (sealed after the last
  // signature), asking again every few seconds for at most ten minutes.
  const [completionLink] = useState(() => link);
  useEffect(() => {
    const link = completionLink;
    if (!embedding().embedded || !link) return;
    const completed = () =>
      postEmbedEvent({ type: "completed", payload: { envelopeUuid: state.envelopeUuid } });
    if (complete) {
      completed();
      return;
    }
    let stopped = false;
    const until = Date.now() + 10 * 60_000;
    const check = async () => {
      while (!stopped && Date.now() < until) {
        await new Promise((wait) => setTimeout(wait, COMPLETION_CHECK_MS));
        if (stopped) return;
        const status = await api.envelope.open(link, { idempotent: true }).then(
          (opened) => opened.envelope.status,
          () => null,
        );
        if (status === "complete") {
          if (!stopped) completed();
          return;
        }
        if (status === "declined" || status === "canceled") return;
      }
    };
    void check();
    return () => {
      stopped = true;
    };
  }, [api, complete, completionLink, state.envelopeUuid]);
  const download = useMutation({
    mutationFn: () => {
      if (!link) throw new Error("The access link is not available any more");
      return downloadSignerPdf(api, link);
    },
    onError: () => toast.error(t("errors.download")),
  });
  // The web app's login reads the email from the fragment (spec §2), so it never reaches a server.
  const accountHref = `${config.webUrl}#email=${encodeURIComponent(state.email)}`;

  return (
    <div className="mx-auto flex max-w-md flex-col gap-8 py-6 sm:py-12">
      <section className="flex flex-col items-center gap-4 text-center">
        <span className="flex size-16 items-center justify-center rounded-full bg-success-soft text-success">
          <CheckCircle2 aria-hidden="true" className="size-8" />
        </span>
        <h1 className="text-2xl font-semibold text-balance">{title}</h1>
        <p className="text-ink-muted text-pretty">
          {complete ? t("confirmation.completeDescription") : t("confirmation.description")}
        </p>
        {complete && link ? (
          <Button size="lg" onClick={() => download.mutate()} loading={download.isPending}>
            <Download aria-hidden="true" />
            {t("download.signed")}
          </Button>
        ) : null}
      </section>
      <Card className="flex flex-col gap-3 p-5">
        <h2 className="text-base font-semibold">{t("confirmation.accountTitle")}</h2>
        <p className="text-sm text-ink-muted">{t("confirmation.accountDescription")}</p>
        <a href={accountHref} className={buttonVariants({ variant: "secondary" })}>
          <UserPlus aria-hidden="true" />
          {t("confirmation.createAccount")}
        </a>
      </Card>
    </div>
  );
}
