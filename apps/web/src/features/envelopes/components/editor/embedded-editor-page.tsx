import { isApiError } from "@paraphe/api-sdk";
import { isPlainOrigin, parseEmbedToken, type EnvelopeDetail } from "@paraphe/api-sdk/contract";
import { useTranslation } from "@paraphe/i18n/react";
import { DESKTOP_MEDIA_QUERY, EditablePageTitle, useMediaQuery } from "@paraphe/ui-kit";
import { QueryClientProvider } from "@tanstack/react-query";
import { CircleCheck } from "lucide-react";
import { useEffect, useMemo, useRef, useState } from "react";
import { PermissionsContext, permissionsOf } from "../../../../app/permissions/permissions-context";
import { createQueryClient } from "../../../../app/query-client";
import { ApiProvider } from "../../../../lib/api/api-context";
import { createWebApi, type WebApi } from "../../../../lib/api/create-web-api";
import { config } from "../../../../lib/config";
import { QueryLoadError } from "../../../../lib/load-failure";
import { PageMetaProvider, usePageMeta, usePageMetaValue } from "../../../../lib/page-meta";
import { buildAbility } from "@paraphe/permissions";
import { readReferenceValuesSetting } from "@paraphe/attestation/pinning";
import { useEnvelope } from "../../api/envelope-queries";
import { useTemplate } from "../../api/template-queries";
import type * as TemplateEditorModule from "../templates/template-editor";
import { EditorLoading } from "./editor-page";
import { EmbeddedEditorContext, type EmbeddedEditor } from "./embedded-editor-context";
import { EnvelopeEditor } from "./envelope-editor";
import { lazyComponent } from "../../../../lib/lazy-component";

/** The template editor, downloaded when the token names a template: a token names one or the other. */
const TemplateEditorPage = lazyComponent(
  () =>
    import("../templates/template-editor").then(
      (module: typeof TemplateEditorModule | undefined) => module?.TemplateEditorPage,
    ),
  <EditorLoading />,
);

/*
 * The document editor in a frame of a team's site (issue 30, embedded preparing): `/embed/edit/
 * <the token's access key>`, with the token and the options in the fragment (`#token=...&origin=...
 * &lng=fr&envelope=<uuid>` or `&template=<uuid>`), read once and removed from the address. The
 * editor's calls are signed with the token (no session, no sign-in, no sidebar); the page posts
 * `ready`, `saved`, `sent` and `error` to the embedding page, to its origin only (the one the
 * fragment names, when the frame's parent has it), never to `*`. The web app's server answers this
 * path with the `frame-ancestors` the token's team allows.
 */

/** The embedded editor's options, from the fragment. */
export interface EmbeddedEditorOptions {
  token: string | null;
  origin: string | null;
  language: "en" | "fr" | null;
  document: { kind: "envelope" | "template"; uuid: string } | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The fragment's origin if it is one a team may allow (`isPlainOrigin`), else none. */
function plainOrigin(value: string | null): string | null {
  return value !== null && isPlainOrigin(value) ? value : null;
}

/** The options of a fragment; the token only if it is the one of the path's access key. */
export function parseEmbeddedEditorOptions(
  fragment: string,
  accessKey: string,
): EmbeddedEditorOptions {
  const params = new URLSearchParams(fragment.replace(/^#/, ""));
  const token = params.get("token");
  const credential = token === null ? null : parseEmbedToken(token);
  const language = params.get("lng");
  const envelope = params.get("envelope");
  const template = params.get("template");
  return {
    token: credential !== null && credential.accessKey === accessKey ? token : null,
    origin: plainOrigin(params.get("origin")),
    language: language === "en" || language === "fr" ? language : null,
    document:
      envelope !== null && UUID.test(envelope)
        ? { kind: "envelope", uuid: envelope.toLowerCase() }
        : template !== null && UUID.test(template)
          ? { kind: "template", uuid: template.toLowerCase() }
          : null,
  };
}

/** The events posted to the embedding page (`@paraphe/embed`'s `EditorEventMap`). */
export type EditorEvent =
  | { type: "ready"; payload: { kind: "envelope" | "template"; uuid: string } }
  | { type: "saved"; payload: { kind: "envelope" | "template"; uuid: string } }
  | { type: "sent"; payload: { envelopeUuid: string } }
  | { type: "error"; payload: { code: string } };

/**
 * Posts `event` to the embedding page at `origin`: nothing outside a frame, without an origin, or
 * when the browser says the frame's parent has another one (`location.ancestorOrigins`; elsewhere
 * `postMessage` delivers to that origin only).
 */
export function postEditorEvent(origin: string | null, event: EditorEvent): void {
  if (origin === null || window.parent === window) return;
  const ancestors = window.location.ancestorOrigins as DOMStringList | undefined;
  if (ancestors !== undefined && ancestors.length > 0 && ancestors[0] !== origin) return;
  window.parent.postMessage({ source: "paraphe", version: 1, ...event }, origin);
}

/** The code of an error event: the api's error code, or `generic`. */
const codeOf = (error: unknown) => (isApiError(error) ? error.code : "generic");

/** The options of this page, read once; the fragment then leaves the address. */
function useFragmentOptions(accessKey: string): EmbeddedEditorOptions {
  const [options] = useState(() => parseEmbeddedEditorOptions(window.location.hash, accessKey));
  useEffect(() => {
    if (window.location.hash !== "") {
      window.history.replaceState(window.history.state, "", window.location.pathname);
    }
  }, []);
  return options;
}

/** `/embed/edit/:accessKey`: the editor of the token's document, in a frame. */
export function EmbeddedEditorPage({ accessKey }: { accessKey: string }) {
  const { t, i18n } = useTranslation("web");
  const options = useFragmentOptions(accessKey);
  const { origin, token, document } = options;
  useEffect(() => {
    if (options.language !== null && i18n.language !== options.language) {
      void i18n.changeLanguage(options.language);
    }
  }, [i18n, options.language]);

  // Its own api client and query cache: the token signs every call, and a refused one tells the
  // embedding page instead of leading to the sign-in page.
  const [clients] = useState(() => {
    if (token === null) return null;
    const credential = parseEmbedToken(token);
    if (credential === null) return null;
    const api: WebApi = createWebApi({
      apiUrl: config.apiUrl,
      appCredential: config.appCredential,
      referenceValues: readReferenceValuesSetting(import.meta.env.PARAPHE_REFERENCE_VALUES),
      language: () => i18n.resolvedLanguage ?? i18n.language,
      credential: () => ({ ...credential, email: "" }),
      onAuthenticationError: () =>
        postEditorEvent(origin, { type: "error", payload: { code: "AUTHENTICATION_ERROR" } }),
    });
    return { api, queryClient: createQueryClient(api.tunnel) };
  });

  // Every save the editor makes is `saved`; the send is `sent` (from the editor itself); a failed
  // call is `error`.
  useEffect(() => {
    if (clients === null || document === null) return;
    return clients.queryClient.getMutationCache().subscribe((event) => {
      if (event.type !== "updated") return;
      if (event.action.type === "success") {
        const data = event.action.data as Partial<EnvelopeDetail> | undefined;
        if (data?.status === undefined || data.status === "draft" || document.kind === "template") {
          postEditorEvent(origin, { type: "saved", payload: document });
        }
      } else if (event.action.type === "error") {
        postEditorEvent(origin, { type: "error", payload: { code: codeOf(event.action.error) } });
      }
    });
  }, [clients, document, origin]);

  const unusable = clients === null || document === null;
  useEffect(() => {
    if (unusable) postEditorEvent(origin, { type: "error", payload: { code: "invalidToken" } });
  }, [unusable, origin]);

  // A role with the token's rights: it reads and updates this kind of document (the api decides).
  const permissions = useMemo(
    () =>
      permissionsOf(
        buildAbility([
          {
            action: ["read", "update"],
            subject: document?.kind === "template" ? "Template" : "Envelope",
          },
        ]),
      ),
    [document?.kind],
  );
  const embedded = useMemo<EmbeddedEditor>(
    () => ({
      onSent: (envelope) =>
        postEditorEvent(origin, { type: "sent", payload: { envelopeUuid: envelope.uuid } }),
    }),
    [origin],
  );

  if (unusable) {
    return (
      <main className="mx-auto flex max-w-xl flex-col gap-2 p-6">
        <h1 className="text-xl font-semibold">{t("embeddedEditor.invalid.title")}</h1>
        <p className="text-ink-muted">{t("embeddedEditor.invalid.description")}</p>
      </main>
    );
  }
  return (
    <ApiProvider api={clients.api}>
      <QueryClientProvider client={clients.queryClient}>
        <PermissionsContext.Provider value={permissions}>
          <EmbeddedEditorContext.Provider value={embedded}>
            <PageMetaProvider>
              <main className="flex min-h-dvh flex-col gap-4 p-3 sm:p-4">
                <EmbeddedTitle />
                {document.kind === "envelope" ? (
                  <EmbeddedEnvelope envelopeUuid={document.uuid} origin={origin} />
                ) : (
                  <EmbeddedTemplate templateUuid={document.uuid} origin={origin} />
                )}
              </main>
            </PageMetaProvider>
          </EmbeddedEditorContext.Provider>
        </PermissionsContext.Provider>
      </QueryClientProvider>
    </ApiProvider>
  );
}

/**
 * The document's title, as the editor declares it, where the app's header would show it: editable
 * on a desktop-wide frame; below that width the editor draws its editable title itself, once.
 */
function EmbeddedTitle() {
  const { t } = useTranslation("web");
  const meta = usePageMetaValue();
  const isDesktop = useMediaQuery(DESKTOP_MEDIA_QUERY);
  if (meta.editable && meta.title !== undefined) {
    return isDesktop ? <EditablePageTitle value={meta.title} {...meta.editable} /> : null;
  }
  return (
    <h1 className="truncate text-lg font-semibold">{meta.title ?? t("embeddedEditor.loading")}</h1>
  );
}

/**
 * Tells the embedding page how the document's query went: `ready` once, when the document shows;
 * `error` with the api's code when it cannot be read (a token for another document: NOT_FOUND).
 */
function useDocumentEvents(
  origin: string | null,
  kind: "envelope" | "template",
  query: { data?: { uuid: string } | undefined; isError: boolean; error: unknown },
) {
  const loaded = query.data?.uuid;
  const posted = useRef(false);
  useEffect(() => {
    if (loaded === undefined || posted.current) return;
    posted.current = true;
    postEditorEvent(origin, { type: "ready", payload: { kind, uuid: loaded } });
  }, [origin, kind, loaded]);
  // Once per failure: the editor's own view of the query, mounted once its code has come, asks
  // again and fails the same way (the page would hear the same error twice); a success in between
  // lets the next failure be told.
  const postedError = useRef<string | null>(null);
  useEffect(() => {
    if (loaded !== undefined) postedError.current = null;
    if (!query.isError) return;
    const code = codeOf(query.error);
    if (postedError.current === code) return;
    postedError.current = code;
    postEditorEvent(origin, { type: "error", payload: { code } });
  }, [query.isError, query.error, loaded, origin]);
}

function EmbeddedEnvelope({
  envelopeUuid,
  origin,
}: {
  envelopeUuid: string;
  origin: string | null;
}) {
  const envelope = useEnvelope(envelopeUuid);
  useDocumentEvents(origin, "envelope", envelope);
  if (envelope.isPending) return <EditorLoading />;
  if (envelope.isError) return <QueryLoadError query={envelope} />;
  if (envelope.data.status !== "draft") return <SentNotice title={envelope.data.title} />;
  return <EnvelopeEditor key={envelope.data.uuid} envelope={envelope.data} />;
}

function EmbeddedTemplate({
  templateUuid,
  origin,
}: {
  templateUuid: string;
  origin: string | null;
}) {
  // The editor's own query (the same cache entry).
  useDocumentEvents(origin, "template", useTemplate(templateUuid));
  return <TemplateEditorPage templateUuid={templateUuid} />;
}

/** After the send: what happened (the embedding page has the `sent` event). */
function SentNotice({ title }: { title: string }) {
  const { t } = useTranslation("web");
  usePageMeta({ title: t("embeddedEditor.sent.title") });
  return (
    <div role="status" className="flex flex-col items-start gap-2 rounded-card bg-surface p-6">
      <CircleCheck aria-hidden="true" className="size-8 text-success" />
      <p>{t("embeddedEditor.sent.description", { title })}</p>
    </div>
  );
}
