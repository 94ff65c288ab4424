import { useTranslation } from "@paraphe/i18n/react";
import { type ReactNode, type RefObject } from "react";
import { type CompletedField, type OpenedEnvelope, type SignerField } from "../../../lib/api";
import { shownFields, type FieldValues } from "../lib/field-values";

/** One page of the reader, with what is drawn over it. */
export interface ReaderPage {
  documentUuid: string;
  /** 0-based. */
  page: number;
  pageCount: number;
  /** Page size in PDF points. */
  width: number;
  height: number;
  /** The accessible name of the page ("contract.pdf, page 2 of 5"). */
  label: string;
  /** The recipient's fields on this page whose condition holds. */
  fields: SignerField[];
  /** What earlier recipients completed on this page, read-only. */
  completedFields: CompletedField[];
}

export interface DocumentReaderProps {
  /** The open call's answer: the documents, the recipient's fields, the completed ones. */
  opened: Pick<OpenedEnvelope, "documents" | "fields" | "completedFields">;
  values: FieldValues;
  /** The section holding the pages, watched for what is read. */
  readerRef?: RefObject<HTMLElement | null>;
  /** A page: the first page's view draws it from the open call's answer, the workspace with its query. */
  renderPage: (page: ReaderPage) => ReactNode;
}

/** Every page of every document, one under the other. */
export function DocumentReader({ opened, values, readerRef, renderPage }: DocumentReaderProps) {
  const { t } = useTranslation("sign");
  const { documents, fields, completedFields } = opened;
  // A field whose condition does not hold is not drawn (nor required, nor sent).
  const shown = shownFields(fields, values);
  return (
    <section ref={readerRef} aria-label={t("reader.documents")} className="flex flex-col gap-8">
      {documents.map((document) => (
        <div key={document.uuid} className="flex flex-col gap-3">
          {documents.length > 1 ? (
            <h2 className="truncate text-sm font-medium text-ink-muted">{document.filename}</h2>
          ) : null}
          <ol className="flex flex-col gap-4">
            {Array.from({ length: document.pageCount }, (_, page) => {
              const size = document.pages[page] ?? document.pages[0] ?? { width: 595, height: 842 };
              const label =
                documents.length > 1
                  ? t("reader.pageOfDocument", {
                      document: document.filename,
                      page: page + 1,
                      count: document.pageCount,
                    })
                  : t("reader.page", { page: page + 1, count: document.pageCount });
              return (
                <li key={page}>
                  {renderPage({
                    documentUuid: document.uuid,
                    page,
                    pageCount: document.pageCount,
                    width: size.width,
                    height: size.height,
                    label,
                    fields: shown.filter(
                      (field) => field.documentUuid === document.uuid && field.page === page,
                    ),
                    completedFields: completedFields.filter(
                      (field) => field.documentUuid === document.uuid && field.page === page,
                    ),
                  })}
                </li>
              );
            })}
          </ol>
        </div>
      ))}
    </section>
  );
}
