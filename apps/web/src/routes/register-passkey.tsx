import { RegisterPasskeyPage } from "../features/passkeys/components/register-passkey-page";
import { LogoutButton } from "../layouts/public-layout/logout-button";
import { WebPublicLayout } from "../layouts/public-layout/public-layout";

export function RegisterPasskeyRoute() {
  return (
    <WebPublicLayout account={<LogoutButton />}>
      <RegisterPasskeyPage />
    </WebPublicLayout>
  );
}
