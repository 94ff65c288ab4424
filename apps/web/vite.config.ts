import { fileURLToPath } from "node:url";
import { resources } from "@paraphe/i18n";
import { defineAppConfig } from "@paraphe/vite-config";
import { mergeConfig } from "vite";

/** A translation module of @paraphe/i18n: one language (1) of one namespace (2). */
const TEXTS_MODULE = /[\\/]i18n[\\/]src[\\/]resources[\\/](en|fr)[\\/](\w+)\.ts$/;

/** The modules of the `common` chunk (see below): shared by the first page and most routes. */
const COMMON_MODULES = new RegExp(
  [
    String.raw`[\\/]node_modules[\\/](clsx|class-variance-authority)[\\/]`,
    String.raw`[\\/]node_modules[\\/]@radix-ui[\\/]react-(slot|primitive|compose-refs|label)[\\/]`,
    String.raw`[\\/]node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/](?!icons[\\/])`,
    // The ui-kit's controls of the login page, their classes joined without tailwind-merge (`cx`).
    String.raw`[\\/]packages[\\/]ui-kit[\\/]src[\\/](lib[\\/]cx|components[\\/](plain-button|card|plain-input|form-field|spinner))\.tsx?$`,
    String.raw`[\\/]packages[\\/]i18n[\\/]src[\\/]react[\\/]use-language\.ts$`,
    String.raw`[\\/]apps[\\/]web[\\/]src[\\/](lib[\\/]api[\\/](error-text|api-context|use-api-call)|app[\\/]session[\\/]session-context)\.tsx?$`,
    // The retry rules of spec §7, which the login page's calls follow without TanStack Query.
    String.raw`[\\/]packages[\\/]api-sdk[\\/]src[\\/]query[\\/]retry\.ts$`,
    // The app itself (`src/app/boot.tsx`: the router, the session and its guard, the providers, the
    // query client, i18next), which the entry asks for at once and index.html preloads: one chunk
    // with the rest of the first wave rather than a dozen small ones.
    String.raw`[\\/]apps[\\/]web[\\/]src[\\/]app[\\/]boot\.tsx$`,
    // Icons of the login page that many pages show too, and the passkey errors' texts.
    String.raw`[\\/]node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/](key-round|arrow-right|circle-exclamation-point)\.mjs$`,
    String.raw`[\\/]apps[\\/]web[\\/]src[\\/]lib[\\/]passkey-errors\.ts$`,
    // Both layouts' header: the language menu and the security button's placeholder.
    String.raw`[\\/]apps[\\/]web[\\/]src[\\/]layouts[\\/](language-menu|security-button)\.tsx$`,
  ].join("|"),
);

/**
 * The modules of the `first-load` chunk (see below): what the entry runs before React is there.
 */
const FIRST_LOAD_MODULES = new RegExp(
  [
    String.raw`^\0vite[\\/]preload-helper`,
    String.raw`[\\/]packages[\\/]i18n[\\/]src[\\/](languages|resources[\\/]texts)\.ts$`,
    String.raw`[\\/]apps[\\/]web[\\/]src[\\/]app[\\/](first-load|route-modules|web-texts|session[\\/]session-storage)\.ts$`,
  ].join("|"),
);

/** The modules of the `login` chunk (see below): the login page's, and what only identity pages share. */
const LOGIN_MODULES = new RegExp(
  [
    String.raw`[\\/]apps[\\/]web[\\/]src[\\/]features[\\/]auth[\\/](components[\\/](login-page|login-failure|passkey-login-button)|forms[\\/](email-form|sso-form|login-email-field|use-login-email-form)|login-email|oidc-browser-binding|api[\\/]auth-mutations)\.tsx?$`,
    String.raw`[\\/]apps[\\/]web[\\/]src[\\/]lib[\\/]return-path\.ts$`,
  ].join("|"),
);

/** The modules of the `public-layout` chunk (see below). */
const PUBLIC_LAYOUT_MODULES = new RegExp(
  [
    String.raw`[\\/]apps[\\/]web[\\/]src[\\/]layouts[\\/]public-layout[\\/]public-layout\.tsx$`,
    String.raw`[\\/]packages[\\/]ui-kit[\\/]src[\\/](layout[\\/]public-layout|components[\\/]logo)\.tsx$`,
  ].join("|"),
);

const appConfig = defineAppConfig({
  port: 5173,
  chunkLoadMessages: { en: resources.en.common.chunkLoad, fr: resources.fr.common.chunkLoad },
  // The api build's attestation reference values, pinned into this app (see its README).
  referenceValuesFile: "../api/dist/reference-values.json",
  // An external support chat, when configured, is framed on /settings/support: its origin only.
  frameVariables: ["VITE_SUPPORT_WIDGET_URL"],
  // The Google Drive import, when configured, loads Google's scripts and frame on its page only.
  googleDriveVariables: ["VITE_GOOGLE_CLIENT_ID", "VITE_GOOGLE_APP_ID"],
  // The embedded editor (`/embed/edit/...`): `vite preview` answers it with the frame-ancestors the
  // token's team allows, asked of the api (`tooling/vite/embedded-pages.js`); every other page 'none'.
  embeddedPages: true,
  // The entry is small and asks for the first page's route modules and texts itself (`src/main.tsx`);
  // the app's chunk with React and the router starts with the document, in the same wave.
  firstWaveModules: ["src/app/boot.tsx"],
  build: {
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // What the entry runs at once (the first page's route modules and texts, asked for by
            // address and language, Vite's preload helper), apart from the chunks that import React:
            // the entry runs one round trip after the document, with React still on its way.
            {
              name: "first-load",
              priority: 1,
              includeDependenciesRecursively: false,
              test: FIRST_LOAD_MODULES,
            },
            // React and the router: every page needs them, and they change less often than the app,
            // so their chunk stays cached across deployments. Every other library goes with the
            // routes that use it (papaparse with the CSV imports, the passkey library with the
            // passkey pages), loaded on demand like them.
            {
              name: "react",
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
            },
            // What nearly every page draws with (the ui-kit's controls, class merging, the icons'
            // renderer, the login page's calls, the api's error texts), one chunk with the entry rather
            // than a dozen small ones that each route would otherwise ask for (and each compress
            // apart): the login page's first load is 6 KB gzip lighter for it.
            {
              name: "common",
              test: COMMON_MODULES,
            },
            // TanStack Query with the app's query client (`src/app/query-client.ts`): one chunk,
            // which the query scope (`src/app/query-scope.tsx`) imports and every page but the
            // login page asks for as it starts, with the page's module (the login page calls the
            // api without it, so that it is not part of its first load). The ui-kit's class merging
            // (tailwind-merge, `cn`) with the controls whose callers override their classes
            // (`Button`, `Input`) goes with it: every page but the login page needs it too, and the
            // login page draws with `PlainButton` and `PlainInput` (`cx`) instead.
            {
              name: "query-client",
              test: /[\\/]node_modules[\\/](@tanstack[\\/](query-core|react-query)|tailwind-merge)[\\/]|[\\/]src[\\/]app[\\/]query-client\.ts$|[\\/]packages[\\/]ui-kit[\\/]src[\\/](lib[\\/]cn|components[\\/](button|input))\.tsx?$/,
            },
            // The login page with the small modules it shares with the other identity pages (the
            // failure notice, the return path, single sign-on's browser binding): one chunk, so that
            // /login asks for three route chunks instead of six, which over HTTP/1.1 (six
            // connections) held its texts back (the email field focused 0.25 s sooner).
            {
              name: "login",
              includeDependenciesRecursively: false,
              test: LOGIN_MODULES,
            },
            // The frame of the pages without a session (login, onboarding, invitations), one chunk.
            {
              name: "public-layout",
              test: PUBLIC_LAYOUT_MODULES,
            },
            // zod with the module that sets it jitless: the app runs without 'unsafe-eval', and a
            // module that parses while its chunk loads (before the entry's own code runs) would
            // otherwise find zod not yet told, and probe `new Function` against the policy.
            {
              name: "zod",
              test: /[\\/]node_modules[\\/]zod[\\/]|[\\/]src[\\/]app[\\/]zod-jitless\.ts$/,
            },
            // What the api client needs of @paraphe/attestation at once (the pinned reference values
            // and their reader), apart: left to rolldown, it shares the attestation checker's chunk,
            // which the client only asks for with the tunnel's handshake, and pulls it into the first load.
            {
              name: "attestation-pinning",
              includeDependenciesRecursively: false,
              test: /[\\/]packages[\\/]attestation[\\/]src[\\/](pinning[\\/]|evidence[\\/]reference-values\.|internal[\\/]bytes\.)/,
            },
            // What the security button of every page's frame reads (the saved outcomes, checked
            // without zod, and their description), apart from the checker for the same reason. The
            // same shapes as zod schemas (status/schema.ts) go with the checker, which uses them.
            {
              name: "attestation-status",
              includeDependenciesRecursively: false,
              test: /[\\/]packages[\\/]attestation[\\/]src[\\/]status[\\/](?!schema\.)/,
            },
            // Each language of each namespace the app shows, a chunk named after them (texts-fr-web),
            // downloaded when the app shows that language (see src/app/i18n.ts).
            {
              name: (id) => {
                const match = TEXTS_MODULE.exec(id);
                return match ? `texts-${match[1]}-${match[2]}` : null;
              },
              test: TEXTS_MODULE,
            },
          ],
        },
      },
    },
  },
});

export default mergeConfig(appConfig, {
  resolve: {
    alias: [
      // React's own hook instead of the `use-sync-external-store` shim (`src/app/use-sync-external-store.ts`).
      {
        find: /^use-sync-external-store\/shim$/,
        replacement: fileURLToPath(new URL("src/app/use-sync-external-store.ts", import.meta.url)),
      },
    ],
  },
});
