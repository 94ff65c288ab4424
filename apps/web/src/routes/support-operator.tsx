import { OperatorPage } from "../features/support/components/operator-page";

/** /support/operator */
export function SupportOperatorRoute() {
  return <OperatorPage />;
}
