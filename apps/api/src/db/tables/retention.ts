import type { GeneratedTimestamp } from "./columns";

/** A team's retention policy (issue 32); absent while it is off. */
export interface TeamRetentionTable {
  teamId: string;
  /** 30..3650 days after an envelope ended. */
  days: number;
  scope: "documents" | "everything";
  updatedAt: GeneratedTimestamp;
}
