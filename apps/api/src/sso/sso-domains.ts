import { isUniqueViolation } from "../db/database-errors";
import { randomBytes } from "node:crypto";
import {
  SSO_DOMAINS_PER_TEAM,
  type ListSsoDomainsResponse,
  type SsoDomain,
  type SsoDomainResponse,
} from "@paraphe/api-sdk/contract";
import type { Kysely, Selectable } from "kysely";
import type { Database, SsoDomainTable } from "../db/database";
import { AppError } from "../errors/app-error";
import { checkDomainProof, proofRecordName, proofRecordValue } from "./domain-proof";
import { isPublicMailDomain } from "./public-mail-domains";
import { requireSsoAdministrator } from "./sso-access";
import type { SsoDeps } from "./sso-deps";
import type { Member } from "../membership/members";

/*
 * The email domains a team claims for single sign-on (`/sso/list-domains`, `/sso/add-domain`,
 * `/sso/verify-domain`, `/sso/remove-domain`; those who administer the team's single sign-on). A
 * claimed domain is pending until its DNS TXT record is found; only a verified domain lets the
 * team's identity provider sign in someone new at it. Public mail domains are never accepted, and
 * a domain is verified by one team at most.
 */

type DomainRow = Selectable<SsoDomainTable>;

function view(row: DomainRow): SsoDomain {
  return {
    uuid: row.id,
    domain: row.domain,
    status: row.verifiedAt === null ? "pending" : "verified",
    recordName: proofRecordName(row.domain),
    recordValue: proofRecordValue(row.token),
    verifiedAt: row.verifiedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

const domainField = (
  message: string,
  suggestion: string,
  code: string,
  params?: Record<string, number>,
) =>
  new AppError("VALIDATION_ERROR", {
    message,
    suggestion,
    fields: [{ path: "domain", code: "custom", message: code, ...(params ? { params } : {}) }],
  });

const takenByAnotherTeam = () =>
  new AppError("CONFLICT", {
    message: "This domain is verified by another team.",
    suggestion: "A domain signs in through one team only: ask that team to remove it first.",
  });

const domainNotFound = () =>
  new AppError("NOT_FOUND", { message: "This domain is not one of your team's." });

/** Whether another team has verified `domain`. */
async function verifiedElsewhere(
  db: Kysely<Database>,
  domain: string,
  teamId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom("ssoDomain")
    .select("id")
    .where("domain", "=", domain)
    .where("verifiedAt", "is not", null)
    .where("teamId", "!=", teamId)
    .executeTakeFirst();
  return row !== undefined;
}

/** `/sso/list-domains`: the team's claimed domains, oldest first. */
export async function listSsoDomains(
  deps: SsoDeps,
  member: Member,
): Promise<ListSsoDomainsResponse> {
  requireSsoAdministrator(member);
  const rows = await deps.db
    .selectFrom("ssoDomain")
    .selectAll()
    .where("teamId", "=", member.teamId)
    .orderBy("createdAt")
    .orderBy("domain")
    .execute();
  return { domains: rows.map(view) };
}

/**
 * `/sso/add-domain`: claims `domain` for the team, pending, with a new random token. A public mail
 * domain (`public_domain`) or one more than {@link SSO_DOMAINS_PER_TEAM} (`too_many_domains`) is
 * refused; one the team already claims is answered as it is; one another team verified is a
 * CONFLICT.
 */
export async function addSsoDomain(
  deps: SsoDeps,
  member: Member,
  input: { domain: string },
): Promise<SsoDomainResponse> {
  requireSsoAdministrator(member);
  const domain = input.domain;
  if (isPublicMailDomain(domain)) {
    throw domainField(
      "Anyone can open an address at this mail provider, so no team can sign its people in.",
      "Enter a domain your organisation owns.",
      "public_domain",
    );
  }
  if (await verifiedElsewhere(deps.db, domain, member.teamId)) throw takenByAnotherTeam();
  const at = new Date(deps.now());
  return deps.db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom("ssoDomain")
      .selectAll()
      .where("teamId", "=", member.teamId)
      .forUpdate()
      .execute();
    const existing = rows.find((row) => row.domain === domain);
    if (existing !== undefined) return { domain: view(existing) };
    if (rows.length >= SSO_DOMAINS_PER_TEAM) {
      throw domainField(
        `A team may claim at most ${SSO_DOMAINS_PER_TEAM} domains.`,
        "Remove a domain you no longer use first.",
        "too_many_domains",
        { limit: SSO_DOMAINS_PER_TEAM },
      );
    }
    const row = await trx
      .insertInto("ssoDomain")
      .values({
        teamId: member.teamId,
        domain,
        token: randomBytes(20).toString("hex"),
        createdAt: at,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { domain: view(row) };
  });
}

/**
 * `/sso/verify-domain`: looks up the domain's TXT record and marks the domain verified when it
 * holds the value; a verified domain is answered as it is. Not found: VALIDATION_ERROR
 * (`record_not_found`); the DNS server failed: VALIDATION_ERROR (`lookup_failed`); verified by
 * another team meanwhile: CONFLICT. With `SSO_DOMAIN_VERIFICATION=skip` (never in production) the
 * domain is verified without looking.
 */
export async function verifySsoDomain(
  deps: SsoDeps,
  member: Member,
  input: { domainUuid: string },
): Promise<SsoDomainResponse> {
  requireSsoAdministrator(member);
  const row = await deps.db
    .selectFrom("ssoDomain")
    .selectAll()
    .where("id", "=", input.domainUuid)
    .where("teamId", "=", member.teamId)
    .executeTakeFirst();
  if (row === undefined) throw domainNotFound();
  if (row.verifiedAt !== null) return { domain: view(row) };
  if (await verifiedElsewhere(deps.db, row.domain, member.teamId)) throw takenByAnotherTeam();
  if (deps.config.ssoDomainVerification !== "skip") {
    const outcome = await checkDomainProof(deps.config, row.domain, row.token);
    if (outcome === "not_found") {
      throw domainField(
        `No TXT record "${proofRecordValue(row.token)}" was found at ${proofRecordName(row.domain)}.`,
        "Publish the record at your DNS provider, wait for it to spread (minutes, sometimes hours), then verify again.",
        "record_not_found",
      );
    }
    if (outcome === "lookup_failed") {
      throw domainField(
        `The DNS servers did not answer for ${proofRecordName(row.domain)}.`,
        "Try again in a few minutes.",
        "lookup_failed",
      );
    }
  }
  try {
    const verified = await deps.db
      .updateTable("ssoDomain")
      .set({ verifiedAt: new Date(deps.now()) })
      .where("id", "=", row.id)
      .where("teamId", "=", member.teamId)
      .returningAll()
      .executeTakeFirst();
    if (verified === undefined) throw domainNotFound();
    return { domain: view(verified) };
  } catch (error) {
    if (isUniqueViolation(error)) throw takenByAnotherTeam();
    throw error;
  }
}

/**
 * `/sso/remove-domain`: the domain is no longer the team's; its identity provider signs in nobody
 * new at it (members already in the team keep signing in). NOT_FOUND for a domain of no team of
 * the caller.
 */
export async function removeSsoDomain(
  deps: SsoDeps,
  member: Member,
  input: { domainUuid: string },
): Promise<{ deleted: true }> {
  requireSsoAdministrator(member);
  const removed = await deps.db
    .deleteFrom("ssoDomain")
    .where("id", "=", input.domainUuid)
    .where("teamId", "=", member.teamId)
    .returning("id")
    .executeTakeFirst();
  if (removed === undefined) throw domainNotFound();
  return { deleted: true };
}

/** Whether the team `teamId` has verified the domain of `email`. */
export async function teamOwnsEmailDomain(
  db: Kysely<Database>,
  teamId: string,
  email: string,
): Promise<boolean> {
  const row = await db
    .selectFrom("ssoDomain")
    .select("id")
    .where("teamId", "=", teamId)
    .where("domain", "=", emailDomain(email))
    .where("verifiedAt", "is not", null)
    .executeTakeFirst();
  return row !== undefined;
}

/** The team that verified the domain of `email`, if any. */
export async function teamOfEmailDomain(
  db: Kysely<Database>,
  email: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom("ssoDomain")
    .select("teamId")
    .where("domain", "=", emailDomain(email))
    .where("verifiedAt", "is not", null)
    .executeTakeFirst();
  return row?.teamId;
}

/** The domain of an email, lower case. */
export const emailDomain = (email: string): string =>
  email.slice(email.lastIndexOf("@") + 1).toLowerCase();
