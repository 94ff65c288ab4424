import type { Generated, Selectable } from "kysely";
import type { GeneratedTimestamp } from "./columns";

export interface ContactTable {
  id: Generated<string>;
  workspaceId: string;
  email: string;
  firstname: string;
  lastname: string;
  phone: string | null;
  createdAt: GeneratedTimestamp;
  updatedAt: GeneratedTimestamp;
}

/** A tag of a team (spec §3): its name is unique in the team regardless of case. */
export interface TagTable {
  id: Generated<string>;
  teamId: string;
  name: string;
  /** `#rrggbb`, lower case. */
  color: string;
  createdAt: GeneratedTimestamp;
  updatedAt: GeneratedTimestamp;
}

/** A tag set on an envelope. */
export interface EnvelopeTagTable {
  envelopeId: string;
  tagId: string;
}

export type TagRow = Selectable<TagTable>;
