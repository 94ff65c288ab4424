import { resources } from "@paraphe/i18n";
import { defineAppConfig } from "@paraphe/vite-config";

export default defineAppConfig({
  port: 5174,
  chunkLoadMessages: { en: resources.en.common.chunkLoad, fr: resources.fr.common.chunkLoad },
  // The api build's attestation reference values, pinned into this app (see its README).
  referenceValuesFile: "../api/dist/reference-values.json",
  // Signing links carry their secret in the fragment, which is never sent; send no referrer at all.
  referrerPolicy: "no-referrer",
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
          ],
        },
      },
    },
  },
});
