import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { lazy, Suspense, useState } from "react";
import { applyEmbedTheme, embedding } from "../domain/embed";
import { ApiContext, type SignApi } from "../lib/api";
import { BrandingProvider } from "../lib/branding";
import { signQueryDefaults } from "../lib/sign-api";
import { SignRoute } from "../routes/sign";

export { prefetchOpenEnvelope } from "../features/signing/api/signing-queries";

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

/** The query client of one visit, with the retry rules of spec §7. */
export function createSignQueryClient(api: SignApi): QueryClient {
  return new QueryClient({ defaultOptions: signQueryDefaults(() => api) });
}

export type SignedAreaRoute =
  | { name: "sign"; envelopeUuid: string }
  | { name: "direct"; token: string }
  | { name: "confirmation" }
  | { name: "qesCallback" };

export interface SignedAreaProps {
  api: SignApi;
  queryClient: QueryClient;
  route: SignedAreaRoute;
}

/**
 * The pages that call the api (the signing page, the confirmation), with their client and query
 * cache: a chunk of its own (TanStack Query, the tunnel, the contract), downloaded while the first
 * paint shows the page's frame and skeleton.
 */
export function SignedArea({ api, queryClient, route }: SignedAreaProps) {
  // In a frame of an allowed site: its theme variables, once.
  useState(applyEmbedTheme);
  return (
    <ApiContext value={api}>
      <QueryClientProvider client={queryClient}>
        {/* The team's branding; in a frame, the embedding site's own colour over the team's. */}
        <BrandingProvider primary={embedding().options.theme["--color-brand-500"]}>
          {route.name === "sign" ? (
            <SignRoute envelopeUuid={route.envelopeUuid} />
          ) : route.name === "direct" ? (
            <Suspense fallback={null}>
              <DirectLinkRoute token={route.token} />
            </Suspense>
          ) : route.name === "qesCallback" ? (
            <Suspense fallback={null}>
              <QesCallbackRoute />
            </Suspense>
          ) : (
            <Suspense fallback={null}>
              <ConfirmationRoute />
            </Suspense>
          )}
        </BrandingProvider>
      </QueryClientProvider>
    </ApiContext>
  );
}
