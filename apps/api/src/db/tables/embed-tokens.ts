import type { Generated } from "kysely";
import type { GeneratedTimestamp, Timestamp } from "./columns";

/**
 * A short-lived token of the embedded editor (issue 30): one draft envelope or one template
 * (`envelopeId`, an envelope row of either kind), in the name of the member who made it or of the
 * API key's creator. Only the access key's SHA-256 is kept.
 */
export interface EmbedTokenTable {
  id: Generated<string>;
  accessKeyHash: string;
  teamId: string;
  envelopeId: string;
  createdByUserId: string;
  /** The API key that asked for it (it acts with the key's rules then); null for a member. */
  apiKeyId: string | null;
  expiresAt: Timestamp;
  createdAt: GeneratedTimestamp;
}
