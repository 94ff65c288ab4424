import { type SessionInfo } from "@paraphe/api-sdk/contract";
import { useTranslation } from "@paraphe/i18n/react";
import { Badge, Button, ConfirmDialog, DataTable, type DataTableColumn } from "@paraphe/ui-kit";
import { toast } from "../../../lib/toast";
import { LogOut } from "lucide-react";
import { useMemo, useState } from "react";
import { ListPage, rowActionColumn, useListTable } from "../../../components/list-page";
import { useErrorText } from "../../../lib/api/error-text";
import { shortenIdentifier } from "../../../lib/format";
import { dateTimeColumn } from "../../../lib/date-column";
import { usePageMeta } from "../../../lib/page-meta";
import { useSessionList, useTerminateSessions } from "../api/sessions-queries";

type Pending = { kind: "one"; session: SessionInfo } | { kind: "others"; accessKeys: string[] };

/** /settings/sessions: every session of the person, the current one marked; end one or all others. */
export function SessionsPage() {
  const { t, i18n } = useTranslation(["web", "common"]);
  const errorText = useErrorText();
  usePageMeta({ title: t("settings.sessions.title") });
  const sessions = useSessionList();
  const terminate = useTerminateSessions();
  const [pending, setPending] = useState<Pending | null>(null);
  const language = i18n.resolvedLanguage ?? i18n.language;
  const unknown = t("settings.sessions.unknown");
  const others = (sessions.data ?? []).filter((session) => !session.current);
  const table = useListTable(sessions, {
    loading: t("settings.sessions.loading"),
    empty: t("settings.sessions.empty"),
  });
  const { reset } = terminate;
  const columns = useMemo<DataTableColumn<SessionInfo>[]>(
    () => [
      {
        id: "accessKey",
        header: t("settings.sessions.columns.accessKey"),
        value: (session) => session.accessKey,
        cell: (session) => (
          <span className="flex items-center gap-2 whitespace-nowrap">
            <span className="font-mono text-xs" title={session.accessKey}>
              {shortenIdentifier(session.accessKey)}
            </span>
            {session.current ? <Badge>{t("settings.sessions.current")}</Badge> : null}
          </span>
        ),
        hideable: false,
      },
      {
        id: "method",
        header: t("settings.sessions.columns.method"),
        value: (session) => session.method,
        cell: (session) => (
          <span className="whitespace-nowrap">
            {t(`settings.sessions.methods.${session.method}`)}
          </span>
        ),
      },
      {
        id: "ipAddress",
        header: t("settings.sessions.columns.ipAddress"),
        value: (session) => session.ipAddress,
        cell: (session) => session.ipAddress ?? unknown,
        className: "whitespace-nowrap",
      },
      {
        id: "platform",
        header: t("settings.sessions.columns.platform"),
        value: (session) => session.platform,
        cell: (session) => session.platform ?? unknown,
      },
      {
        id: "userAgent",
        header: t("settings.sessions.columns.userAgent"),
        value: (session) => session.userAgent,
        cell: (session) => (
          <span className="block max-w-64 truncate" title={session.userAgent ?? undefined}>
            {session.userAgent ?? unknown}
          </span>
        ),
      },
      dateTimeColumn<SessionInfo>({
        id: "createdAt",
        header: t("settings.sessions.columns.createdAt"),
        date: (session) => session.createdAt,
        language,
        empty: unknown,
      }),
      rowActionColumn<SessionInfo>({
        header: t("settings.sessions.columns.actions"),
        text: t("settings.sessions.end"),
        label: (session) =>
          t("settings.sessions.endLabel", { accessKey: shortenIdentifier(session.accessKey) }),
        shown: (session) => !session.current,
        onClick: (session) => {
          reset();
          setPending({ kind: "one", session });
        },
      }),
    ],
    [t, language, unknown, reset],
  );

  const confirm = () => {
    if (!pending) return;
    const keys = pending.kind === "one" ? [pending.session.accessKey] : pending.accessKeys;
    terminate.mutate(keys, {
      onSuccess: () => {
        toast.success(
          pending.kind === "one"
            ? t("settings.sessions.ended")
            : t("settings.sessions.endedOthers"),
        );
        setPending(null);
      },
    });
  };

  return (
    <ListPage
      headingId="sessions-title"
      title={t("settings.sessions.title")}
      description={t("settings.sessions.description")}
      actions={
        <Button
          variant="danger"
          disabled={others.length === 0}
          onClick={() => {
            terminate.reset();
            setPending({ kind: "others", accessKeys: others.map((session) => session.accessKey) });
          }}
        >
          <LogOut aria-hidden="true" />
          {t("settings.sessions.endOthers")}
        </Button>
      }
    >
      <DataTable
        {...table}
        columns={columns}
        getRowId={(session) => session.accessKey}
        caption={t("settings.sessions.caption")}
        exportFileName="sessions"
      />

      <ConfirmDialog
        cancelLabel={t("common:actions.cancel")}
        closeLabel={t("common:actions.close")}
        open={pending !== null}
        onOpenChange={(open) => {
          if (!open) setPending(null);
        }}
        title={
          pending?.kind === "one"
            ? t("settings.sessions.confirmEnd.title")
            : t("settings.sessions.confirmEndOthers.title")
        }
        description={
          pending?.kind === "one"
            ? t("settings.sessions.confirmEnd.description", {
                accessKey: shortenIdentifier(pending.session.accessKey),
              })
            : t("settings.sessions.confirmEndOthers.description")
        }
        confirmLabel={
          pending?.kind === "one"
            ? t("settings.sessions.confirmEnd.confirm")
            : t("settings.sessions.confirmEndOthers.confirm")
        }
        onConfirm={confirm}
        pending={terminate.isPending}
        error={terminate.isError ? errorText.apiError(terminate.error) : null}
      />
    </ListPage>
  );
}
