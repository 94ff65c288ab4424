import "./app/zod-jitless";
import { createBrowserI18n } from "@paraphe/i18n";
import { mountApp } from "@paraphe/ui-kit";
import { StrictMode } from "react";
import { App } from "./app/app";
import "./index.css";

// The chunk-load guard is a classic script that index.html loads ahead of this module.
const i18n = createBrowserI18n();

mountApp(
  "root",
  <StrictMode>
    <App i18n={i18n} />
  </StrictMode>,
);
