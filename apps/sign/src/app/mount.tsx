import { type I18n } from "@paraphe/i18n";
import { mountApp } from "@paraphe/ui-kit";
import { StrictMode } from "react";
import { type OpenedEnvelope, type SignApi } from "../lib/api";
import { App } from "./app";

export interface MountSignAppOptions {
  i18n: I18n;
  api: SignApi | Promise<SignApi>;
  opening: Promise<OpenedEnvelope> | null;
}

/**
 * The first paint: React, the page's frame and skeleton, in the reader's language. A chunk of its
 * own, which `main.tsx` asks for once it has started the calls the signing page waits for.
 */
export function mountSignApp({ i18n, api, opening }: MountSignAppOptions): void {
  mountApp(
    "root",
    <StrictMode>
      <App i18n={i18n} api={api} opening={opening} />
    </StrictMode>,
  );
}
