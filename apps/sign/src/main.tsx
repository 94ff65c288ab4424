import "./app/zod-jitless";
import { createLazyBrowserI18n, type I18n } from "@paraphe/i18n";
import { loadSignedArea, openEnvelopeEarly, takeAccessLinkFromAddress } from "./app/start";
import { embedLanguage } from "./domain/embed-fragment";
import { createConfiguredSignApi } from "./lib/sign-api";
import { startTelemetryWhenIdle } from "./lib/telemetry/telemetry";
import "./index.css";

// The chunk-load guard is a classic script that index.html loads ahead of this module.
//
// A signing link's first page needs the network before anything else: the tunnel's handshake
// (two round trips, the server's evidence checked before anything of the link is sent) and
// `/envelope/open`, whose answer carries the page and which travels with the handshake's second
// message (`openEnvelopeEarly`). So this entry carries the api client (tunnel,
// contract) and starts them as soon as it runs, one round trip after the document, while React and
// the first paint (`app/mount.tsx`) and the page's texts download; the attestation checker, which
// the handshake's second request waits for, downloads with the entry (index.html preloads it). What
// shows the envelope's first page once it is open (the page's code: header, pages, progress) is
// asked for once the attestation checker is there, so as not to share the line with what the
// handshake waits for: it arrives during the handshake's round trips. The workspace (TanStack
// Query, the action bar's work, dialogs, the fields' inputs) comes once the first page shows.
const link = takeAccessLinkFromAddress();
// In a frame of an allowed site (`/embed/...`): the language it asked for, if any.
const language = embedLanguage();
let i18n: I18n | undefined;
const client = createConfiguredSignApi(() => i18n?.language);
const opening = link ? openEnvelopeEarly(client, link) : null;
const texts = createLazyBrowserI18n({
  namespaces: ["sign"],
  ...(language === null ? {} : { language }),
});
void texts.then((ready) => {
  i18n = ready;
});

if (link) void import("@paraphe/attestation").then(loadSignedArea);

// The texts of the reader's language and React with the first paint, in parallel. A failed
// download rejects unobserved, and the chunk-load guard reloads the page.
void Promise.all([texts, import("./app/mount")]).then(([ready, { mountSignApp }]) => {
  mountSignApp({ i18n: ready, api: client, opening });
  // Telemetry, on the production host only: its own chunk, in an idle moment after the first paint.
  startTelemetryWhenIdle();
});
