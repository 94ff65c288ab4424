import { type PasskeyInfo } from "@paraphe/api-sdk/contract";
import { useTranslation } from "@paraphe/i18n/react";
import {
  Button,
  ConfirmDialog,
  EmptyState,
  Skeleton,
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  toast,
} from "@paraphe/ui-kit";
import { browserSupportsWebAuthn } from "@simplewebauthn/browser";
import { KeyRound, Plus } from "lucide-react";
import { useState } from "react";
import { useErrorText } from "../../../lib/api/error-text";
import { formatDateTime, shortenIdentifier } from "../../../lib/format";
import { usePageMeta } from "../../../lib/page-meta";
import { passkeyErrorKey } from "../../../lib/passkey-errors";
import { useDeletePasskey, usePasskeys, useRegisterPasskey } from "../api/passkey-queries";

/** /settings/passkeys: id, counter, transports, created, last used; add one; remove one. */
export function PasskeysPage() {
  const { t, i18n } = useTranslation(["web", "errors", "common"]);
  const errorText = useErrorText();
  usePageMeta({ title: t("settings.passkeys.title") });
  const passkeys = usePasskeys();
  const register = useRegisterPasskey();
  const remove = useDeletePasskey();
  const [supported] = useState(() => browserSupportsWebAuthn());
  const [removing, setRemoving] = useState<PasskeyInfo | null>(null);
  const language = i18n.resolvedLanguage ?? i18n.language;

  const add = () =>
    register.mutate(undefined, {
      onSuccess: () => toast.success(t("settings.passkeys.added")),
    });
  const addButton = supported ? (
    <Button loading={register.isPending} onClick={add}>
      <Plus aria-hidden="true" />
      {t("settings.passkeys.add")}
    </Button>
  ) : null;

  return (
    <section aria-labelledby="passkeys-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <h2 id="passkeys-title" className="text-lg font-semibold text-ink">
            {t("settings.passkeys.title")}
          </h2>
          <p className="text-sm text-ink-muted">{t("settings.passkeys.description")}</p>
        </div>
        {passkeys.data && passkeys.data.length > 0 ? addButton : null}
      </div>
      {!supported ? (
        <p role="status" className="text-sm text-ink-muted">
          {t("errors:passkey.unsupported")}
        </p>
      ) : null}
      {register.isError ? (
        <p role="alert" className="text-sm font-medium text-danger">
          {t(passkeyErrorKey(register.error))}
        </p>
      ) : null}
      {passkeys.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-danger">
          {errorText.apiError(passkeys.error)}
          <Button variant="secondary" size="sm" onClick={() => void passkeys.refetch()}>
            {t("common:actions.retry")}
          </Button>
        </div>
      ) : passkeys.isPending ? (
        <div className="flex flex-col gap-2">
          <span className="sr-only" role="status">
            {t("settings.passkeys.loading")}
          </span>
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
        </div>
      ) : passkeys.data.length === 0 ? (
        <EmptyState
          icon={<KeyRound />}
          title={t("settings.passkeys.empty")}
          description={t("settings.passkeys.emptyDescription")}
          action={addButton}
        />
      ) : (
        <Table>
          <TableCaption className="sr-only">{t("settings.passkeys.caption")}</TableCaption>
          <TableHeader>
            <TableRow>
              <TableHead>{t("settings.passkeys.columns.id")}</TableHead>
              <TableHead>{t("settings.passkeys.columns.counter")}</TableHead>
              <TableHead>{t("settings.passkeys.columns.transports")}</TableHead>
              <TableHead>{t("settings.passkeys.columns.createdAt")}</TableHead>
              <TableHead>{t("settings.passkeys.columns.lastUsedAt")}</TableHead>
              <TableHead className="text-right">{t("settings.passkeys.columns.actions")}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {passkeys.data.map((passkey) => (
              <TableRow key={passkey.id}>
                <TableCell className="font-mono text-xs whitespace-nowrap">
                  <span title={passkey.id}>{shortenIdentifier(passkey.id)}</span>
                </TableCell>
                <TableCell>{passkey.counter}</TableCell>
                <TableCell>
                  {passkey.transports.length > 0
                    ? passkey.transports.join(", ")
                    : t("settings.passkeys.none")}
                </TableCell>
                <TableCell className="whitespace-nowrap">
                  {formatDateTime(passkey.createdAt, language)}
                </TableCell>
                <TableCell className="whitespace-nowrap">
                  {formatDateTime(passkey.lastUsedAt, language, t("settings.passkeys.never"))}
                </TableCell>
                <TableCell className="text-right">
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={t("settings.passkeys.removeLabel", {
                      id: shortenIdentifier(passkey.id),
                    })}
                    onClick={() => {
                      remove.reset();
                      setRemoving(passkey);
                    }}
                  >
                    {t("settings.passkeys.remove")}
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <ConfirmDialog
        cancelLabel={t("common:actions.cancel")}
        closeLabel={t("common:actions.close")}
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open) setRemoving(null);
        }}
        title={t("settings.passkeys.confirmRemove.title")}
        description={t("settings.passkeys.confirmRemove.description", {
          id: removing ? shortenIdentifier(removing.id) : "",
        })}
        confirmLabel={t("settings.passkeys.confirmRemove.confirm")}
        pending={remove.isPending}
        error={remove.isError ? errorText.apiError(remove.error) : null}
        onConfirm={() => {
          if (!removing) return;
          remove.mutate(removing.id, {
            onSuccess: () => {
              toast.success(t("settings.passkeys.removed"));
              setRemoving(null);
            },
          });
        }}
      />
    </section>
  );
}
