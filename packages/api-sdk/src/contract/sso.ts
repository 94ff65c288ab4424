import { z } from "zod";
import { emailSchema, loginResponseSchema } from "./identity";

/**
 * Requests and answers of single sign-on with OpenID Connect (spec §2 `/settings/sso`,
 * `/auth/oidc`, §3 SSO configuration, §5 SSO form, §8 OIDC errors): one configuration per team,
 * read and changed by those allowed to update the team (Owner, Admin), and the two public calls of
 * the login (app-level credential). The client secret is write-only: no answer carries it.
 */

export const SSO_URL_MAX_LENGTH = 2048;
export const SSO_CLIENT_ID_MAX_LENGTH = 255;
export const SSO_CLIENT_SECRET_MAX_LENGTH = 1024;
/** A return path (where the web app goes after the login): a path of the web app. */
export const SSO_RETURN_PATH_MAX_LENGTH = 512;
/** The callback query the `/auth/oidc` page received, as it received it (`?code=...&state=...`). */
export const SSO_CALLBACK_QUERY_MAX_LENGTH = 4096;

/** The browser binding of a login (`/auth/oidc/start` answers 43 characters). */
export const SSO_BROWSER_BINDING_MAX_LENGTH = 128;
/** The longest DNS name. */
export const SSO_DOMAIN_MAX_LENGTH = 253;
/** The most email domains a team may claim for single sign-on. */
export const SSO_DOMAINS_PER_TEAM = 20;

const uuid = z.uuid();
const isoDate = z.iso.datetime();

/**
 * An http or https URL. The api refuses `http:` outside development and test (`insecure_url` on
 * the field), so a production configuration only talks to its identity provider over TLS.
 */
export const ssoUrlSchema = z
  .string({ error: "required" })
  .trim()
  .min(1, { error: "required" })
  .max(SSO_URL_MAX_LENGTH, { error: "too_long" })
  .pipe(z.url({ protocol: /^https?$/, error: "invalid_url" }));

/**
 * A URL some identity providers do not publish (Microsoft Entra ID has no revocation endpoint):
 * empty or absent is null; otherwise as `ssoUrlSchema`.
 */
const httpUrl = z.url({ protocol: /^https?$/ });
export const ssoOptionalUrlSchema = z
  .string()
  .trim()
  .max(SSO_URL_MAX_LENGTH, { error: "too_long" })
  .refine((value) => value === "" || httpUrl.safeParse(value).success, { error: "invalid_url" })
  .nullable()
  .optional()
  .transform((value) => (value ? value : null));

const clientIdSchema = z
  .string({ error: "required" })
  .trim()
  .min(1, { error: "required" })
  .max(SSO_CLIENT_ID_MAX_LENGTH, { error: "too_long" });

const clientSecretSchema = z
  .string()
  .min(1, { error: "required" })
  .max(SSO_CLIENT_SECRET_MAX_LENGTH, { error: "too_long" });

/**
 * The URLs of an identity provider. Spec §5 requires all of them; the userinfo and revocation URLs
 * are optional here, because providers the tutorials cover publish none (Microsoft Entra ID has no
 * revocation endpoint): Paraphe reads the email from the ID token and revokes nothing.
 */
export const ssoEndpointsSchema = z.object({
  issuerUrl: ssoUrlSchema,
  authorizationUrl: ssoUrlSchema,
  tokenUrl: ssoUrlSchema,
  userinfoUrl: ssoOptionalUrlSchema,
  revocationUrl: ssoOptionalUrlSchema,
  jwksUrl: ssoUrlSchema,
});
export type SsoEndpoints = z.infer<typeof ssoEndpointsSchema>;

/** A team's configuration as the settings page shows it: never the secret itself. */
export const ssoConfigurationSchema = ssoEndpointsSchema.extend({
  clientId: z.string(),
  /** Always true once saved: a secret is stored (encrypted), and never sent back. */
  hasClientSecret: z.boolean(),
  enabled: z.boolean(),
  /** The role a person joins the team with at their first login through SSO. */
  defaultRoleUuid: uuid,
  /** The address to register at the identity provider as the redirect (callback) URL. */
  callbackUrl: z.string(),
  createdAt: isoDate,
  updatedAt: isoDate,
});
export type SsoConfiguration = z.infer<typeof ssoConfigurationSchema>;

// POST /sso/get: the team's configuration, or null when none was saved.
export const getSsoRequestSchema = z.object({});
export const getSsoResponseSchema = z.object({
  configuration: ssoConfigurationSchema.nullable(),
  /** The address to register at the identity provider, even before anything is saved. */
  callbackUrl: z.string(),
});
export type GetSsoResponse = z.infer<typeof getSsoResponseSchema>;

// POST /sso/save: creates or replaces the configuration.
export const saveSsoRequestSchema = ssoEndpointsSchema.extend({
  clientId: clientIdSchema,
  /** Required at the first save; left out afterwards, the stored secret is kept. */
  clientSecret: clientSecretSchema.optional(),
  enabled: z.boolean(),
  /** Left out: the managed Member role. */
  defaultRoleUuid: uuid.optional(),
});
export type SaveSsoRequest = z.input<typeof saveSsoRequestSchema>;
export const saveSsoResponseSchema = z.object({ configuration: ssoConfigurationSchema });
export type SaveSsoResponse = z.infer<typeof saveSsoResponseSchema>;

// POST /sso/discover: the issuer's discovery document, to prefill the form.
export const discoverSsoRequestSchema = z.object({ issuerUrl: ssoUrlSchema });
export type DiscoverSsoRequest = z.input<typeof discoverSsoRequestSchema>;
/** The URLs the discovery document names; one it does not name is null (to enter by hand). */
export const discoverSsoResponseSchema = z.object({
  issuerUrl: z.string(),
  authorizationUrl: z.string().nullable(),
  tokenUrl: z.string().nullable(),
  userinfoUrl: z.string().nullable(),
  revocationUrl: z.string().nullable(),
  jwksUrl: z.string().nullable(),
});
export type DiscoverSsoResponse = z.infer<typeof discoverSsoResponseSchema>;

// POST /sso/delete: the configuration is removed (single sign-on stops for the team).
export const deleteSsoRequestSchema = z.object({});
export const deleteSsoResponseSchema = z.object({ deleted: z.literal(true) });

/** A path of the web app to return to after the login (`/`, `/documents?x=1`); never another host. */
export const ssoReturnPathSchema = z
  .string()
  .max(SSO_RETURN_PATH_MAX_LENGTH, { error: "too_long" })
  .regex(/^\/(?![/\\])[^\s]*$/, { error: "invalid" });

// POST /auth/oidc/start (app-level credential)
export const oidcStartRequestSchema = z.object({
  email: emailSchema,
  /** Where the web app goes after a successful login; `/` when left out. */
  returnPath: ssoReturnPathSchema.optional(),
});
export type OidcStartRequest = z.input<typeof oidcStartRequestSchema>;
export const oidcStartResponseSchema = z.object({
  /** The identity provider's authorization URL to send the browser to. */
  authorizationUrl: z.string(),
  /**
   * A random value the browser that started the login keeps (sessionStorage) and sends with the
   * callback: a callback opened in another browser is refused (login CSRF).
   */
  browserBinding: z.string(),
});
export type OidcStartResponse = z.infer<typeof oidcStartResponseSchema>;

// POST /auth/oidc/callback (app-level credential): answered like /authentication/verify-code.
export const oidcCallbackRequestSchema = z.object({
  /** The query string the `/auth/oidc` page was opened with, `?` included or not. */
  query: z
    .string()
    .min(1, { error: "required" })
    .max(SSO_CALLBACK_QUERY_MAX_LENGTH, { error: "too_long" }),
  /** The `browserBinding` `/auth/oidc/start` answered to this browser. */
  browserBinding: z
    .string({ error: "required" })
    .min(1, { error: "required" })
    .max(SSO_BROWSER_BINDING_MAX_LENGTH, { error: "too_long" }),
});
export type OidcCallbackRequest = z.input<typeof oidcCallbackRequestSchema>;
/** What verify-code answers (the session credential), and the return path given at the start. */
export const oidcCallbackResponseSchema = loginResponseSchema.extend({ returnPath: z.string() });
export type OidcCallbackResponse = z.infer<typeof oidcCallbackResponseSchema>;

/**
 * An email domain (`example.com`, `eu.example.org`): lower-case ASCII labels (an international
 * domain in its `xn--` form), at least two of them.
 */
export const ssoDomainNameSchema = z
  .string({ error: "required" })
  .trim()
  .toLowerCase()
  .min(1, { error: "required" })
  .max(SSO_DOMAIN_MAX_LENGTH, { error: "too_long" })
  .regex(/^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/, {
    error: "invalid_domain",
  })
  .refine((domain) => /[a-z]/.test(domain.slice(domain.lastIndexOf(".") + 1)), {
    error: "invalid_domain",
  });

/**
 * A domain a team claims for single sign-on. Until it is verified (the TXT record `recordValue`
 * found at `recordName`), the team's identity provider signs in nobody new at it; a verified
 * domain belongs to this team only.
 */
export const ssoDomainSchema = z.object({
  uuid,
  domain: z.string(),
  status: z.enum(["pending", "verified"]),
  /** Where to publish the TXT record: `_paraphe.<domain>`. */
  recordName: z.string(),
  /** The TXT record's value: `paraphe-verification=<token>`. */
  recordValue: z.string(),
  verifiedAt: isoDate.nullable(),
  createdAt: isoDate,
});
export type SsoDomain = z.infer<typeof ssoDomainSchema>;

// POST /sso/list-domains: the team's claimed domains, oldest first.
export const listSsoDomainsRequestSchema = z.object({});
export const listSsoDomainsResponseSchema = z.object({ domains: z.array(ssoDomainSchema) });
export type ListSsoDomainsResponse = z.infer<typeof listSsoDomainsResponseSchema>;

// POST /sso/add-domain: claims a domain (pending until verified); public mail domains are refused.
export const addSsoDomainRequestSchema = z.object({ domain: ssoDomainNameSchema });
export type AddSsoDomainRequest = z.input<typeof addSsoDomainRequestSchema>;
export const ssoDomainResponseSchema = z.object({ domain: ssoDomainSchema });
export type SsoDomainResponse = z.infer<typeof ssoDomainResponseSchema>;

// POST /sso/verify-domain: looks up the domain's TXT record; verified when it holds the value.
export const verifySsoDomainRequestSchema = z.object({ domainUuid: uuid });
export type VerifySsoDomainRequest = z.input<typeof verifySsoDomainRequestSchema>;

// POST /sso/remove-domain: the domain is no longer the team's.
export const removeSsoDomainRequestSchema = z.object({ domainUuid: uuid });
export type RemoveSsoDomainRequest = z.input<typeof removeSsoDomainRequestSchema>;
export const removeSsoDomainResponseSchema = z.object({ deleted: z.literal(true) });
