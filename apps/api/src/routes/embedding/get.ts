import { endpoints } from "@paraphe/api-sdk/contract";
import { getEmbedding } from "../../embedding/team-embedding";
import { envelopeDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /embedding/get: the origins that may frame the team's signing pages (Owner, Admin). */
export const embeddingGet = handler(
  endpoints.embedding.get,
  "member",
  envelopeDeps,
  async ({ member, deps }) => {
    return { embedding: await getEmbedding(deps, member) };
  },
);
