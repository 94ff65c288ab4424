import { mountApp } from "@paraphe/ui-kit";
import { StrictMode } from "react";
import { createBrowserRouter } from "react-router";
import { loadWebApiClient } from "../lib/api/create-web-api";
import { startTelemetryWhenIdle } from "../lib/telemetry/telemetry";
import { App } from "./app";
import { createWebI18n } from "./i18n";
import { createAppRoutes } from "./router";

/**
 * Starts the app once its chunk (with React and the router) is there; the entry (`main.tsx`) has
 * asked for the first page's texts and route modules already, so they are on their way or there.
 * What the first page needs is asked for at once, in the order the page needs it (over HTTP/1.1 a
 * browser opens six connections to a host, and a request waits for a free one).
 */
export function bootApp(): void {
  // 1. The texts of the reader's language: the app renders once they are there, so that no page
  // shows raw keys. A failed download rejects unobserved, and the chunk-load guard reloads the page.
  const texts = createWebI18n();

  // 2. The router, made now rather than when the app renders: it starts the first navigation at
  // once, and with it the page's code (its lazy routes), in parallel with the texts.
  const router = createBrowserRouter(createAppRoutes());

  // 3. The api client's code (the contract's schemas, zod, the tunnel and its HPKE), not part of
  // this first load: asked for once the texts are there, as the app renders (the page's code is on
  // its way already), so that it does not hold up what the first page needs; the app's client
  // (`lib/api/create-web-api.ts`) is there at once, and its calls wait for the code.
  void texts.then((i18n) => {
    void loadWebApiClient().catch(() => undefined);
    mountApp(
      "root",
      <StrictMode>
        <App i18n={i18n} router={router} />
      </StrictMode>,
    );
    // 4. Telemetry, on the production host only: its own chunk, in an idle moment after the first paint.
    startTelemetryWhenIdle();
  });
}
