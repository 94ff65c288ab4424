import { resources } from "@paraphe/i18n";
import { defineAppConfig } from "@paraphe/vite-config";

export default defineAppConfig({
  port: 5173,
  chunkLoadMessages: { en: resources.en.common.chunkLoad, fr: resources.fr.common.chunkLoad },
  // The api build's attestation reference values, pinned into this app (see its README).
  referenceValuesFile: "../api/dist/reference-values.json",
  // An external support chat, when configured, is framed on /settings/support: its origin only.
  frameVariables: ["VITE_SUPPORT_WIDGET_URL"],
  // The Google Drive import, when configured, loads Google's scripts and frame on its page only.
  googleDriveVariables: ["VITE_GOOGLE_CLIENT_ID", "VITE_GOOGLE_APP_ID"],
  build: {
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // React and the router: every page needs them, and they change less often than the app,
            // so their chunk stays cached across deployments. Every other library goes with the
            // routes that use it (papaparse with the CSV imports, recharts with the usage page, the
            // passkey library with the passkey pages), loaded on demand like them.
            {
              name: "react",
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
            },
            // zod with the module that sets it jitless: the app runs without 'unsafe-eval', and a
            // module that parses while its chunk loads (before the entry's own code runs) would
            // otherwise find zod not yet told, and probe `new Function` against the policy.
            {
              name: "zod",
              test: /[\\/]node_modules[\\/]zod[\\/]|[\\/]src[\\/]app[\\/]zod-jitless\.ts$/,
            },
          ],
        },
      },
    },
  },
});
