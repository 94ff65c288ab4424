import { useTranslation } from "@paraphe/i18n/react";
import { Button, EmptyState, Spinner } from "@paraphe/ui-kit";
import { toast } from "../../../lib/toast";
import { Headset, MessageCircle } from "lucide-react";
import { Link } from "react-router";
import { useErrorText } from "../../../lib/api/error-text";
import { config } from "../../../lib/config";
import { usePageMeta } from "../../../lib/page-meta";
import { useSendSupportMessage, useSupportMessages } from "../api/support-queries";
import { MessageForm } from "../forms/message-form";
import { MessageList } from "./message-list";

/**
 * /settings/support: the member's conversation with support. New answers appear without a reload
 * (the page polls while it is visible); with VITE_SUPPORT_WIDGET_URL the external chat replaces it.
 */
export function SupportPage({ widgetUrl = config.supportWidgetUrl }: { widgetUrl?: string }) {
  const { t } = useTranslation("web");
  usePageMeta({ title: t("support.title") });
  return (
    <section aria-labelledby="support-title" className="flex flex-col gap-4">
      <div className="flex min-w-0 flex-col gap-1">
        <h2 id="support-title" className="text-lg font-semibold text-ink">
          {t("support.title")}
        </h2>
        <p className="text-sm text-ink-muted">{t("support.description")}</p>
      </div>
      {widgetUrl === undefined ? <SupportConversation /> : <SupportWidget url={widgetUrl} />}
    </section>
  );
}

/** The external support chat, framed (its origin is the only frame the CSP allows). */
function SupportWidget({ url }: { url: string }) {
  const { t } = useTranslation("web");
  return (
    <div className="flex flex-col gap-2">
      <p className="text-xs text-ink-muted">{t("support.widgetNotice")}</p>
      <iframe
        src={url}
        title={t("support.widgetTitle")}
        className="h-[70vh] min-h-96 w-full rounded-lg border border-border"
        sandbox="allow-scripts allow-same-origin allow-forms allow-popups"
        referrerPolicy="strict-origin-when-cross-origin"
      />
    </div>
  );
}

function SupportConversation() {
  const { t } = useTranslation("web");
  const errorText = useErrorText();
  const messages = useSupportMessages();
  const send = useSendSupportMessage();

  let body;
  if (messages.isPending) {
    body = (
      <p role="status" className="flex items-center gap-2 text-sm text-ink-muted">
        <Spinner />
        {t("support.loading")}
      </p>
    );
  } else if (messages.isError && messages.data === undefined) {
    body = (
      <div role="alert" className="flex flex-col items-start gap-2">
        <p className="text-sm font-medium text-danger">{t("support.loadError")}</p>
        <p className="text-sm text-ink-muted">{errorText.apiError(messages.error)}</p>
        <Button variant="secondary" onClick={() => void messages.refetch()}>
          {t("support.retry")}
        </Button>
      </div>
    );
  } else if (messages.data.messages.length === 0) {
    body = (
      <EmptyState
        icon={<MessageCircle />}
        title={t("support.empty")}
        description={t("support.emptyDescription")}
      />
    );
  } else {
    body = (
      <MessageList
        messages={messages.data.messages}
        mine="member"
        label={t("support.conversation")}
        names={{ member: t("support.you"), operator: t("support.supportTeam") }}
      />
    );
  }

  return (
    <div className="flex flex-col gap-4">
      {messages.data?.operator ? (
        <Link
          to="/support/operator"
          className="inline-flex items-center gap-2 self-start text-sm font-medium text-brand-700 underline underline-offset-2"
        >
          <Headset aria-hidden="true" className="size-4" />
          {t("support.operatorLink")}
        </Link>
      ) : null}
      {body}
      {messages.isPending || (messages.isError && messages.data === undefined) ? null : (
        <MessageForm
          label={t("support.messageLabel")}
          submitLabel={t("support.send")}
          error={send.error}
          onSubmit={async (text) => {
            await send.mutateAsync(text);
            toast.success(t("support.sent"));
          }}
        />
      )}
    </div>
  );
}
