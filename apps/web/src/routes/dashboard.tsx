import { Welcome } from "../features/dashboard/components/welcome";

export function DashboardRoute() {
  return <Welcome />;
}
