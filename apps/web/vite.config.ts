import { resources } from "@paraphe/i18n";
import { defineAppConfig } from "@paraphe/vite-config";

export default defineAppConfig({
  port: 5173,
  chunkLoadMessages: { en: resources.en.common.chunkLoad, fr: resources.fr.common.chunkLoad },
  // The api build's attestation reference values, pinned into this app (see its README).
  referenceValuesFile: "../api/dist/reference-values.json",
  build: {
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across deployments.
        codeSplitting: {
          groups: [
            {
              name: "react",
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
              priority: 2,
            },
            { name: "vendor", test: /[\\/]node_modules[\\/]/, priority: 1 },
          ],
        },
      },
    },
  },
});
