import type { ColumnType, Generated } from "kysely";
import type { Timestamp } from "./columns";

/** A person chosen for one of the template's other roles when its direct link was made. */
export interface DirectLinkPerson {
  roleId: string;
  email: string;
  firstname: string;
  lastname: string;
}

/**
 * A template's direct link (`templates/direct-link.ts`): the signer role a visitor takes, the
 * people of the other roles, the SHA-256 of its token, and its limits.
 */
export interface TemplateDirectLinkTable {
  id: Generated<string>;
  templateId: string;
  teamId: string;
  roleId: string;
  others: ColumnType<DirectLinkPerson[], string, string>;
  tokenHash: string;
  enabled: boolean;
  maxUses: number | null;
  usesPerHour: number;
  uses: ColumnType<number, number | undefined, number>;
  createdByUserId: string;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/** A code mailed to a direct link's visitor: only its HMAC, with who asked and the wrong tries. */
export interface DirectLinkCodeTable {
  id: Generated<string>;
  linkId: string;
  email: string;
  firstname: string;
  lastname: string;
  codeHash: Buffer;
  createdAt: Timestamp;
  expiresAt: Timestamp;
  attempts: ColumnType<number, number | undefined, number>;
  consumedAt: Timestamp | null;
}
