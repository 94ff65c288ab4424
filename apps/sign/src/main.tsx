import "./app/zod-jitless";
import { createLazyBrowserI18n, type I18n } from "@paraphe/i18n";
import { mountApp } from "@paraphe/ui-kit";
import { StrictMode } from "react";
import { App, loadSignApi, loadSignedArea, takeAccessLinkFromAddress } from "./app/app";
import { loadEnvelopeStatusPage, loadSigningWorkspace } from "./features/signing/lazy";
import "./index.css";

// The chunk-load guard is a classic script that index.html loads ahead of this module.
//
// The first paint needs React, this module and the texts of the reader's language; everything the
// signing page needs after it starts downloading now, in parallel: the api client (tunnel,
// contract), the attestation checker (the client starts it), the pages that call the api, the
// workspace and the status page.
takeAccessLinkFromAddress();
let i18n: I18n | undefined;
const api = loadSignApi(() => i18n?.language);
void loadSignedArea();
if (window.location.pathname.toLowerCase().startsWith("/sign/")) {
  // The attestation checker's chunk, which the client would only ask for once it is itself there.
  void import("@paraphe/attestation");
  void loadSigningWorkspace();
  void loadEnvelopeStatusPage();
  // The tunnel's handshake as soon as the client is there, while React renders (its evidence is
  // checked before anything is sent through it). A failure here is left to the open call, which
  // runs the handshake again and shows the page's error.
  void api.then((client) => client.tunnel.ensureOpen()).catch(() => undefined);
}

// A failed download rejects unobserved, and the chunk-load guard reloads the page.
void createLazyBrowserI18n({ namespaces: ["sign"] }).then((ready) => {
  i18n = ready;
  mountApp(
    "root",
    <StrictMode>
      <App i18n={ready} api={api} />
    </StrictMode>,
  );
});
