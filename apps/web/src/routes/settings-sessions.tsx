import { SessionsPage } from "../features/sessions/components/sessions-page";

export function SettingsSessionsRoute() {
  return <SessionsPage />;
}
