import { mountApp } from "@paraphe/ui-kit";
import { StrictMode } from "react";
import { App } from "./app/app";
import { createWebI18n } from "./app/i18n";
import { loadWebApiClient } from "./lib/api/create-web-api";
import "./index.css";

// The chunk-load guard is a classic script that index.html loads ahead of this module.

// The api client's code (the contract's schemas, zod, the tunnel and its HPKE) is not part of this
// first load: it is asked for now, and downloads with the texts and during the first render; the
// app's client (`lib/api/create-web-api.ts`) is there at once, and its calls wait for the code.
void loadWebApiClient().catch(() => undefined);

// The texts of the reader's language download while this module's imports do; the app renders once
// they are there, so that no page shows raw keys. A failed download rejects unobserved, and the
// chunk-load guard reloads the page.
void createWebI18n().then((i18n) => {
  mountApp(
    "root",
    <StrictMode>
      <App i18n={i18n} />
    </StrictMode>,
  );
});
