import { resources } from "@paraphe/i18n";
import { defineAppConfig } from "@paraphe/vite-config";

/**
 * The first paint's modules (React's translation binding, the app's frame, the layout, the
 * skeleton) in one chunk rather than the five small ones rolldown makes of the modules it shares
 * with later chunks: `vite preview` and many hosts serve HTTP/1.1, where a browser opens 6
 * connections to a host and the next request waits for one of them, a round trip more under Fast 3G.
 * Only these modules, not their dependencies: what the entry imports itself (the api client,
 * i18next, `src/app/start.ts`) stays in the entry, which must not wait for this chunk.
 */
const FIRST_PAINT_MODULES = [
  /[\\/]node_modules[\\/](react-i18next|use-sync-external-store)[\\/]/,
  /[\\/]node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/](shared[\\/]|context|Icon|createLucideIcon|icons[\\/](chevron-down|languages)\.)/,
  /[\\/]packages[\\/]i18n[\\/]src[\\/]react[\\/](i18n-provider|use-language)\./,
  /[\\/]packages[\\/]ui-kit[\\/]src[\\/]runtime[\\/](mount-app|page-chunk-load-guard)\./,
  /[\\/]apps[\\/]sign[\\/]src[\\/](app[\\/](app|mount|navigation)|layouts[\\/][\w-]+|lib[\\/]api|routes[\\/]route-error|features[\\/]signing[\\/]components[\\/]signing-skeleton)\.tsx?$/,
];

/**
 * What the signing page shows once the envelope is open (the page, its query client, the reader,
 * the action bar, the status and error pages, the ui-kit pieces they use), in one chunk rather than
 * the eleven rolldown makes of it, for the same reason: `main.tsx` asks for it once the attestation
 * checker is there, and under HTTP/1.1 eleven requests come in two waves of six, the second one
 * landing with the open call's answer. Not the signature dialog's own chunk, which comes when it
 * opens, nor what every page shares (the button and its class helpers, the notifications), which
 * the not-found and error pages would then download with it. The signing feature's modules are
 * matched by folder, so that a new one lands here (one left to a chunk of its own broke the page's
 * exports under rolldown).
 */
const SIGNING_PAGE_MODULES = [
  /[\\/]node_modules[\\/](@tanstack[\\/](query-core|react-query)|@radix-ui[\\/](?!react-slot|react-compose-refs)[\w-]+|react-remove-scroll|react-remove-scroll-bar|use-callback-ref|use-sidecar|get-nonce|react-style-singleton|aria-hidden)[\\/]/,
  /[\\/]node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/](circle-check|download|file-x|link-2-off|wifi-off|ban|calendar-x|circle-x|clock|file-clock|check|minus|pen-line|x|book-open-check|user-round-check|paperclip)\./,
  /[\\/]packages[\\/]ui-kit[\\/]src[\\/](components[\\/](dialog|checkbox|badge|skeleton|input|form-field|select|radio-group))\./,
  /[\\/]apps[\\/]sign[\\/]src[\\/](app[\\/]signed-area|routes[\\/](sign|direct-link)|domain[\\/](download|embed))\.tsx?$/,
  // A template's direct link's page (`/d/<token>`): with the signing page it leads to (a chunk of
  // its own broke its exports under rolldown, as above).
  /[\\/]apps[\\/]sign[\\/]src[\\/]features[\\/]direct-link[\\/][\w\\/-]+(?<!\.test)\.tsx?$/,
  // Every module of the signing feature but the signature dialog's own and the qualified
  // signature's (their chunks come when they open), the skeleton (first paint) and the loaders
  // the entry imports: a new module of the page joins this chunk by itself.
  /[\\/]apps[\\/]sign[\\/]src[\\/]features[\\/]signing[\\/](?!load\.|components[\\/](signature-dialog|signature-input|signature-pad-canvas|signing-skeleton|qualified-signature-dialog)\.|lib[\\/]render-signature\.)[\w\\/-]+(?<!\.test)\.tsx?$/,
];

export default defineAppConfig({
  port: 5174,
  chunkLoadMessages: { en: resources.en.common.chunkLoad, fr: resources.fr.common.chunkLoad },
  // The api build's attestation reference values, pinned into this app (see its README).
  referenceValuesFile: "../api/dist/reference-values.json",
  // Signing links carry their secret in the fragment, which is never sent; send no referrer at all.
  referrerPolicy: "no-referrer",
  // The attestation checker, which the handshake's second request waits for: small since it reads
  // the AMD certificates with its own DER reader (no X.509 library), so index.html preloads it with
  // the entry instead of asking for it once the entry has run, a round trip earlier.
  firstWaveModules: ["../../packages/attestation/src/index.ts"],
  // Embedded signing (`/embed/...`): `vite preview` answers each page with the frame-ancestors its
  // team allows, asked of the api (`tooling/vite/embedded-pages.js`).
  embeddedPages: true,
  build: {
    rolldownOptions: {
      output: {
        // React changes less often than the app: a separate chunk stays cached.
        codeSplitting: {
          groups: [
            {
              name: "react",
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/,
            },
            // zod with the configuration that keeps it from probing `new Function` (zod-jitless.ts,
            // which the Content-Security-Policy would refuse): set as this chunk runs, so before
            // any chunk that builds a schema (an object schema probes as it is built) can run,
            // whichever chunks the contract's schemas are split into.
            {
              name: "zod",
              test: /[\\/]node_modules[\\/]zod[\\/]|[\\/]src[\\/]app[\\/]zod-jitless\.ts$/,
            },
            // tslib's helpers (react-remove-scroll's), shared by the signing page's chunk and the
            // workspace's: in a chunk of their own, as when the attestation checker's X.509
            // library shared them too. Left to rolldown, they land in the workspace's chunk, whose
            // namespace export it then leaves undefined, and the page does not load.
            {
              name: "tslib",
              test: /[\\/]node_modules[\\/]tslib[\\/]/,
            },
            {
              name: "first-paint",
              includeDependenciesRecursively: false,
              test: (id: string) => FIRST_PAINT_MODULES.some((pattern) => pattern.test(id)),
            },
            {
              name: "signing-page",
              includeDependenciesRecursively: false,
              test: (id: string) => SIGNING_PAGE_MODULES.some((pattern) => pattern.test(id)),
            },
          ],
        },
      },
    },
  },
});
