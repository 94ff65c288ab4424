import { type SigningRequest } from "@paraphe/api-sdk/contract";
import { useTranslation } from "@paraphe/i18n/react";
import { Button, EmptyState, Skeleton } from "@paraphe/ui-kit";
import { Inbox } from "lucide-react";
import { useErrorText } from "../../../lib/api/error-text";
import { usePageMeta } from "../../../lib/page-meta";
import { RequestCard } from "../../../domain/request-card";
import {
  isActionable,
  requestCardStatus,
  useSigningRequests,
} from "../../../domain/signing-requests";
import { RequestActions } from "./request-actions";

/**
 * /inbox (spec §2): the member's signing requests as a kanban, pending and completed or declined,
 * each pending card with sign and decline.
 */
export function InboxPage() {
  const { t } = useTranslation(["web", "common"]);
  const errorText = useErrorText();
  usePageMeta({ title: t("web:inbox.title") });
  const requests = useSigningRequests();

  if (requests.isPending) {
    return (
      <div className="grid gap-4 md:grid-cols-2">
        <span role="status" className="sr-only">
          {t("web:inbox.loading")}
        </span>
        <Skeleton className="h-64 w-full" />
        <Skeleton className="h-64 w-full" />
      </div>
    );
  }
  if (requests.isError) {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-danger">
        {t("web:inbox.loadError")} {errorText.apiError(requests.error)}
        <Button variant="secondary" size="sm" onClick={() => void requests.refetch()}>
          {t("common:actions.retry")}
        </Button>
      </div>
    );
  }
  if (requests.data.length === 0) {
    return (
      <EmptyState
        icon={<Inbox />}
        title={t("web:inbox.empty.title")}
        description={t("web:inbox.empty.description")}
      />
    );
  }
  const pending = requests.data.filter(
    (request) => requestCardStatus(request.recipientStatus) === "signing",
  );
  const done = requests.data.filter(
    (request) => requestCardStatus(request.recipientStatus) !== "signing",
  );
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <InboxColumn id="pending" title={t("web:inbox.columns.pending")} requests={pending} />
      <InboxColumn id="done" title={t("web:inbox.columns.done")} requests={done} />
    </div>
  );
}

function InboxColumn({
  id,
  title,
  requests,
}: {
  id: string;
  title: string;
  requests: SigningRequest[];
}) {
  const { t } = useTranslation("web");
  return (
    <section
      aria-labelledby={`inbox-${id}`}
      className="flex flex-col gap-3 rounded-lg bg-surface-muted p-3"
    >
      <h2 id={`inbox-${id}`} className="text-sm font-semibold text-ink">
        {title} <span className="text-ink-muted">({requests.length})</span>
      </h2>
      {requests.length === 0 ? (
        <p className="text-sm text-ink-muted">{t("inbox.columnEmpty")}</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {requests.map((request) => (
            <li key={request.envelopeUuid}>
              <RequestCard
                request={request}
                actions={
                  isActionable(request) ? <RequestActions request={request} size="sm" /> : null
                }
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
