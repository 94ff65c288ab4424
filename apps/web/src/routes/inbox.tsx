import { useParams } from "react-router";
import { InboxDetailPage } from "../features/inbox/components/inbox-detail-page";
import { InboxPage } from "../features/inbox/components/inbox-page";

/** /inbox */
export function InboxRoute() {
  return <InboxPage />;
}

/** /inbox/{uuid} (the envelope's uuid) */
export function InboxDetailRoute() {
  const { uuid = "" } = useParams();
  return <InboxDetailPage key={uuid} envelopeUuid={uuid} />;
}
