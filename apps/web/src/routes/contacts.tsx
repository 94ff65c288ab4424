import { useParams } from "react-router";
import { ContactEditPage } from "../features/contacts/components/contact-edit-page";
import { ContactNewPage } from "../features/contacts/components/contact-new-page";
import { ContactsPage } from "../features/contacts/components/contacts-page";

/** /contacts */
export function ContactsRoute() {
  return <ContactsPage />;
}

/** /contacts/{workspaceUuid} */
export function ContactsOfWorkspaceRoute() {
  const { workspaceUuid } = useParams();
  return <ContactsPage key={workspaceUuid} workspaceUuid={workspaceUuid} />;
}

/** /contacts/new */
export function ContactNewRoute() {
  return <ContactNewPage />;
}

/** /contacts/{workspaceUuid}/{contactEmail} */
export function ContactEditRoute() {
  const { workspaceUuid = "", contactEmail = "" } = useParams();
  return (
    <ContactEditPage
      key={`${workspaceUuid}/${contactEmail}`}
      workspaceUuid={workspaceUuid}
      email={contactEmail}
    />
  );
}
