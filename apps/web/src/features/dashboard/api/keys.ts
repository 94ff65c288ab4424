import { memberKeys, roleKeys } from "../../../domain/query-keys";

/**
 * Query keys of the dashboard's team blocks: the members' and roles' own keys (one member for the
 * count, the roles page's list), so that inviting or removing a member, or creating or deleting a
 * role, which invalidate those, refreshes the counts too.
 */
export const teamOverviewKeys = {
  memberCount: () => memberKeys.list({ limit: 1 }),
  roles: () => roleKeys.list(),
};
