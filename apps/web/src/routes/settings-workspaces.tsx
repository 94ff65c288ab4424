import { useParams } from "react-router";
import { WorkspaceMembersPage } from "../features/workspaces/components/workspace-members-page";
import { WorkspacesPage } from "../features/workspaces/components/workspaces-page";

/** /settings/workspaces */
export function SettingsWorkspacesRoute() {
  return <WorkspacesPage />;
}

/** /settings/workspaces/{workspaceUuid}/members */
export function SettingsWorkspaceMembersRoute() {
  const { workspaceUuid = "" } = useParams();
  return <WorkspaceMembersPage key={workspaceUuid} workspaceUuid={workspaceUuid} />;
}
