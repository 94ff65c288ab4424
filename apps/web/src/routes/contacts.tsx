import { useParams } from "react-router";
import type * as ContactEditModule from "../features/contacts/components/contact-edit-page";
import type * as ContactNewModule from "../features/contacts/components/contact-new-page";
import { ContactsPage } from "../features/contacts/components/contacts-page";
import { lazyComponent } from "../lib/lazy-component";

// The contact's form pages (react-hook-form) come apart from the list, when a navigation reaches them.
const ContactEditPage = lazyComponent(() =>
  import("../features/contacts/components/contact-edit-page").then(
    (module: typeof ContactEditModule | undefined) => module?.ContactEditPage,
  ),
);
const ContactNewPage = lazyComponent(() =>
  import("../features/contacts/components/contact-new-page").then(
    (module: typeof ContactNewModule | undefined) => module?.ContactNewPage,
  ),
);

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
