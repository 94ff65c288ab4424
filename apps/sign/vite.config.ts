import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defaultClientConditions, defineConfig } from "vite";

const PORT = 5174;

export default defineConfig({
  plugins: [react(), tailwindcss()],
  // Sibling workspace packages are read from their sources (`@paraphe/source`), not from dist/.
  resolve: { conditions: ["@paraphe/source", ...defaultClientConditions] },
  server: { port: PORT, strictPort: true },
  preview: { port: PORT, strictPort: true },
  build: {
    outDir: "dist",
    sourcemap: true,
    rolldownOptions: {
      output: {
        // React and the router change less often than the app: a separate chunk stays cached.
        codeSplitting: {
          groups: [
            {
              name: "react",
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
            },
          ],
        },
      },
    },
  },
});
