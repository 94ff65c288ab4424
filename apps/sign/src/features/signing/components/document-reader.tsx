import { useTranslation } from "@paraphe/i18n/react";
import { type RefObject } from "react";
import {
  type AccessLink,
  type CompletedField,
  type SignerDocument,
  type SignerField,
} from "../../../lib/api";
import { shownFields, type FieldValues } from "../lib/field-values";
import { DocumentPage } from "./document-page";

export interface DocumentReaderProps {
  link: AccessLink;
  documents: SignerDocument[];
  fields: SignerField[];
  completedFields: CompletedField[];
  values: FieldValues;
  missing: Set<string>;
  onChange: (fieldUuid: string, value: string) => void;
  /** A page's preview is shown: look whether it is on screen. */
  onShown: () => void;
  /** A tap on a signature or initials zone. */
  onSignatureZone: () => void;
  /** The section holding the pages, watched for what is read. */
  readerRef: RefObject<HTMLElement | null>;
}

/** Every page of every document, one under the other, loaded as they come near the screen. */
export function DocumentReader({
  documents,
  fields,
  completedFields,
  readerRef,
  ...rest
}: DocumentReaderProps) {
  const { t } = useTranslation("sign");
  // A field whose condition does not hold is not drawn (nor required, nor sent).
  const shown = shownFields(fields, rest.values);
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
                  <DocumentPage
                    {...rest}
                    documentUuid={document.uuid}
                    page={page}
                    pageCount={document.pageCount}
                    width={size.width}
                    height={size.height}
                    label={label}
                    fields={shown.filter(
                      (field) => field.documentUuid === document.uuid && field.page === page,
                    )}
                    completedFields={completedFields.filter(
                      (field) => field.documentUuid === document.uuid && field.page === page,
                    )}
                  />
                </li>
              );
            })}
          </ol>
        </div>
      ))}
    </section>
  );
}
