import { createBrowserI18n } from "@paraphe/i18n";
import { type ChunkLoadGuard, installChunkLoadGuard, mountApp } from "@paraphe/ui-kit";
import { StrictMode } from "react";
import { App } from "./app/app";
import "./index.css";
import { registerChunkLoadGuard, showChunkLoadFailure } from "./lib/chunk-load";

const i18n = createBrowserI18n();

// A guard inlined into index.html by the build (it also catches a failed entry script) is reused;
// otherwise the guard is installed here.
const inlineGuard = (window as { __paraphe_chunkLoadGuard?: ChunkLoadGuard })
  .__paraphe_chunkLoadGuard;
registerChunkLoadGuard(
  inlineGuard ??
    installChunkLoadGuard({
      onGiveUp: () =>
        showChunkLoadFailure({
          title: i18n.t("chunkLoad.title"),
          description: i18n.t("chunkLoad.description"),
          reload: i18n.t("chunkLoad.reload"),
        }),
    }),
);

mountApp(
  "root",
  <StrictMode>
    <App i18n={i18n} />
  </StrictMode>,
);
