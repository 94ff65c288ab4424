import { type EnvelopeSummary } from "@paraphe/api-sdk/contract";
import { useTranslation } from "@paraphe/i18n/react";
import {
  DataCards,
  PHONE_MEDIA_QUERY,
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  useMediaQuery,
} from "@paraphe/ui-kit";
import { Link } from "react-router";
import { PermittedButton } from "../../../app/permissions/permitted-button";
import { TagChips } from "../../../domain/tags";
import { EnvelopeStatusBadge } from "./envelope-status";
import { formatDateTime } from "../../../lib/format";
import { envelopeHref } from "./envelope-link";

/**
 * The table view of the envelope list; with `onTags`, each row offers to set its tags. On a phone
 * the envelopes show as cards (title, status, signers, date, owner and the tags action).
 */
export function EnvelopeTable({
  envelopes,
  onTags,
}: {
  envelopes: EnvelopeSummary[];
  onTags?: (envelope: EnvelopeSummary) => void;
}) {
  const { t, i18n } = useTranslation("web");
  const language = i18n.resolvedLanguage ?? i18n.language;
  const asCards = useMediaQuery(PHONE_MEDIA_QUERY);
  const tagsButton = (envelope: EnvelopeSummary) =>
    onTags ? (
      <PermittedButton
        permission="update Envelope"
        variant="ghost"
        size="sm"
        aria-label={t("tags.picker.openLabel", { title: envelope.title })}
        onClick={() => onTags(envelope)}
      >
        {t("tags.picker.open")}
      </PermittedButton>
    ) : null;
  if (asCards) {
    return (
      <DataCards
        rows={envelopes}
        getRowId={(envelope) => envelope.uuid}
        caption={t("envelopes.caption")}
        columns={[
          {
            id: "title",
            header: t("envelopes.columns.title"),
            card: "title",
            cell: (envelope) => (
              <>
                <Link
                  to={envelopeHref(envelope)}
                  className="text-ink underline-offset-2 hover:underline"
                >
                  {envelope.title}
                </Link>
                <TagChips tags={envelope.tags} />
              </>
            ),
          },
          {
            id: "status",
            header: t("envelopes.columns.status"),
            card: "status",
            cell: (envelope) => <EnvelopeStatusBadge status={envelope.status} />,
          },
          {
            id: "signers",
            header: t("envelopes.columns.signers"),
            cell: (envelope) =>
              t("envelopes.signedOf", {
                signed: envelope.signedCount,
                total: envelope.signerCount,
              }),
          },
          {
            id: "updatedAt",
            header: t("envelopes.columns.updatedAt"),
            cell: (envelope) => formatDateTime(envelope.updatedAt, language),
          },
          {
            id: "owner",
            header: t("envelopes.columns.owner"),
            cell: (envelope) => envelope.owner.name || envelope.owner.email,
          },
          { id: "actions", header: t("workspaces.columns.actions"), cell: tagsButton },
        ]}
      />
    );
  }
  return (
    <Table>
      <TableCaption className="sr-only">{t("envelopes.caption")}</TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead>{t("envelopes.columns.title")}</TableHead>
          <TableHead>{t("envelopes.columns.status")}</TableHead>
          <TableHead className="hidden md:table-cell">{t("envelopes.columns.owner")}</TableHead>
          <TableHead className="hidden whitespace-normal sm:table-cell">
            {t("envelopes.columns.signers")}
          </TableHead>
          {/* Its long header ("Dernière modification") on two lines: the table fits 1280 px whole. */}
          <TableHead className="hidden whitespace-normal lg:table-cell">
            {t("envelopes.columns.updatedAt")}
          </TableHead>
          {onTags ? (
            <TableHead className="text-right">{t("workspaces.columns.actions")}</TableHead>
          ) : null}
        </TableRow>
      </TableHeader>
      <TableBody>
        {envelopes.map((envelope) => (
          <TableRow key={envelope.uuid}>
            <TableCell className="max-w-64 font-medium">
              <Link
                to={envelopeHref(envelope)}
                className="block truncate text-ink underline-offset-2 hover:underline"
              >
                {envelope.title}
              </Link>
              <TagChips tags={envelope.tags} />
            </TableCell>
            <TableCell>
              <EnvelopeStatusBadge status={envelope.status} />
            </TableCell>
            <TableCell className="hidden md:table-cell">
              <span className="block truncate">{envelope.owner.name || envelope.owner.email}</span>
            </TableCell>
            <TableCell className="hidden whitespace-nowrap sm:table-cell">
              {t("envelopes.signedOf", {
                signed: envelope.signedCount,
                total: envelope.signerCount,
              })}
            </TableCell>
            <TableCell className="hidden whitespace-nowrap lg:table-cell">
              {formatDateTime(envelope.updatedAt, language)}
            </TableCell>
            {onTags ? <TableCell className="text-right">{tagsButton(envelope)}</TableCell> : null}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
