import { resources } from "@paraphe/i18n";
import { defineAppConfig } from "@paraphe/vite-config";

/**
 * The first paint's modules (React's translation binding, the app's frame, the layout, the
 * skeleton, the team's branding, which every page's frame reads) in one chunk rather than the
 * five small ones rolldown makes of the modules it shares with later chunks: `vite preview` and
 * many hosts serve HTTP/1.1, where a browser opens 6 connections to a host and the next request
 * waits for one of them, a round trip more under Fast 3G.
 * Only these modules, not their dependencies: what the entry imports itself (the api client,
 * i18next, `src/app/start.ts`) stays in the entry, which must not wait for this chunk.
 */
const FIRST_PAINT_MODULES = [
  /[\\/]node_modules[\\/](react-i18next|use-sync-external-store)[\\/]/,
  /[\\/]node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/](shared[\\/]|context|Icon|createLucideIcon|icons[\\/](chevron-down|languages)\.)/,
  /[\\/]packages[\\/]i18n[\\/]src[\\/]react[\\/](i18n-provider|use-language)\./,
  /[\\/]packages[\\/]ui-kit[\\/]src[\\/]runtime[\\/](mount-app|page-chunk-load-guard)\./,
  /[\\/]apps[\\/]sign[\\/]src[\\/](app[\\/](app|mount|navigation)|layouts[\\/][\w-]+|lib[\\/](api|branding)|routes[\\/]route-error|features[\\/]signing[\\/]components[\\/]signing-skeleton)\.tsx?$/,
];

/**
 * What the signing page shows first once the envelope is open (the page's code, the first page's
 * view: header, pages, fields' outlines, the action bar with the reading progress; the status and
 * error pages' frame), in one chunk rather than the many rolldown makes of it: `main.tsx` asks for
 * it once the attestation checker is there, and it arrives during the handshake's round trips.
 * Not TanStack Query nor the workspace (`SIGNING_WORKSPACE_MODULES`), which come once the first
 * page shows, nor what every page shares (the button and its class helpers), which the not-found
 * and error pages would then download with it.
 */
const SIGNING_PAGE_MODULES = [
  /[\\/]node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/](circle-check|file-x|link-2-off|wifi-off|file-clock|pen-line|book-open-check|user-round-check)\./,
  /[\\/]packages[\\/]ui-kit[\\/]src[\\/](components[\\/](badge|skeleton))\./,
  /[\\/]apps[\\/]sign[\\/]src[\\/](app[\\/]signed-area|routes[\\/]sign|domain[\\/]embed|lib[\\/]visit)\.tsx?$/,
  /[\\/]apps[\\/]sign[\\/]src[\\/]features[\\/]signing[\\/](load|components[\\/](signing-page|first-page-view|page-frame|document-reader|envelope-header|action-bar|completed-field-overlay|field-box|access-error-page|status-panel|touch-area)|lib[\\/](envelope-state|field-values|signing-intent|access-error))\.tsx?$/,
];

/**
 * The signing page's workspace, asked for once the first page shows (`signing-page.tsx`): TanStack
 * Query and the page's queries, the action bar's work, the dialogs (decline, delegate,
 * verification), the fields' inputs (Radix checkbox, select, radio group), the status pages, in
 * one chunk rather than the eleven rolldown makes of it. Not the signature dialog's own chunk, nor
 * the qualified signature's, which come when they open. The signing feature's modules are matched
 * by folder, so that a new one lands here (one left to a chunk of its own broke the page's exports
 * under rolldown); the first page's modules above are taken first.
 */
const SIGNING_WORKSPACE_MODULES = [
  /[\\/]node_modules[\\/](@tanstack[\\/](query-core|react-query)|@radix-ui[\\/](?!react-slot|react-compose-refs)[\w-]+|react-remove-scroll|react-remove-scroll-bar|use-callback-ref|use-sidecar|get-nonce|react-style-singleton|aria-hidden)[\\/]/,
  /[\\/]node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/](download|ban|calendar-x|circle-x|clock|check|minus|x|paperclip)\./,
  /[\\/]packages[\\/]ui-kit[\\/]src[\\/](components[\\/](dialog|checkbox|input|form-field|select|radio-group))\./,
  /[\\/]apps[\\/]sign[\\/]src[\\/](app[\\/]query-area|routes[\\/]direct-link|domain[\\/]download)\.tsx?$/,
  // A template's direct link's page (`/d/<token>`): with the signing page it leads to (a chunk of
  // its own broke its exports under rolldown, as above).
  /[\\/]apps[\\/]sign[\\/]src[\\/]features[\\/]direct-link[\\/][\w\\/-]+(?<!\.test)\.tsx?$/,
  // Every other module of the signing feature but the signature dialog's own and the qualified
  // signature's (their chunks come when they open) and the skeleton (first paint).
  /[\\/]apps[\\/]sign[\\/]src[\\/]features[\\/]signing[\\/](?!components[\\/](signature-dialog|signature-input|signature-pad-canvas|signing-skeleton|qualified-signature-dialog)\.|lib[\\/]render-signature\.)[\w\\/-]+(?<!\.test)\.tsx?$/,
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
            {
              name: "signing-workspace",
              includeDependenciesRecursively: false,
              test: (id: string) =>
                SIGNING_WORKSPACE_MODULES.some((pattern) => pattern.test(id)) &&
                !SIGNING_PAGE_MODULES.some((pattern) => pattern.test(id)),
            },
          ],
        },
      },
    },
  },
});
