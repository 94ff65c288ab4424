import { type Kysely, type SelectQueryBuilder } from "kysely";
import type { Database, EnvelopeRow } from "../db/database";
import { envelopeSubject } from "./envelope-access";
import { type Member } from "../membership/members";

type EnvelopeQuery = SelectQueryBuilder<Database, "envelope", EnvelopeRow>;

/**
 * Envelopes (or, with `kind` "template", templates) the member may see: their team's, in
 * workspaces they belong to.
 */
export function visibleEnvelopes(
  db: Kysely<Database>,
  member: Member,
  kind: "envelope" | "template" = "envelope",
): EnvelopeQuery {
  return db
    .selectFrom("envelope")
    .selectAll("envelope")
    .where("envelope.kind", "=", kind)
    .where("envelope.teamId", "=", member.teamId)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom("workspaceMember")
          .select("workspaceMember.userId")
          .whereRef("workspaceMember.workspaceId", "=", "envelope.workspaceId")
          .where("workspaceMember.userId", "=", member.userId),
      ),
    );
}

/**
 * Whether the role reads envelopes under conditions (`{ "ownerId": ... }`): each row is then
 * checked with the ability, as `findEnvelopeForMember` does, so lists never show an envelope that
 * opening would refuse.
 */
export function readDependsOnRow(member: Member): boolean {
  return member.ability.rulesFor("read", "Envelope").some((rule) => rule.conditions !== undefined);
}

export const readableBy =
  (member: Member) =>
  (envelope: EnvelopeRow): boolean =>
    member.ability.can("read", envelopeSubject(envelope));
