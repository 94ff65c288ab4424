import { isApiError } from "@paraphe/api-sdk";
import { type SupportConversation } from "@paraphe/api-sdk/contract";
import { useTranslation } from "@paraphe/i18n/react";
import { Badge, Button, EmptyState, Spinner, cn } from "@paraphe/ui-kit";
import { toast } from "../../../lib/toast";
import { ArrowLeft, Inbox } from "lucide-react";
import { useSearchParams } from "react-router";
import { useErrorText } from "../../../lib/api/error-text";
import { formatDateTime } from "../../../lib/format";
import { usePageMeta } from "../../../lib/page-meta";
import {
  useReplySupport,
  useSupportConversation,
  useSupportConversations,
} from "../api/support-queries";
import { MessageForm } from "../forms/message-form";
import { MessageList } from "./message-list";

/**
 * /support/operator: the support operators' page (SUPPORT_OPERATORS of the api). The members'
 * conversations, the most recent first; the chosen one (`?conversation=`) with its messages and
 * the answer form. Anyone else gets the api's refusal, said plainly.
 */
export function OperatorPage() {
  const { t } = useTranslation("web");
  usePageMeta({ title: t("support.operator.title") });
  const [params, setParams] = useSearchParams();
  const selected = params.get("conversation");
  const conversations = useSupportConversations();

  return (
    <section aria-labelledby="operator-title" className="flex flex-col gap-4">
      <div className="flex min-w-0 flex-col gap-1">
        <h2 id="operator-title" className="text-lg font-semibold text-ink">
          {t("support.operator.title")}
        </h2>
        <p className="text-sm text-ink-muted">{t("support.operator.description")}</p>
      </div>
      {conversations.isError &&
      isApiError(conversations.error) &&
      conversations.error.code === "FORBIDDEN" ? (
        <p role="alert" className="text-sm font-medium text-danger">
          {t("support.operator.forbidden")}
        </p>
      ) : (
        <div className="grid gap-4 lg:grid-cols-[minmax(16rem,22rem)_1fr]">
          <div className={cn(selected !== null && "hidden lg:block")}>
            <ConversationList
              state={conversations}
              selected={selected}
              onSelect={(uuid) => setParams({ conversation: uuid })}
            />
          </div>
          {selected === null ? (
            <p className="hidden text-sm text-ink-muted lg:block">{t("support.operator.select")}</p>
          ) : (
            <ConversationDetail
              key={selected}
              conversationUuid={selected}
              onBack={() => setParams({})}
            />
          )}
        </div>
      )}
    </section>
  );
}

function ConversationList({
  state,
  selected,
  onSelect,
}: {
  state: ReturnType<typeof useSupportConversations>;
  selected: string | null;
  onSelect: (uuid: string) => void;
}) {
  const { t, i18n } = useTranslation("web");
  const errorText = useErrorText();
  const language = i18n.resolvedLanguage ?? i18n.language;
  if (state.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-ink-muted">
        <Spinner />
        {t("support.operator.loading")}
      </p>
    );
  }
  if (state.isError && state.data === undefined) {
    return (
      <div role="alert" className="flex flex-col items-start gap-2">
        <p className="text-sm font-medium text-danger">{t("support.operator.loadError")}</p>
        <p className="text-sm text-ink-muted">{errorText.apiError(state.error)}</p>
        <Button variant="secondary" onClick={() => void state.refetch()}>
          {t("support.retry")}
        </Button>
      </div>
    );
  }
  if (state.data.length === 0) {
    return <EmptyState icon={<Inbox />} title={t("support.operator.empty")} />;
  }
  return (
    <nav aria-label={t("support.operator.list")}>
      <ul className="flex flex-col gap-2">
        {state.data.map((conversation: SupportConversation) => (
          <li key={conversation.uuid}>
            <button
              type="button"
              aria-current={conversation.uuid === selected ? "true" : undefined}
              aria-label={t("support.operator.open", { name: conversation.memberName })}
              onClick={() => onSelect(conversation.uuid)}
              className={cn(
                "flex w-full flex-col gap-1 rounded-lg border border-border bg-surface p-3 text-left hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500",
                conversation.uuid === selected && "border-brand-500",
              )}
            >
              <span className="flex items-center justify-between gap-2">
                <span className="truncate text-sm font-semibold text-ink">
                  {conversation.memberName}
                </span>
                {conversation.unread > 0 ? (
                  <Badge>{t("support.operator.unread", { count: conversation.unread })}</Badge>
                ) : null}
              </span>
              <span className="truncate text-xs text-ink-muted">
                {conversation.teamName} · {formatDateTime(conversation.lastMessageAt, language, "")}
              </span>
              <span className="line-clamp-2 text-sm text-ink">{conversation.lastMessage}</span>
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function ConversationDetail({
  conversationUuid,
  onBack,
}: {
  conversationUuid: string;
  onBack: () => void;
}) {
  const { t } = useTranslation("web");
  const errorText = useErrorText();
  const detail = useSupportConversation(conversationUuid);
  const reply = useReplySupport(conversationUuid);
  return (
    <div className="flex min-w-0 flex-col gap-3">
      <Button variant="ghost" size="sm" className="self-start lg:hidden" onClick={onBack}>
        <ArrowLeft aria-hidden="true" />
        {t("support.operator.back")}
      </Button>
      {detail.isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-ink-muted">
          <Spinner />
          {t("support.loading")}
        </p>
      ) : detail.isError && detail.data === undefined ? (
        <div role="alert" className="flex flex-col items-start gap-2">
          <p className="text-sm font-medium text-danger">{t("support.loadError")}</p>
          <p className="text-sm text-ink-muted">{errorText.apiError(detail.error)}</p>
          <Button variant="secondary" onClick={() => void detail.refetch()}>
            {t("support.retry")}
          </Button>
        </div>
      ) : (
        <>
          <h3 className="text-base font-semibold text-ink">
            {t("support.operator.memberLabel", {
              name: detail.data.conversation.memberName,
              email: detail.data.conversation.memberEmail,
              team: detail.data.conversation.teamName,
            })}
          </h3>
          <MessageList
            messages={detail.data.messages}
            mine="operator"
            label={detail.data.conversation.memberName}
            names={{
              member: detail.data.conversation.memberName,
              operator: t("support.supportTeam"),
            }}
          />
          <MessageForm
            label={t("support.operator.replyLabel")}
            submitLabel={t("support.operator.reply")}
            error={reply.error}
            onSubmit={async (body) => {
              await reply.mutateAsync(body);
              toast.success(t("support.operator.replied"));
            }}
          />
        </>
      )}
    </div>
  );
}
