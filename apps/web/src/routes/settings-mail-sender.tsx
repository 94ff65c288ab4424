import { MailSenderPage } from "../features/mail-sender/components/mail-sender-page";

/** /settings/mail-sender */
export function SettingsMailSenderRoute() {
  return <MailSenderPage />;
}
