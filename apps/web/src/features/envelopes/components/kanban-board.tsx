import { Card } from "@paraphe/ui-kit";
import { type ReactNode } from "react";
import { Link } from "react-router";
import { PagePreviewImage } from "./page-preview";

/** A column of a kanban board: its stage's name and the items in it. */
export interface KanbanColumn<Item> {
  id: string;
  label: string;
  items: readonly Item[];
}

/**
 * The kanban view of a list (envelopes, templates): a column per stage, side by side and scrolled
 * sideways on a narrow screen, each headed by its name and count; columns without items are left
 * out.
 */
export function KanbanBoard<Item>({
  columns,
  getKey,
  renderCard,
}: {
  columns: readonly KanbanColumn<Item>[];
  getKey: (item: Item) => string;
  renderCard: (item: Item) => ReactNode;
}) {
  return (
    <div className="flex snap-x gap-4 overflow-x-auto pb-2">
      {columns
        .filter((column) => column.items.length > 0)
        .map((column) => (
          <section
            key={column.id}
            aria-label={column.label}
            className="flex w-72 shrink-0 snap-start flex-col gap-3 rounded-lg bg-surface-muted p-3"
          >
            <h3 className="text-sm font-semibold text-ink">
              {column.label} <span className="text-ink-muted">({column.items.length})</span>
            </h3>
            <ul className="flex flex-col gap-3">
              {column.items.map((item) => (
                <li key={getKey(item)}>{renderCard(item)}</li>
              ))}
            </ul>
          </section>
        ))}
    </div>
  );
}

/**
 * A card of a kanban board: a link to the item with the preview of its first page (when it has a
 * document) above its details, and what follows the link (a template's actions).
 */
export function KanbanCard({
  href,
  preview,
  children,
  footer,
}: {
  href: string;
  /** The first document's first page: an envelope's, or a template's with `source` "template". */
  preview: { uuid: string; documentUuid: string | null; source?: "template" };
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <Card className="overflow-hidden">
      <Link
        to={href}
        className="flex flex-col focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
      >
        {preview.documentUuid ? (
          <PagePreviewImage
            envelopeUuid={preview.uuid}
            documentUuid={preview.documentUuid}
            page={0}
            alt=""
            className="h-32 w-full"
            {...(preview.source ? { source: preview.source } : {})}
          />
        ) : null}
        <div className="flex flex-col gap-1 p-3">{children}</div>
      </Link>
      {footer}
    </Card>
  );
}
