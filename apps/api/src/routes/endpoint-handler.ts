import type { Endpoint } from "@paraphe/api-sdk/contract";
import type { Context } from "hono";
import type { z } from "zod";
import { requireSessionCaller, type Caller } from "../auth/caller";
import type { AppDeps } from "../deps";
import type { AppEnv } from "../http/context";
import { requireMember, type Member } from "../membership/members";
import { requireTemplateCaller } from "../templates/template-caller";
import { embedTokenRefused, requireEmbedTokenMember } from "../embedding/embed-tokens";

/**
 * Who may call an endpoint, and what the binder hands its handler for it. Every call is sealed and
 * signed (the tunnel checks that before any route); the credential says which signature a handler
 * needs beyond that:
 * - `app`: the app's credential is enough (the sign-in calls and what an invitation token opens);
 * - `link`: the app's credential; the access link in the body authorises, and the domain checks it;
 * - `directLink`: the app's credential; a template's direct link token in the body authorises a
 *   visitor (who has no access link yet), and the domain checks it;
 * - `session`: a signed-in person, in a team or not (AUTHENTICATION_ERROR otherwise);
 * - `member`: a signed-in member of a team (FORBIDDEN for a person without a team);
 * - `memberOrKey`: a signed-in member, or a team API key in its creator's name with its own rules
 *   (the template calls); a key's call takes one API credit of the team's plan first;
 * - `memberOrEmbed`: a signed-in member, or an embed token (issue 30) for the draft envelope the
 *   body's `envelopeUuid` names, the token's own (the editor's envelope calls);
 * - `memberKeyOrEmbed`: what `memberOrKey` takes, or an embed token for the template the body's
 *   `templateUuid` names, the token's own (the editor's template calls).
 * An embed token gets FORBIDDEN from every other member call, and NOT_FOUND for another document.
 */
export interface CredentialGrants {
  app: object;
  link: object;
  directLink: object;
  session: { caller: SessionCaller };
  member: { caller: SessionCaller; member: Member };
  memberOrKey: { member: Member };
  memberOrEmbed: { member: Member };
  memberKeyOrEmbed: { member: Member };
}
export type Credential = keyof CredentialGrants;

type SessionCaller = Extract<Caller, { kind: "session" }>;

/** What a handler gets: the valid request body, its domain's dependencies, the caller's grant. */
export type HandlerArgs<E extends Endpoint, K extends Credential, D> = CredentialGrants[K] & {
  input: z.output<E["request"]>;
  deps: D;
  /** The request's context, for what the call itself says (client address, user agent). */
  c: Context<AppEnv>;
};

/** The handler of one contract endpoint: the binder validates, guards, calls it, and parses its answer. */
export interface EndpointHandler<
  E extends Endpoint = Endpoint,
  K extends Credential = Credential,
  D = unknown,
> {
  readonly endpoint: E;
  readonly credential: K;
  /** Its domain's slice of the app's dependencies (`deps.ts`). */
  readonly deps: (app: AppDeps) => D;
  /** The answer before the contract's response schema parses it (unknown keys are dropped then). */
  handle(args: HandlerArgs<E, K, D>): Promise<z.input<E["response"]>>;
}

/**
 * The handler of `endpoint`, called by `credential` callers; a route module exports it, and the
 * route table (`route-table.ts`) binds it.
 */
export function handler<E extends Endpoint, K extends Credential, D>(
  endpoint: E,
  credential: K,
  deps: (app: AppDeps) => D,
  handle: NoInfer<(args: HandlerArgs<E, K, D>) => Promise<z.input<E["response"]>>>,
): EndpointHandler<E, K, D> {
  return { endpoint, credential, deps, handle };
}

/** What the guards read: the database, the team seat default, the clock. */
export type GuardDeps = Parameters<typeof requireTemplateCaller>[0];

/**
 * The caller's grant for `credential`, resolved once before the handler runs (`input`, the valid
 * body, names the document an embed token must own); AUTHENTICATION_ERROR, FORBIDDEN, NOT_FOUND or
 * API_CREDITS_EXHAUSTED when the caller does not hold it.
 */
export async function grantOf<K extends Credential>(
  credential: K,
  deps: GuardDeps,
  c: Context<AppEnv>,
  input?: unknown,
): Promise<CredentialGrants[K]> {
  const grant = await resolveGrant(credential, deps, c, input);
  return grant as CredentialGrants[K];
}

/** The body's field `key`, if the body is an object. */
function fieldOf(input: unknown, key: string): unknown {
  return typeof input === "object" && input !== null
    ? (input as Record<string, unknown>)[key]
    : undefined;
}

async function resolveGrant(
  credential: Credential,
  deps: GuardDeps,
  c: Context<AppEnv>,
  input: unknown,
): Promise<CredentialGrants[Credential]> {
  const caller = c.get("caller");
  if (caller?.kind === "embedToken") {
    // The editor's calls on the token's own document, and nothing else.
    if (credential === "memberOrEmbed") {
      const documentUuid = fieldOf(input, "envelopeUuid");
      return { member: await requireEmbedTokenMember(deps, caller, "envelope", documentUuid) };
    }
    if (credential === "memberKeyOrEmbed") {
      const documentUuid = fieldOf(input, "templateUuid");
      return { member: await requireEmbedTokenMember(deps, caller, "template", documentUuid) };
    }
    throw embedTokenRefused();
  }
  switch (credential) {
    case "app":
    case "link":
    case "directLink":
      return {};
    case "session":
      return { caller: requireSessionCaller(c) };
    case "member": {
      const caller = requireSessionCaller(c);
      return { caller, member: await requireMember(deps, caller.userId) };
    }
    case "memberOrEmbed": {
      const caller = requireSessionCaller(c);
      return { member: await requireMember(deps, caller.userId) };
    }
    case "memberOrKey":
    case "memberKeyOrEmbed":
      return { member: await requireTemplateCaller(deps, c) };
  }
}

/** Row helpers of the route table: each says the credential and accepts only a handler of it. */
function bindAs<K extends Credential>(credential: K) {
  return <E extends Endpoint, D>(bound: EndpointHandler<E, K, D>): EndpointHandler<E, K, D> => {
    if (bound.credential !== credential) {
      throw new Error(
        `${bound.endpoint.path} is a ${bound.credential} handler, bound as ${credential}`,
      );
    }
    return bound;
  };
}
export const app = bindAs("app");
export const link = bindAs("link");
export const directLink = bindAs("directLink");
export const session = bindAs("session");
export const member = bindAs("member");
export const memberOrKey = bindAs("memberOrKey");
export const memberOrEmbed = bindAs("memberOrEmbed");
export const memberKeyOrEmbed = bindAs("memberKeyOrEmbed");
