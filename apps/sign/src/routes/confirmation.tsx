import { useLocation } from "../app/navigation";
import { ConfirmationPage } from "../features/confirmation/components/confirmation-page";
import { SignPublicLayout } from "../layouts/public-layout";
import { isConfirmationState, type ConfirmationState } from "../domain/confirmation-state";
import { useProvideBranding } from "../lib/branding";
import { NotFoundRoute } from "./not-found";

/** `/confirmation`: shown after signing (spec §2); reached without a signature, it is not found. */
export function ConfirmationRoute() {
  const { state } = useLocation();
  if (!isConfirmationState(state)) return <NotFoundRoute />;
  return <BrandedConfirmation state={state} />;
}

/** The confirmation in the envelope's team's branding, as the signing page showed it. */
function BrandedConfirmation({ state }: { state: ConfirmationState }) {
  useProvideBranding(state.branding ?? null);
  return (
    <SignPublicLayout>
      <ConfirmationPage state={state} />
    </SignPublicLayout>
  );
}
