import { memberKeys } from "../../../domain/query-keys";

/** The erasure feature's queries: the person's data export, and the team's member count. */
export const erasureKeys = {
  all: ["erasure"] as const,
  dataExport: () => [...erasureKeys.all, "data-export"] as const,
  /** The dashboard's member count query, shared. */
  memberCount: () => memberKeys.list({ limit: 1 }),
};
