import { createBrowserI18n } from "@paraphe/i18n";
import { mountApp } from "@paraphe/ui-kit";
import { StrictMode } from "react";
import { App } from "./app/app";
import "./index.css";

// The chunk-load guard is inlined into index.html by the build, ahead of this script.
const i18n = createBrowserI18n();

mountApp(
  "root",
  <StrictMode>
    <App i18n={i18n} />
  </StrictMode>,
);
