import { resources } from "@paraphe/i18n";
import { defineAppConfig } from "@paraphe/vite-config";

/** recharts and the libraries only it uses (its chunk loads with the usage page's charts). */
const CHART_LIBRARIES = String.raw`(?:recharts|victory-vendor|d3-[a-z-]+|internmap|@reduxjs[\\/]toolkit|redux|redux-thunk|react-redux|reselect|immer|decimal\.js-light|es-toolkit|eventemitter3|tiny-invariant)`;

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
        // Libraries change less often than the app: separate chunks stay cached across deployments.
        codeSplitting: {
          groups: [
            {
              name: "react",
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
              priority: 3,
            },
            // Every library but the charts' (the last node_modules segment of the path decides).
            {
              name: "vendor",
              test: new RegExp(
                String.raw`[\\/]node_modules[\\/](?!\.pnpm[\\/])(?!${CHART_LIBRARIES}[\\/])`,
              ),
              priority: 2,
            },
            // recharts and what only it uses: the usage page loads them, no other page does.
            { name: "charts", test: /[\\/]node_modules[\\/]/, priority: 1 },
          ],
        },
      },
    },
  },
});
