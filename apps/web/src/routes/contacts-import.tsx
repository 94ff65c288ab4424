import { ContactsImportPage } from "../features/contacts/components/contacts-import-page";

/** /contacts/import */
export function ContactsImportRoute() {
  return <ContactsImportPage />;
}
