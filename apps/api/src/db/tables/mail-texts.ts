import type { GeneratedTimestamp } from "./columns";

/** A team's text of one of its mails in one language (issue 33); absent: Paraphe's text. */
export interface TeamMailTextTable {
  teamId: string;
  kind: "invitation" | "reminder" | "completion" | "decline";
  language: "en" | "fr";
  subject: string;
  body: string;
  updatedAt: GeneratedTimestamp;
}
