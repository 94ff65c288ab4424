import { type I18n } from "@paraphe/i18n";
import { type QueryClient } from "@tanstack/react-query";
import { I18nProvider } from "@paraphe/i18n/react";
import { lazy, Suspense, useState, type ComponentType } from "react";
import { SigningSkeleton } from "../features/signing/components/signing-skeleton";
import { SignPublicLayout } from "../layouts/public-layout";
import type { OpenedEnvelope, SignApi } from "../lib/api";
import { RouteErrorBoundary } from "../routes/route-error";
import { NavigationProvider, useBrowserNavigation } from "./navigation";
import { matchRoute } from "./router";
import type { SignedAreaRoute } from "./signed-area";
import { loadSignApi, loadSignedArea, takeAccessLinkFromAddress } from "./start";

// Only unknown paths need the not-found page (the ui-kit's, with its button): a chunk of its own,
// so that the first paint of a signing link does not carry it.
const NotFoundRoute = lazy(() =>
  import("../routes/not-found").then((module) => ({ default: module.NotFoundRoute })),
);

const TranslatedToaster = lazy(() =>
  import("./toaster").then((module) => ({ default: module.TranslatedToaster })),
);

export interface AppProps {
  i18n: I18n;
  /**
   * The api client, or its download under way (`main.tsx` starts it before the first render);
   * loaded from the configuration when omitted. Tests pass their own. The pages that call the api
   * show the page's frame and skeleton until it is there.
   */
  api?: SignApi | Promise<SignApi>;
  /**
   * `/envelope/open` as the entry sent it before React (`openEnvelopeEarly`), for the link in the
   * address: the signing page shows its answer, and its query takes it over.
   */
  opening?: Promise<OpenedEnvelope> | null;
  /**
   * The query client of the visit (tests); made, with TanStack Query's download, once a page asks
   * for it when omitted (the signing page's first page shows without it).
   */
  queryClient?: QueryClient;
}

/** The public signing app. */
export function App({ i18n, api, opening, queryClient }: AppProps) {
  const [link] = useState(takeAccessLinkFromAddress);
  // The api pages, once their chunk and the client are both there (one query cache per visit).
  const [SignedArea] = useState(() =>
    lazy(async (): Promise<{ default: ComponentType<{ route: SignedAreaRoute }> }> => {
      const [area, client] = await Promise.all([
        loadSignedArea(),
        api ?? loadSignApi(() => i18n.language),
      ]);
      const visit = area.createSignVisit(client, {
        early: link && opening ? { link, opening } : null,
        queryClient,
      });
      return {
        default: ({ route }) => <area.SignedArea api={client} visit={visit} route={route} />,
      };
    }),
  );
  return (
    <I18nProvider i18n={i18n}>
      <Routes SignedArea={SignedArea} />
      <Suspense fallback={null}>
        <TranslatedToaster />
      </Suspense>
    </I18nProvider>
  );
}

function Routes({ SignedArea }: { SignedArea: ComponentType<{ route: SignedAreaRoute }> }) {
  const navigation = useBrowserNavigation();
  const route = matchRoute(navigation.location.pathname);
  return (
    <NavigationProvider value={navigation}>
      <RouteErrorBoundary key={navigation.location.pathname}>
        {route.name === "notFound" ? (
          <Suspense fallback={<SignPublicLayout>{null}</SignPublicLayout>}>
            <NotFoundRoute />
          </Suspense>
        ) : (
          <Suspense
            fallback={
              // The page's frame and the shape of what comes, while the client downloads.
              <SignPublicLayout>
                <SigningSkeleton />
              </SignPublicLayout>
            }
          >
            <SignedArea route={route} />
          </Suspense>
        )}
      </RouteErrorBoundary>
    </NavigationProvider>
  );
}
