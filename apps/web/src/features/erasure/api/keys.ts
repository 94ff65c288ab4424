import { memberKeys } from "../../../domain/query-keys";

/** The erasure feature's queries: the team's member count (the dashboard's query, shared). */
export const erasureKeys = {
  memberCount: () => memberKeys.list({ limit: 1 }),
};
