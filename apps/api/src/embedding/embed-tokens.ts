import type { CreateEmbedTokenResponse } from "@paraphe/api-sdk/contract";
import { buildAbility, heldRules } from "@paraphe/permissions";
import type { Kysely } from "kysely";
import type { Caller } from "../auth/caller";
import {
  embedTokenAccessKeyHash,
  embedTokenSecretKey,
  isEmbedTokenAccessKey,
  newEmbedTokenAccessKey,
} from "../auth/embed-token-credentials";
import type { Database } from "../db/database";
import {
  envelopeNotFound,
  findEnvelopeForMember,
  templateNotFound,
} from "../envelopes/envelope-access";
import { AppError } from "../errors/app-error";
import { requireMember, type Member } from "../membership/members";
import { findTemplateForMember } from "../templates/template-access";

/*
 * Embedded preparing (issue 30): a short-lived token that opens the document editor for one draft
 * envelope or one template, in a frame of the team's site. The team's server asks for it with its
 * API key (or a member with their session); the token signs the editor's calls with a credential of
 * its own kind (`auth/embed-token-credentials.ts`), never a team session. Its calls act in the name
 * of the member who made it (for a key, the key's creator), with that member's current role limited
 * to reading and updating that one document, and reach only the routes bound `memberOrEmbed` or
 * `memberKeyOrEmbed` (`routes/endpoint-handler.ts`).
 */

export interface EmbedTokenDeps {
  db: Kysely<Database>;
  /** The key embed token secret keys derive from (`deriveEmbedTokenCredentialKey`). */
  embedTokenCredentialKey: Buffer;
  now: () => number;
}

/** The caller signing with an embed token. */
export type EmbedTokenCaller = Extract<Caller, { kind: "embedToken" }>;

/** Which document a token opens: a draft envelope or a template. */
export type EmbeddedDocumentKind = "envelope" | "template";

const SUBJECTS = { envelope: "Envelope", template: "Template" } as const;

/**
 * A new token for the draft or template `input` names, valid `expiresIn` seconds. The caller must
 * be allowed to update that document: a member by their role; an API key by its own rules (the
 * `update` or `manage` permission) and its creator's role. A sent envelope is CONFLICT.
 */
export async function createEmbedToken(
  deps: EmbedTokenDeps,
  caller: Member,
  input: {
    envelopeUuid?: string | undefined;
    templateUuid?: string | undefined;
    expiresIn: number;
  },
): Promise<CreateEmbedTokenResponse> {
  // An API key acts with its templates-only rules; what the token may do is decided by the key's
  // creator's role, and the key must itself be one that changes documents.
  let member = caller;
  if (caller.apiKey !== undefined) {
    if (!caller.ability.can("update", "Template")) {
      throw new AppError("FORBIDDEN", {
        message: "This API key may not change documents: it cannot open the editor.",
        suggestion: "Use a key with the update or manage permission.",
      });
    }
    member = await requireMember(deps, caller.userId);
  }
  let envelopeId: string;
  if (input.templateUuid !== undefined) {
    envelopeId = (await findTemplateForMember(deps, member, input.templateUuid, "update")).id;
  } else {
    const envelope = await findEnvelopeForMember(deps, member, input.envelopeUuid ?? "", "update");
    if (envelope.status !== "draft") {
      throw new AppError("CONFLICT", {
        message: "This envelope has been sent: only a draft opens in the editor.",
        reason: "not_a_draft",
      });
    }
    envelopeId = envelope.id;
  }
  const accessKey = newEmbedTokenAccessKey();
  const expiresAt = new Date(deps.now() + input.expiresIn * 1000);
  await deps.db
    .insertInto("embedToken")
    .values({
      accessKeyHash: embedTokenAccessKeyHash(accessKey),
      teamId: member.teamId,
      envelopeId,
      createdByUserId: member.userId,
      apiKeyId: caller.apiKey?.id ?? null,
      expiresAt,
    })
    .execute();
  return {
    token: `${accessKey}.${embedTokenSecretKey(deps.embedTokenCredentialKey, accessKey)}`,
    expiresAt: expiresAt.toISOString(),
  };
}

/**
 * The member an embed token's call acts as, for a call on the `kind` document `documentUuid`:
 * NOT_FOUND unless it is the token's own document (the answer any other record gets, so that the
 * token tells nothing of the team's other documents); AUTHENTICATION_ERROR once the token has
 * expired or the key that made it is revoked; FORBIDDEN when its creator has left the team. The
 * member's ability is their current role's, limited to reading and updating that kind of document.
 */
export async function requireEmbedTokenMember(
  deps: Pick<EmbedTokenDeps, "db" | "now">,
  caller: EmbedTokenCaller,
  kind: EmbeddedDocumentKind,
  documentUuid: unknown,
): Promise<Member> {
  const token = await deps.db
    .selectFrom("embedToken")
    .innerJoin("envelope", "envelope.id", "embedToken.envelopeId")
    .select([
      "embedToken.envelopeId",
      "embedToken.teamId",
      "embedToken.createdByUserId",
      "embedToken.apiKeyId",
      "embedToken.expiresAt",
      "envelope.kind",
    ])
    .where("embedToken.id", "=", caller.embedTokenId)
    .executeTakeFirst();
  if (token === undefined || token.expiresAt.getTime() <= deps.now()) {
    throw new AppError("AUTHENTICATION_ERROR", {
      message: "This editor link has expired.",
      suggestion: "Open the editor again from the site that showed it.",
    });
  }
  if (
    typeof documentUuid !== "string" ||
    documentUuid.toLowerCase() !== token.envelopeId ||
    token.kind !== kind
  ) {
    throw kind === "template" ? templateNotFound() : envelopeNotFound();
  }
  if (token.apiKeyId !== null) {
    const key = await deps.db
      .selectFrom("apiKey")
      .select("status")
      .where("id", "=", token.apiKeyId)
      .executeTakeFirst();
    if (key?.status !== "active") throw new AppError("AUTHENTICATION_ERROR");
  }
  const member = await requireMember(deps, token.createdByUserId);
  if (member.teamId !== token.teamId) {
    throw new AppError("FORBIDDEN", {
      message: "The member who opened this editor is no longer in the team.",
    });
  }
  return {
    ...member,
    ability: buildAbility(
      heldRules(member.ability, [{ action: ["read", "update"], subject: SUBJECTS[kind] }]),
    ),
  };
}

/** FORBIDDEN: a call outside the editor's, signed with an embed token. */
export function embedTokenRefused(): AppError {
  return new AppError("FORBIDDEN", {
    message: "An editor link opens its one document in the editor, and nothing else.",
  });
}

/**
 * The origins that may frame the embedded editor of a token (its team's allowed origins); empty
 * for an unknown or expired token.
 */
export async function editorFrameAncestors(
  deps: Pick<EmbedTokenDeps, "db" | "now">,
  accessKey: string,
): Promise<string[]> {
  if (!isEmbedTokenAccessKey(accessKey)) return [];
  const row = await deps.db
    .selectFrom("embedToken")
    .innerJoin("teamEmbedding", "teamEmbedding.teamId", "embedToken.teamId")
    .select("teamEmbedding.origins")
    .where("embedToken.accessKeyHash", "=", embedTokenAccessKeyHash(accessKey))
    .where("embedToken.expiresAt", ">", new Date(deps.now()))
    .executeTakeFirst();
  return row?.origins ?? [];
}
