import { endpoints } from "@paraphe/api-sdk/contract";
import { saveEmbedding } from "../../embedding/team-embedding";
import { envelopeDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /embedding/save: replaces the origins that may frame the team's signing pages. */
export const embeddingSave = handler(
  endpoints.embedding.save,
  "member",
  envelopeDeps,
  async ({ member, input, deps }) => {
    return { embedding: await saveEmbedding(deps, member, input) };
  },
);
