import type { GeneratedTimestamp } from "./columns";

/** The origins a team allows to frame its signing pages (issue 30); absent while it allows none. */
export interface TeamEmbeddingTable {
  teamId: string;
  /** 1..20 plain origins (`https://host[:port]`). */
  origins: string[];
  updatedAt: GeneratedTimestamp;
}
