import { MailTextsPage } from "../features/mail-texts/components/mail-texts-page";

/** /settings/messages */
export function SettingsMessagesRoute() {
  return <MailTextsPage />;
}
