import { type Contact } from "@paraphe/api-sdk/contract";
import { useTranslation } from "@paraphe/i18n/react";
import { DataTable, FormField, Input, Select, type DataTableColumn } from "@paraphe/ui-kit";
import { FileUp, UserPlus } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { Link, useNavigate } from "react-router";
import { PermittedButton } from "../../../app/permissions/permitted-button";
import { useErrorText } from "../../../lib/api/error-text";
import { useDataTableLabels } from "../../../lib/data-table-labels";
import { dateTimeColumn } from "../../../lib/date-column";
import { usePageMeta } from "../../../lib/page-meta";
import { useContactList, useContactWorkspaces } from "../api/contact-queries";
import { contactHref } from "./contact-link";

/** How long typing must pause before the search is sent (ms). */
export const CONTACT_SEARCH_DELAY_MS = 300;

function useDebounced(value: string, delay: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

/**
 * /contacts and /contacts/{workspaceUuid} (spec §2): the contacts of the member's workspaces, or
 * of one, searched on the server, sorted and paged in the table; new contact and import.
 */
export function ContactsPage({ workspaceUuid }: { workspaceUuid?: string }) {
  const { t, i18n } = useTranslation(["web", "common"]);
  usePageMeta({ title: t("web:contacts.title") });
  const navigate = useNavigate();
  const errorText = useErrorText();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const [search, setSearch] = useState("");
  const query = useDebounced(search.trim(), CONTACT_SEARCH_DELAY_MS);
  const list = useContactList(workspaceUuid, query);
  const workspaces = useContactWorkspaces();
  const tableLabels = useDataTableLabels();
  const labels = useMemo(
    () => ({
      ...tableLabels,
      loading: t("web:contacts.loading"),
      empty: query === "" ? t("web:contacts.empty") : t("web:contacts.noMatch"),
    }),
    [tableLabels, t, query],
  );
  const contacts = list.data?.contacts ?? [];
  const total = list.data?.total ?? 0;

  const columns = useMemo<DataTableColumn<Contact>[]>(
    () => [
      {
        id: "email",
        header: t("web:contacts.columns.email"),
        value: (contact) => contact.email,
        cell: (contact) => (
          <Link
            to={contactHref(contact)}
            className="font-medium text-brand-700 underline-offset-2 hover:underline"
            aria-label={t("web:contacts.editLabel", { email: contact.email })}
          >
            {contact.email}
          </Link>
        ),
        hideable: false,
      },
      {
        id: "firstname",
        header: t("web:contacts.columns.firstname"),
        value: (contact) => contact.firstname,
      },
      {
        id: "lastname",
        header: t("web:contacts.columns.lastname"),
        value: (contact) => contact.lastname,
      },
      {
        id: "phone",
        header: t("web:contacts.columns.phone"),
        value: (contact) => contact.phone,
        cell: (contact) => contact.phone ?? "",
        className: "whitespace-nowrap",
      },
      {
        id: "workspace",
        header: t("web:contacts.columns.workspace"),
        value: (contact) => contact.workspaceName,
      },
      dateTimeColumn<Contact>({
        id: "updatedAt",
        header: t("web:contacts.columns.updatedAt"),
        date: (contact) => contact.updatedAt,
        language,
      }),
    ],
    [t, language],
  );

  return (
    <section aria-labelledby="contacts-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <h2 id="contacts-title" className="text-lg font-semibold text-ink">
            {t("web:contacts.title")}
          </h2>
          <p className="text-sm text-ink-muted">{t("web:contacts.description")}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <PermittedButton
            permission="create Contact"
            variant="secondary"
            onClick={() => void navigate("/contacts/import")}
          >
            <FileUp aria-hidden="true" />
            {t("web:contacts.import")}
          </PermittedButton>
          <PermittedButton
            permission="create Contact"
            onClick={() => void navigate("/contacts/new")}
          >
            <UserPlus aria-hidden="true" />
            {t("web:contacts.new")}
          </PermittedButton>
        </div>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label={t("web:contacts.search")}>
          <Input
            type="search"
            value={search}
            placeholder={t("web:contacts.searchPlaceholder")}
            onChange={(event) => setSearch(event.currentTarget.value)}
          />
        </FormField>
        <FormField label={t("web:contacts.workspace")}>
          <Select
            value={workspaceUuid ?? ""}
            onValueChange={(value) =>
              void navigate(value === "" ? "/contacts" : `/contacts/${value}`)
            }
            options={[
              { value: "", label: t("web:contacts.allWorkspaces") },
              ...(workspaces.data ?? []).map((workspace) => ({
                value: workspace.uuid,
                label: workspace.name,
              })),
            ]}
          />
        </FormField>
      </div>
      {total > contacts.length ? (
        <p role="status" className="text-sm text-ink-muted">
          {t("web:contacts.shownOfTotal", { shown: contacts.length, total })}
        </p>
      ) : null}
      <DataTable
        data={contacts}
        columns={columns}
        getRowId={(contact) => contact.uuid}
        caption={t("web:contacts.caption")}
        labels={labels}
        loading={list.isPending}
        error={list.isError ? errorText.apiError(list.error) : undefined}
        onRetry={() => void list.refetch()}
        emptyDescription={query === "" ? t("web:contacts.emptyDescription") : undefined}
        initialSorting={{ id: "email", desc: false }}
        exportFileName="contacts"
      />
    </section>
  );
}
