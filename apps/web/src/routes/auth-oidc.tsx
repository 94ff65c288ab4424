import { OidcCallbackPage } from "../features/auth/components/oidc-callback-page";
import { WebPublicLayout } from "../layouts/public-layout/public-layout";

/** /auth/oidc: the single sign-on callback. */
export function AuthOidcRoute() {
  return (
    <WebPublicLayout>
      <OidcCallbackPage />
    </WebPublicLayout>
  );
}
