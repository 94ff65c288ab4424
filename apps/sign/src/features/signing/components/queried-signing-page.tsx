import { QueryClientProvider, useQuery, type QueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useApi, type AccessLink, type OpenedEnvelope, type SignApi } from "../../../lib/api";
import { screenPreviewWidth } from "../../../domain/preview-width";
import {
  openEnvelopeQueryOptions,
  pagePreviewQueryOptions,
  prefetchOpenEnvelope,
} from "../api/signing-queries";
import { accessErrorKind } from "../lib/access-error";
import { envelopeState, isActing, type EnvelopeState } from "../lib/envelope-state";
import { type OpenedStatus, type SigningIntent } from "../lib/signing-intent";
import { AccessErrorPage } from "./access-error-page";
import { EnvelopeStatusPage } from "./envelope-status-page";
import { SigningWorkspace } from "./signing-workspace";
import { SigningSkeleton } from "./signing-skeleton";

/** States where the recipient will have something to do later: the link is kept for them. */
const WAITING_STATES: readonly EnvelopeState[] = ["notYourTurn", "notOpen"];

/**
 * Hands the open call the page started (the entry's, or its own) to the visit's query client: its
 * answer, with the first page's preview, is put in the cache at once, so the page's query renders
 * it without a pending state; a failure (or a call still under way) becomes the query's own.
 */
export function takeOverOpening(
  queryClient: QueryClient,
  api: SignApi,
  link: AccessLink,
  opening: Promise<OpenedEnvelope>,
  opened: OpenedEnvelope | null,
): void {
  const key = openEnvelopeQueryOptions(api, link).queryKey;
  if (queryClient.getQueryState(key) !== undefined) return;
  if (opened === null) {
    prefetchOpenEnvelope(queryClient, api, link, opening);
    return;
  }
  queryClient.setQueryData(key, opened);
  if (opened.firstPage) {
    const { documentUuid, filename, contentType, data } = opened.firstPage;
    queryClient.setQueryData(
      pagePreviewQueryOptions(api, link, documentUuid, 0, screenPreviewWidth()).queryKey,
      { filename, contentType, data },
    );
  }
}

export interface QueriedSigningPageProps {
  link: AccessLink;
  queryClient: QueryClient;
  /** A tap made on the first page's view, done as the workspace comes. */
  intent: SigningIntent | null;
  /** What the page shows of the open call, for the embedding site, the branding and the link. */
  onStatus: (status: OpenedStatus) => void;
}

/**
 * The signing page once TanStack Query is there: the open call as the page's query (refetched after
 * each action), the workspace, the status pages and the spec §8 errors.
 */
export function QueriedSigningPage({ queryClient, ...props }: QueriedSigningPageProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <OpenedSigningPage {...props} />
    </QueryClientProvider>
  );
}

function OpenedSigningPage({
  link,
  intent,
  onStatus,
}: Omit<QueriedSigningPageProps, "queryClient">) {
  const api = useApi();
  const opened = useQuery(openEnvelopeQueryOptions(api, link));
  const state = opened.data === undefined ? undefined : envelopeState(opened.data);
  const done = state !== undefined && !isActing(state) && !WAITING_STATES.includes(state);
  const errorKind = opened.isError ? accessErrorKind(opened.error) : null;
  const title = opened.data?.envelope.title;
  const branding = opened.data === undefined ? undefined : (opened.data.branding ?? null);
  useEffect(() => {
    onStatus({ title, branding, done, errorKind });
  }, [onStatus, title, branding, done, errorKind]);
  if (opened.isPending) return <SigningSkeleton />;
  if (opened.isError) {
    return (
      <AccessErrorPage
        kind={accessErrorKind(opened.error)}
        onRetry={() => void opened.refetch()}
        retrying={opened.isFetching}
      />
    );
  }
  if (state === undefined) return <SigningSkeleton />;
  // In this chunk, not lazy: the workspace replaces the first page's view in the same render.
  return isActing(state) ? (
    <SigningWorkspace link={link} opened={opened.data} intent={intent} />
  ) : (
    <EnvelopeStatusPage state={state} link={link} title={opened.data.envelope.title} />
  );
}
