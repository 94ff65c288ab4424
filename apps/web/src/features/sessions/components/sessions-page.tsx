import { type SessionInfo } from "@paraphe/api-sdk/contract";
import { useTranslation } from "@paraphe/i18n/react";
import {
  Badge,
  Button,
  ConfirmDialog,
  Skeleton,
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableEmpty,
  TableHead,
  TableHeader,
  TableRow,
  toast,
} from "@paraphe/ui-kit";
import { LogOut } from "lucide-react";
import { useState } from "react";
import { useErrorText } from "../../../lib/api/error-text";
import { formatDateTime, shortenIdentifier } from "../../../lib/format";
import { usePageMeta } from "../../../lib/page-meta";
import { useSessionList, useTerminateSessions } from "../api/sessions-queries";

type Pending = { kind: "one"; session: SessionInfo } | { kind: "others"; accessKeys: string[] };

const COLUMNS = 7;

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
    <section aria-labelledby="sessions-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <h2 id="sessions-title" className="text-lg font-semibold text-ink">
            {t("settings.sessions.title")}
          </h2>
          <p className="text-sm text-ink-muted">{t("settings.sessions.description")}</p>
        </div>
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
      </div>

      {sessions.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-danger">
          {errorText.apiError(sessions.error)}
          <Button variant="secondary" size="sm" onClick={() => void sessions.refetch()}>
            {t("common:actions.retry")}
          </Button>
        </div>
      ) : null}

      <Table aria-busy={sessions.isPending || undefined}>
        <TableCaption className="sr-only">{t("settings.sessions.caption")}</TableCaption>
        <TableHeader>
          <TableRow>
            <TableHead>{t("settings.sessions.columns.accessKey")}</TableHead>
            <TableHead>{t("settings.sessions.columns.ipAddress")}</TableHead>
            <TableHead>{t("settings.sessions.columns.platform")}</TableHead>
            <TableHead>{t("settings.sessions.columns.userAgent")}</TableHead>
            <TableHead>{t("settings.sessions.columns.createdAt")}</TableHead>
            <TableHead>
              <span className="sr-only">{t("settings.sessions.current")}</span>
            </TableHead>
            <TableHead className="text-right">{t("settings.sessions.columns.actions")}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {sessions.isPending ? (
            <TableRow>
              <TableCell colSpan={COLUMNS}>
                <span className="sr-only" role="status">
                  {t("settings.sessions.loading")}
                </span>
                <Skeleton className="h-6 w-full" />
              </TableCell>
            </TableRow>
          ) : sessions.data?.length === 0 ? (
            <TableEmpty colSpan={COLUMNS} title={t("settings.sessions.empty")} />
          ) : (
            sessions.data?.map((session) => (
              <TableRow key={session.accessKey} data-current={session.current || undefined}>
                <TableCell className="font-mono text-xs whitespace-nowrap">
                  <span title={session.accessKey}>{shortenIdentifier(session.accessKey)}</span>
                </TableCell>
                <TableCell className="whitespace-nowrap">{session.ipAddress ?? unknown}</TableCell>
                <TableCell>{session.platform ?? unknown}</TableCell>
                <TableCell className="max-w-64 truncate" title={session.userAgent ?? undefined}>
                  {session.userAgent ?? unknown}
                </TableCell>
                <TableCell className="whitespace-nowrap">
                  {formatDateTime(session.createdAt, language, unknown)}
                </TableCell>
                <TableCell>
                  {session.current ? <Badge>{t("settings.sessions.current")}</Badge> : null}
                </TableCell>
                <TableCell className="text-right">
                  {session.current ? null : (
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={t("settings.sessions.endLabel", {
                        accessKey: shortenIdentifier(session.accessKey),
                      })}
                      onClick={() => {
                        terminate.reset();
                        setPending({ kind: "one", session });
                      }}
                    >
                      {t("settings.sessions.end")}
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>

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
    </section>
  );
}
