import type { ApiClient, ApiClientOptions } from "@paraphe/api-sdk";
import type { AttestationStorage } from "@paraphe/attestation";
import type { ReferenceValuesSetting } from "@paraphe/attestation/pinning";
import type { TunnelClient } from "@paraphe/tunnel-client";
import { createLazyWebApi } from "./lazy-web-api";
import type * as WebApiClient from "./web-api-client";

// What this module imports of the api client is types only: it is part of the first load, and the
// client's code (the contract's schemas, zod, the tunnel and its HPKE) is a chunk of its own
// (`web-api-client.ts`).

/** The one api client of the web app: typed calls through the tunnel, signed with the right credential. */
export type WebApi = ApiClient;

interface CreateWebApiBaseOptions {
  apiUrl: string;
  appCredential: { accessKey: string; secretKey: string };
  /** The current language, sent as Accept-Language. */
  language: () => string | undefined;
  /** A member call answered 401 AUTHENTICATION_ERROR (spec §8). */
  onAuthenticationError: ApiClientOptions["onAuthenticationError"];
  /** The W3C trace context of each call, when telemetry runs (README "Telemetry"). */
  traceparent?: () => string | undefined;
  /**
   * The credential of member calls instead of the stored session's: the embedded editor's token
   * (`/embed/edit/...`), which opens no session.
   */
  credential?: ApiClientOptions["credential"];
}

export type CreateWebApiOptions = CreateWebApiBaseOptions &
  (
    | {
        /** A tunnel to use instead of the real one (tests). */
        tunnel: TunnelClient;
      }
    | {
        /**
         * The reference values the server's evidence is checked against: by default those pinned
         * into this build (`import.meta.env.PARAPHE_REFERENCE_VALUES`, read by the client's chunk,
         * so that their reader is not part of the first load), never taken from the server unless
         * the build says `"fetch-from-server"` (a development option).
         */
        referenceValues?: ReferenceValuesSetting;
        fetch?: typeof globalThis.fetch;
        /** Where attestation records go; `localStorage` by default. */
        attestationStorage?: () => AttestationStorage;
      }
  );

/**
 * The api client's chunk. Undefined when it failed to load and the chunk-load guard reloads the
 * page. The entry asks for it as soon as it runs (`main.tsx`), while the texts download.
 */
export const loadWebApiClient = async (): Promise<typeof WebApiClient | undefined> =>
  import("./web-api-client");

/**
 * Builds the web app's api client (`web-api-client.ts`: the tunnel checks the server's evidence
 * against the reference values pinned into this app, member calls are signed with the stored
 * session credential, public calls with the app credential). The client is usable at once: its
 * calls wait for its chunk (`loadWebApiClient`), which downloads in parallel with the first render.
 */
export function createWebApi(options: CreateWebApiOptions): WebApi {
  return createLazyWebApi(async () => (await loadWebApiClient())?.createWebApiClient(options));
}
