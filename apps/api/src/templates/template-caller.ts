import type { Kysely } from "kysely";
import { requireApiKeyMember } from "../api-keys/api-key-member";
import { requireMemberOrKeyCaller, type Caller } from "../auth/caller";
import { takeApiCredit } from "../billing/subscriptions";
import type { Config } from "../config";
import type { Database } from "../db/database";
import { requireMember, type Member } from "../membership/members";

/**
 * Who calls a template route: the signed-in member, or a team API key acting in its creator's
 * name with its own rules (templates only). Any other caller is AUTHENTICATION_ERROR. A key's
 * call takes one API credit of the team's plan before the route runs (API_CREDITS_EXHAUSTED
 * when none is left, and the route then does nothing).
 */
export async function requireTemplateCaller(
  deps: { db: Kysely<Database>; config: Pick<Config, "defaultTeamSeats">; now: () => number },
  c: { get(key: "caller"): Caller | undefined; req: { path: string } },
): Promise<Member> {
  const caller = requireMemberOrKeyCaller(c);
  if (caller.kind !== "apiKey") return requireMember(deps, caller.userId);
  const member = await requireApiKeyMember(deps, caller.apiKeyId);
  await takeApiCredit(
    deps.db,
    deps.config,
    member.teamId,
    { apiKeyId: caller.apiKeyId, path: c.req.path.slice(0, 128) },
    member.userId,
    new Date(deps.now()),
  );
  return member;
}
