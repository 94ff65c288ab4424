import type {
  ConfirmDirectLinkRequest,
  ConfirmDirectLinkResponse,
  OpenDirectLinkResponse,
  SendDirectLinkCodeRequest,
} from "@paraphe/api-sdk/contract";
import { type Kysely, type Selectable, sql } from "kysely";
import type { Database } from "../db/database";
import { signerBrandingOf } from "../branding/team-branding";
import { AppError } from "../errors/app-error";
import { codeRefusal } from "../identity/code-refusal";
import {
  afterWrongTry,
  generateOneTimeCode,
  judgeOneTimeCode,
  ONE_TIME_CODE_TTL_MS,
  oneTimeCodeHasher,
} from "../identity/one-time-code";
import {
  countRateLimitHit,
  hitRateLimit,
  rateLimitedError,
  rateLimit,
  type RateLimit,
} from "../identity/rate-limit";
import { enqueueMail } from "../mail/outbox";
import { linkSecretKey, linkToken } from "../envelopes/access-links";
import { appendEvent } from "../envelopes/activity";
import type { EnvelopeDeps } from "../envelopes/envelope-deps";
import type { RequestOrigin } from "../envelopes/request-origin";
import { verificationCodeMail } from "../envelopes/verification-code-mail";
import { requireMember } from "../membership/members";
import { createEnvelopeFromTemplate } from "./create-envelope-from-template";
import { directLinkTokenHash, isDirectLinkTokenOf } from "./direct-link";

/*
 * A visitor of a template's direct link (`/d/<token>`): public calls signed with the app's
 * credential, authorised by the link's token alone. The visitor gives their name and email, gets
 * a one-time code there (6 digits, 10 minutes, 5 tries, kept as an HMAC), and the right code makes
 * an envelope of their own from the template, in its workspace, in the name of the link's maker,
 * sent at once (so counted against the team's signature limit), the visitor's check recorded as
 * the signer's verification. Refusals say why (`reason`), and the signing app words them.
 */

type LinkRow = Selectable<Database["templateDirectLink"]>;

const CODES_ASKED = "Too many codes were asked for. Wait a little before asking again.";
/** Codes mailed to one address through direct links: 5 per hour. */
export const DIRECT_LINK_CODES_PER_ADDRESS = rateLimit(5, 60, CODES_ASKED);
/** Codes asked for through one link, whatever the address: 60 per hour. */
export const DIRECT_LINK_CODES_PER_LINK = rateLimit(60, 60, CODES_ASKED);
/** Codes asked for from one client address, whatever the link: 10 per hour. */
export const DIRECT_LINK_CODES_PER_CLIENT = rateLimit(10, 60, CODES_ASKED);
/** Envelopes made from direct links for one client address: 5 per hour. */
export const DIRECT_LINK_USES_PER_CLIENT = rateLimit(
  5,
  60,
  "Too many documents were started from this address. Wait a little before trying again.",
);

const refused = (reason: string, message: string, suggestion: string): AppError =>
  new AppError("CONFLICT", { message, suggestion, reason });

const linkOff = (): AppError =>
  new AppError("ACCESS_LINK_INVALID", {
    message: "This link is not active: it was turned off or replaced by a new one.",
    suggestion: "Ask the sender for the current link.",
    reason: "direct_link_off",
  });

const usedUp = (): AppError =>
  refused(
    "direct_link_used_up",
    "This link has been used as many times as its sender allowed.",
    "Ask the sender for a new link.",
  );

/** The link of `token`, turned on, of an active template; ACCESS_LINK_INVALID otherwise. */
async function activeLink(
  db: Kysely<Database>,
  token: string,
  { lock = false }: { lock?: boolean } = {},
): Promise<{ link: LinkRow; templateTitle: string; teamName: string }> {
  let query = db
    .selectFrom("templateDirectLink")
    .innerJoin("envelope", "envelope.id", "templateDirectLink.templateId")
    .innerJoin("team", "team.id", "templateDirectLink.teamId")
    .selectAll("templateDirectLink")
    .select(["envelope.title as templateTitle", "envelope.templateStatus", "team.name as teamName"])
    .where("templateDirectLink.tokenHash", "=", directLinkTokenHash(token));
  if (lock) query = query.forUpdate("templateDirectLink");
  const row = await query.executeTakeFirst();
  if (row === undefined || !isDirectLinkTokenOf(token, row.tokenHash) || !row.enabled) {
    throw linkOff();
  }
  if (row.templateStatus !== "active") throw linkOff();
  const { templateTitle, teamName, templateStatus: _status, ...link } = row;
  return { link, templateTitle, teamName };
}

function requireUsesLeft(link: LinkRow): void {
  if (link.maxUses !== null && link.uses >= link.maxUses) throw usedUp();
}

const perLinkUses = (link: LinkRow): RateLimit => ({
  limit: link.usesPerHour,
  windowMs: 60 * 60_000,
  message: "This link was used too often in the last hour. Wait a little before trying again.",
});

/** POST /direct-link/open: the template's title, the team's name and its branding. */
export async function openDirectLink(
  deps: EnvelopeDeps,
  token: string,
): Promise<OpenDirectLinkResponse> {
  const { link, templateTitle, teamName } = await activeLink(deps.db, token);
  requireUsesLeft(link);
  return {
    templateTitle,
    teamName,
    branding: await signerBrandingOf(deps.db, deps.config, link.teamId),
  };
}

/** HMAC of (link, address, code) under a key of its own derived from the link key. */
const hashCode = oneTimeCodeHasher("paraphe/api direct link code v1");

/**
 * POST /direct-link/send-code: mails a fresh code to the visitor (earlier codes of this address
 * on this link die). Limited per address, per link and per client address.
 */
export async function sendDirectLinkCode(
  deps: EnvelopeDeps,
  input: SendDirectLinkCodeRequest,
  origin: RequestOrigin,
): Promise<{ sent: true; expiresInSeconds: number }> {
  const { link, templateTitle, teamName } = await activeLink(deps.db, input.token);
  requireUsesLeft(link);
  const email = input.email.toLowerCase();
  const at = deps.now();
  await hitRateLimit(deps.db, `direct-link-code:link:${link.id}`, DIRECT_LINK_CODES_PER_LINK, at);
  await hitRateLimit(deps.db, `direct-link-code:email:${email}`, DIRECT_LINK_CODES_PER_ADDRESS, at);
  if (origin.ip !== null) {
    await hitRateLimit(
      deps.db,
      `direct-link-code:ip:${origin.ip}`,
      DIRECT_LINK_CODES_PER_CLIENT,
      at,
    );
  }
  const creator = await deps.db
    .selectFrom("appUser")
    .select("preferredLanguage")
    .where("id", "=", link.createdByUserId)
    .executeTakeFirst();
  const code = generateOneTimeCode();
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .updateTable("directLinkCode")
      .set({ expiresAt: new Date(at) })
      .where("linkId", "=", link.id)
      .where("email", "=", email)
      .where("consumedAt", "is", null)
      .where("expiresAt", ">", new Date(at))
      .execute();
    await trx
      .insertInto("directLinkCode")
      .values({
        linkId: link.id,
        email,
        firstname: input.firstname.trim(),
        lastname: input.lastname.trim(),
        codeHash: hashCode(deps.linkKey, link.id, email, code),
        createdAt: new Date(at),
        expiresAt: new Date(at + ONE_TIME_CODE_TTL_MS),
      })
      .execute();
    await enqueueMail(
      trx,
      deps.mailKey,
      verificationCodeMail({
        to: email,
        language: creator?.preferredLanguage ?? "en",
        sender: { name: teamName },
        title: templateTitle,
        code,
        expiresInMinutes: ONE_TIME_CODE_TTL_MS / 60_000,
      }),
      { teamId: link.teamId },
    );
  });
  deps.wakeJobs();
  return { sent: true, expiresInSeconds: ONE_TIME_CODE_TTL_MS / 1000 };
}

type CheckOutcome =
  | { kind: "incorrect" | "expired" | "attempts" }
  | { kind: "ok"; codeId: string; firstname: string; lastname: string };

/**
 * POST /direct-link/confirm: checks the code (constant time; a wrong one counts a try, the fifth
 * kills it), then makes and sends the visitor's envelope and answers its access link; the code is
 * used up with the envelope. A link turned off, rotated, used up, over its uses per hour, a client
 * over its uses, or a team over its signature limit makes nothing and leaves the code.
 */
export async function confirmDirectLink(
  deps: EnvelopeDeps,
  input: ConfirmDirectLinkRequest,
  origin: RequestOrigin,
): Promise<ConfirmDirectLinkResponse> {
  const { link } = await activeLink(deps.db, input.token);
  requireUsesLeft(link);
  const email = input.email.toLowerCase();
  const at = deps.now();
  const outcome = await deps.db.transaction().execute(async (trx): Promise<CheckOutcome> => {
    const newest = await trx
      .selectFrom("directLinkCode")
      .selectAll()
      .where("linkId", "=", link.id)
      .where("email", "=", email)
      .where("consumedAt", "is", null)
      .orderBy("createdAt", "desc")
      .limit(1)
      .forUpdate()
      .executeTakeFirst();
    if (newest === undefined) return { kind: "incorrect" };
    const verdict = judgeOneTimeCode(
      newest,
      () => hashCode(deps.linkKey, link.id, email, input.code.trim()),
      at,
    );
    if (verdict === "wrongTry") {
      await trx
        .updateTable("directLinkCode")
        .set({ attempts: sql<number>`attempts + 1` })
        .where("id", "=", newest.id)
        .execute();
      return { kind: afterWrongTry(newest) };
    }
    if (verdict !== "ok") return { kind: verdict };
    // Used up with the envelope it makes, in the same transaction: a limit that refuses the
    // envelope leaves the code for the visitor to try again.
    return {
      kind: "ok",
      codeId: newest.id,
      firstname: newest.firstname,
      lastname: newest.lastname,
    };
  });
  if (outcome.kind !== "ok") throw codeRefusal(outcome.kind);
  // The limits count uses, not tries: checked before, counted once the envelope is made.
  const perLink = perLinkUses(link);
  const linkBucket = `direct-link-use:link:${link.id}`;
  const clientBucket = origin.ip === null ? null : `direct-link-use:ip:${origin.ip}`;
  const linkRefusal = await countRateLimitHit(deps.db, linkBucket, perLink, at);
  if (linkRefusal !== undefined) throw rateLimitedError(perLink, linkRefusal.retryAfterSeconds);
  if (clientBucket !== null) {
    const clientRefusal = await countRateLimitHit(
      deps.db,
      clientBucket,
      DIRECT_LINK_USES_PER_CLIENT,
      at,
    );
    if (clientRefusal !== undefined) {
      throw rateLimitedError(DIRECT_LINK_USES_PER_CLIENT, clientRefusal.retryAfterSeconds);
    }
  }
  let member;
  try {
    member = await requireMember(deps, link.createdByUserId);
  } catch {
    throw linkOff();
  }
  if (member.teamId !== link.teamId) throw linkOff();
  const visitor = { email, firstname: outcome.firstname, lastname: outcome.lastname };
  let signerId = "";
  const envelopeId = await createEnvelopeFromTemplate(
    deps,
    member,
    {
      templateUuid: link.templateId,
      recipients: [
        { roleUuid: link.roleId, ...visitor, phone: null },
        ...link.others.map((person) => ({
          roleUuid: person.roleId,
          email: person.email,
          firstname: person.firstname,
          lastname: person.lastname,
          phone: null,
        })),
      ],
      send: true,
    },
    origin,
    async (trx, newEnvelopeId) => {
      // The link is counted once per envelope, under its lock: a maximum is never passed.
      const locked = await trx
        .selectFrom("templateDirectLink")
        .selectAll()
        .where("id", "=", link.id)
        .forUpdate()
        .executeTakeFirst();
      if (locked === undefined || !locked.enabled || locked.tokenHash !== link.tokenHash) {
        throw linkOff();
      }
      requireUsesLeft(locked);
      // The code is used once: of two confirmations with one code, the second makes nothing.
      const consumed = await trx
        .updateTable("directLinkCode")
        .set({ consumedAt: new Date(at) })
        .where("id", "=", outcome.codeId)
        .where("consumedAt", "is", null)
        .returning("id")
        .executeTakeFirst();
      if (consumed === undefined) throw codeRefusal("incorrect");
      await trx
        .updateTable("templateDirectLink")
        .set({ uses: sql<number>`uses + 1` })
        .where("id", "=", link.id)
        .execute();
      const signer = await trx
        .selectFrom("recipient")
        .selectAll()
        .where("envelopeId", "=", newEnvelopeId)
        .where("email", "=", email)
        .where("kind", "=", "signer")
        .executeTakeFirstOrThrow();
      signerId = signer.id;
      // The visitor proved their address: it stands as the signer's check (not an SMS one, nor
      // signing in to their Paraphe account, which they still do on the signing page).
      if (signer.verification === "none" || signer.verification === "email_code") {
        const verifiedAt = new Date(at);
        await trx
          .updateTable("recipient")
          .set({ verification: "email_code", verifiedAt })
          .where("id", "=", signer.id)
          .execute();
        await appendEvent(trx, deps.activityKey, newEnvelopeId, {
          type: "signerVerified",
          at: verifiedAt.toISOString(),
          actor: {
            name: `${visitor.firstname} ${visitor.lastname}`.trim(),
            email: visitor.email,
          },
          ip: origin.ip,
          userAgent: origin.userAgent,
          data: { method: "email_code" },
        });
      }
    },
    { viaDirectLink: true },
  ).catch((error: unknown) => {
    if (
      error instanceof AppError &&
      error.code === "CONFLICT" &&
      error.fields?.some((field) => field.message === "template_not_active") === true
    ) {
      throw linkOff();
    }
    throw error;
  });
  await hitRateLimit(deps.db, linkBucket, perLink, at).catch(() => undefined);
  if (clientBucket !== null) {
    await hitRateLimit(deps.db, clientBucket, DIRECT_LINK_USES_PER_CLIENT, at).catch(
      () => undefined,
    );
  }
  const signer = await deps.db
    .selectFrom("recipient")
    .select(["id", "linkVersion"])
    .where("id", "=", signerId)
    .executeTakeFirstOrThrow();
  const token = linkToken(deps.linkKey, signer.id, signer.linkVersion);
  return { envelopeUuid: envelopeId, token, secretKey: linkSecretKey(deps.linkKey, token) };
}
