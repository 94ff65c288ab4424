import type { Kysely } from "kysely";
import { requireApiKeyMember } from "../api-keys/api-key-member";
import { requireMemberOrKeyCaller, type Caller } from "../auth/caller";
import type { Database } from "../db/database";
import { requireMember, type Member } from "../envelopes/members";

/**
 * Who calls a template route: the signed-in member, or a team API key acting in its creator's
 * name with its own rules (templates only). Any other caller is AUTHENTICATION_ERROR.
 */
export async function requireTemplateCaller(
  deps: { db: Kysely<Database> },
  c: { get(key: "caller"): Caller | undefined },
): Promise<Member> {
  const caller = requireMemberOrKeyCaller(c);
  return caller.kind === "apiKey"
    ? requireApiKeyMember(deps, caller.apiKeyId)
    : requireMember(deps, caller.userId);
}
