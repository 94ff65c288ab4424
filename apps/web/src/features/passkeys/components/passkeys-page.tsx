import { type PasskeyInfo } from "@paraphe/api-sdk/contract";
import { useTranslation } from "@paraphe/i18n/react";
import { Button, DataTable, type DataTableColumn } from "@paraphe/ui-kit";
import { toast } from "../../../lib/toast";
import { browserSupportsWebAuthn } from "@simplewebauthn/browser";
import { Plus } from "lucide-react";
import { useMemo, useState } from "react";
import { ListPage, rowActionColumn, useListTable } from "../../../components/list-page";
import { dateTimeColumn } from "../../../lib/date-column";
import { shortenIdentifier } from "../../../lib/format";
import { usePageMeta } from "../../../lib/page-meta";
import { passkeyErrorKey } from "../../../lib/passkey-errors";
import { useDeletePasskey, usePasskeys, useRegisterPasskey } from "../api/passkey-queries";
import { ConfirmActionDialog } from "../../../components/confirm-action-dialog";

/**
 * /settings/passkeys: id, counter, transports, created, last used; add one; remove one. A table
 * from 640 px, cards on a phone (the list pages' DataTable).
 */
export function PasskeysPage() {
  const { t, i18n } = useTranslation(["web", "errors", "common"]);
  usePageMeta({ title: t("settings.passkeys.title") });
  const passkeys = usePasskeys();
  const register = useRegisterPasskey();
  const remove = useDeletePasskey();
  const [supported] = useState(() => browserSupportsWebAuthn());
  const [removing, setRemoving] = useState<PasskeyInfo | null>(null);
  const language = i18n.resolvedLanguage ?? i18n.language;
  const table = useListTable(passkeys, {
    loading: t("settings.passkeys.loading"),
    empty: t("settings.passkeys.empty"),
  });
  const { reset } = remove;
  const columns = useMemo<DataTableColumn<PasskeyInfo>[]>(
    () => [
      {
        id: "id",
        header: t("settings.passkeys.columns.id"),
        value: (passkey) => passkey.id,
        cell: (passkey) => (
          <span className="font-mono text-xs whitespace-nowrap" title={passkey.id}>
            {shortenIdentifier(passkey.id)}
          </span>
        ),
        hideable: false,
      },
      {
        id: "counter",
        header: t("settings.passkeys.columns.counter"),
        value: (passkey) => passkey.counter,
      },
      {
        id: "transports",
        header: t("settings.passkeys.columns.transports"),
        value: (passkey) => passkey.transports.join(", "),
        cell: (passkey) =>
          passkey.transports.length > 0
            ? passkey.transports.join(", ")
            : t("settings.passkeys.none"),
      },
      dateTimeColumn<PasskeyInfo>({
        id: "createdAt",
        header: t("settings.passkeys.columns.createdAt"),
        date: (passkey) => passkey.createdAt,
        language,
      }),
      dateTimeColumn<PasskeyInfo>({
        id: "lastUsedAt",
        header: t("settings.passkeys.columns.lastUsedAt"),
        date: (passkey) => passkey.lastUsedAt,
        language,
        empty: t("settings.passkeys.never"),
      }),
      rowActionColumn<PasskeyInfo>({
        header: t("settings.passkeys.columns.actions"),
        text: t("settings.passkeys.remove"),
        label: (passkey) =>
          t("settings.passkeys.removeLabel", { id: shortenIdentifier(passkey.id) }),
        onClick: (passkey) => {
          reset();
          setRemoving(passkey);
        },
      }),
    ],
    [t, language, reset],
  );

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
    <ListPage
      headingId="passkeys-title"
      title={t("settings.passkeys.title")}
      description={t("settings.passkeys.description")}
      details={
        <>
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
        </>
      }
      actions={passkeys.data && passkeys.data.length > 0 ? addButton : null}
    >
      <DataTable
        {...table}
        columns={columns}
        getRowId={(passkey) => passkey.id}
        caption={t("settings.passkeys.caption")}
        emptyDescription={t("settings.passkeys.emptyDescription")}
        emptyAction={addButton}
        exportFileName="passkeys"
      />

      <ConfirmActionDialog
        item={removing}
        onClose={() => setRemoving(null)}
        mutation={remove}
        variables={(passkey) => passkey.id}
        onDone={() => toast.success(t("settings.passkeys.removed"))}
        title={t("settings.passkeys.confirmRemove.title")}
        description={t("settings.passkeys.confirmRemove.description", {
          id: removing ? shortenIdentifier(removing.id) : "",
        })}
        confirmLabel={t("settings.passkeys.confirmRemove.confirm")}
      />
    </ListPage>
  );
}
