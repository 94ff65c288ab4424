import { lazy, Suspense, useState, type ComponentType, type ReactNode } from "react";
import { applyEmbedTheme, embedding } from "../domain/embed";
import { screenPreviewWidth } from "../domain/preview-width";
import { ApiContext, type AccessLink, type OpenedEnvelope, type SignApi } from "../lib/api";
import { BrandingProvider } from "../lib/branding";
import { SignVisitContext, useSignVisit, type SignVisit } from "../lib/visit";
import { SignRoute } from "../routes/sign";

// After signing only: its chunk (and the notifications' code) comes when the signer gets there.
// A direct link's page: its chunk comes only for its visitors.
const DirectLinkRoute = lazy(() =>
  import("../routes/direct-link").then((module) => ({ default: module.DirectLinkRoute })),
);

// The page the qualified provider sends a signer back to, in the window the signing page opened
// (it calls no api: it is here to keep the app's entry as it was).
const QesCallbackRoute = lazy(() =>
  import("../routes/qes-callback").then((module) => ({ default: module.QesCallbackRoute })),
);

const ConfirmationRoute = lazy(() =>
  import("../routes/confirmation").then((module) => ({ default: module.ConfirmationRoute })),
);

/** TanStack Query and the visit's query client's maker: a chunk that comes after the first page. */
const loadQueryArea = () => import("./query-area");

export interface SignVisitOptions {
  /** `/envelope/open` as the entry sent it before React (`openEnvelopeEarly`), with its link. */
  early?: { link: AccessLink; opening: Promise<OpenedEnvelope> } | null;
  /** A query client of the caller's (tests); made on demand when omitted. */
  queryClient?: QueryClientLike | undefined;
}

type QueryClientLike = Awaited<ReturnType<SignVisit["queryClient"]>>;

/** The visit's shared pieces (`SignVisit`): the query client on demand, the open call once. */
export function createSignVisit(api: SignApi, options: SignVisitOptions = {}): SignVisit {
  let client: Promise<QueryClientLike> | null = options.queryClient
    ? Promise.resolve(options.queryClient)
    : null;
  const opened = new Map<string, Promise<OpenedEnvelope>>();
  if (options.early) opened.set(options.early.link.envelopeUuid, options.early.opening);
  return {
    queryClient: () =>
      (client ??= loadQueryArea().then(({ createSignQueryClient }) => createSignQueryClient(api))),
    open: (link) => {
      let opening = opened.get(link.envelopeUuid);
      if (!opening) {
        // Idempotent, as the entry's (`openEnvelopeEarly`).
        opening = api.envelope.open(
          { ...link, previewWidth: screenPreviewWidth() },
          { idempotent: true },
        );
        opening.catch(() => undefined);
        opened.set(link.envelopeUuid, opening);
      }
      return opening;
    },
  };
}

export type SignedAreaRoute =
  | { name: "sign"; envelopeUuid: string }
  | { name: "direct"; token: string }
  | { name: "confirmation" }
  | { name: "qesCallback" };

export interface SignedAreaProps {
  api: SignApi;
  visit: SignVisit;
  route: SignedAreaRoute;
}

/**
 * The pages that call the api (the signing page, the confirmation), with their client: a chunk of
 * its own, downloaded while the first paint shows the page's frame and skeleton. The signing page
 * shows its first page from the open call's answer; the query library comes after (`SignVisit`).
 */
export function SignedArea({ api, visit, route }: SignedAreaProps) {
  // In a frame of an allowed site: its theme variables, once.
  useState(applyEmbedTheme);
  return (
    <ApiContext value={api}>
      <SignVisitContext value={visit}>
        {/* The team's branding; in a frame, the embedding site's own colour over the team's. */}
        <BrandingProvider primary={embedding().options.theme["--color-brand-500"]}>
          {route.name === "sign" ? (
            <SignRoute envelopeUuid={route.envelopeUuid} />
          ) : (
            <WithQueries>
              {route.name === "direct" ? (
                <DirectLinkRoute token={route.token} />
              ) : route.name === "qesCallback" ? (
                <QesCallbackRoute />
              ) : (
                <ConfirmationRoute />
              )}
            </WithQueries>
          )}
        </BrandingProvider>
      </SignVisitContext>
    </ApiContext>
  );
}

/** A page that uses queries, once the visit's query client is there. */
function WithQueries({ children }: { children: ReactNode }) {
  const visit = useSignVisit();
  const [Area] = useState(() =>
    lazy(async (): Promise<{ default: ComponentType<{ children: ReactNode }> }> => {
      const [{ QueryArea }, client] = await Promise.all([loadQueryArea(), visit.queryClient()]);
      return { default: (props) => <QueryArea client={client}>{props.children}</QueryArea> };
    }),
  );
  return (
    <Suspense fallback={null}>
      <Area>{children}</Area>
    </Suspense>
  );
}
