import { type EnvelopeTag } from "@paraphe/api-sdk/contract";
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
import { type ReactNode } from "react";
import { Link } from "react-router";
import { formatDateTime } from "../lib/format";
import { TagChips } from "./tags";

/** What a row of the envelope or template list shows in every column it shares. */
export interface SummaryRow {
  uuid: string;
  title: string;
  tags: readonly EnvelopeTag[];
  owner: { name: string; email: string };
  updatedAt: string;
}

export interface SummaryTableProps<TRow extends SummaryRow> {
  rows: readonly TRow[];
  /** Accessible name of the table (or the cards). */
  caption: string;
  /** Where the title leads. */
  href: (row: TRow) => string;
  headers: { title: string; status: string; owner: string; updatedAt: string };
  status: (row: TRow) => ReactNode;
  /** The column of counts (signers who signed, roles). */
  count: { id: string; header: string; cell: (row: TRow) => ReactNode };
  /** The actions of each row, in a last column; none when omitted. */
  actions?: { header: string; cell: (row: TRow) => ReactNode };
}

/**
 * The table view of the envelope and template lists: title (a link, with the tags), status,
 * count, owner, last change and the actions; the narrower the screen, the fewer columns, and on a
 * phone cards (title, status, labelled details, actions).
 */
export function SummaryTable<TRow extends SummaryRow>({
  rows,
  caption,
  href,
  headers,
  status,
  count,
  actions,
}: SummaryTableProps<TRow>) {
  const { i18n } = useTranslation("web");
  const language = i18n.resolvedLanguage ?? i18n.language;
  const asCards = useMediaQuery(PHONE_MEDIA_QUERY);
  const owner = (row: TRow) => row.owner.name || row.owner.email;
  if (asCards) {
    return (
      <DataCards
        rows={rows}
        getRowId={(row) => row.uuid}
        caption={caption}
        columns={[
          {
            id: "title",
            header: headers.title,
            card: "title",
            cell: (row) => (
              <>
                <Link to={href(row)} className="text-ink underline-offset-2 hover:underline">
                  {row.title}
                </Link>
                <TagChips tags={row.tags} />
              </>
            ),
          },
          { id: "status", header: headers.status, card: "status", cell: status },
          count,
          {
            id: "updatedAt",
            header: headers.updatedAt,
            cell: (row) => formatDateTime(row.updatedAt, language),
          },
          { id: "owner", header: headers.owner, cell: owner },
          ...(actions ? [{ id: "actions", ...actions }] : []),
        ]}
      />
    );
  }
  return (
    <Table>
      <TableCaption className="sr-only">{caption}</TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead>{headers.title}</TableHead>
          <TableHead>{headers.status}</TableHead>
          <TableHead className="hidden whitespace-normal sm:table-cell">{count.header}</TableHead>
          <TableHead className="hidden md:table-cell">{headers.owner}</TableHead>
          {/* Its long header ("Dernière modification") on two lines: the table fits 1280 px whole. */}
          <TableHead className="hidden whitespace-normal lg:table-cell">
            {headers.updatedAt}
          </TableHead>
          {actions ? <TableHead className="text-right">{actions.header}</TableHead> : null}
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.uuid}>
            <TableCell className="max-w-64 font-medium">
              <Link
                to={href(row)}
                className="block truncate text-ink underline-offset-2 hover:underline"
              >
                {row.title}
              </Link>
              <TagChips tags={row.tags} />
            </TableCell>
            <TableCell>{status(row)}</TableCell>
            <TableCell className="hidden whitespace-nowrap sm:table-cell">
              {count.cell(row)}
            </TableCell>
            <TableCell className="hidden md:table-cell">
              <span className="block truncate">{owner(row)}</span>
            </TableCell>
            <TableCell className="hidden whitespace-nowrap lg:table-cell">
              {formatDateTime(row.updatedAt, language)}
            </TableCell>
            {actions ? <TableCell className="text-right">{actions.cell(row)}</TableCell> : null}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
