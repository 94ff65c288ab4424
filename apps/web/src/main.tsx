import { startFirstPage } from "./app/first-load";
import type * as Boot from "./app/boot";
import "./index.css";

// The chunk-load guard is a classic script that index.html loads ahead of this module.
//
// This entry is small and imports nothing of React, so that it runs one round trip after the
// document: it asks for the first page's texts (in the reader's language) and route modules at
// once, while the app's chunk with React, the router and the ui-kit downloads (index.html
// preloads it: `firstWaveModules` in vite.config.ts), instead of after React has arrived.
startFirstPage();

// The app: React, the router, the providers. Undefined when its chunk failed to load and the
// chunk-load guard reloads the page (Vite's preload helper tells it).
void import("./app/boot").then((boot: typeof Boot | undefined) => {
  boot?.bootApp();
});
