import { useLocation } from "../app/navigation";
import { ConfirmationPage } from "../features/confirmation/components/confirmation-page";
import { SignPublicLayout } from "../layouts/public-layout";
import { isConfirmationState } from "../domain/confirmation-state";
import { NotFoundRoute } from "./not-found";

/** `/confirmation`: shown after signing (spec §2); reached without a signature, it is not found. */
export function ConfirmationRoute() {
  const { state } = useLocation();
  if (!isConfirmationState(state)) return <NotFoundRoute />;
  return (
    <SignPublicLayout>
      <ConfirmationPage state={state} />
    </SignPublicLayout>
  );
}
