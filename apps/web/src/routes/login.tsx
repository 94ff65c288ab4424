import { LoginPage } from "../features/auth/components/login-page";
import { WebPublicLayout } from "../layouts/public-layout/public-layout";

export function LoginRoute() {
  return (
    <WebPublicLayout>
      <LoginPage />
    </WebPublicLayout>
  );
}
