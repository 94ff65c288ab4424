import "./app/zod-jitless";
import { mountApp } from "@paraphe/ui-kit";
import { StrictMode } from "react";
import { App } from "./app/app";
import { createWebI18n } from "./app/i18n";
import "./index.css";

// The chunk-load guard is a classic script that index.html loads ahead of this module.
//
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
