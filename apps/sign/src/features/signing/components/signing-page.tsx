import { useQuery } from "@tanstack/react-query";
import { Suspense, useEffect, useState } from "react";
import { forgetAccessLink, isEnvelopeUuid, takeAccessLink } from "../../../domain/access-link";
import { postEmbedEvent } from "../../../domain/embed";
import { useApi, type AccessLink } from "../../../lib/api";
import { useProvideBranding } from "../../../lib/branding";
import { openEnvelopeQueryOptions } from "../api/signing-queries";
import { accessErrorKind } from "../lib/access-error";
import { envelopeState, isActing, type EnvelopeState } from "../lib/envelope-state";
import { AccessErrorPage } from "./access-error-page";
import { EnvelopeStatusPage, SigningWorkspace } from "../lazy";
import { SigningSkeleton } from "./signing-skeleton";

/** States where the recipient will have something to do later: the link is kept for them. */
const WAITING_STATES: readonly EnvelopeState[] = ["notYourTurn", "notOpen"];

/**
 * `/sign/{envelopeUuid}#token=...&secret=...`: reads the access link from the fragment (then clears
 * it from the address bar), opens the envelope, and shows the document to sign, or why it cannot be
 * signed, or one of the spec's three errors.
 */
export function SigningPage({ envelopeUuid }: { envelopeUuid: string }) {
  const [link] = useState(() => takeAccessLink(envelopeUuid));
  const refused = !isEnvelopeUuid(envelopeUuid) ? "notFound" : !link ? "invalidLink" : null;
  useEffect(() => {
    if (refused !== null) postEmbedEvent({ type: "error", payload: { code: refused } });
  }, [refused]);
  if (refused === "notFound") return <AccessErrorPage kind="notFound" />;
  if (!link) return <AccessErrorPage kind="invalidLink" />;
  return <OpenedSigningPage link={link} />;
}

function OpenedSigningPage({ link }: { link: AccessLink }) {
  const api = useApi();
  const opened = useQuery(openEnvelopeQueryOptions(api, link));
  const state = opened.data === undefined ? undefined : envelopeState(opened.data);
  // The team's look for the layout above (header, footer, button colour) and the pages after.
  useProvideBranding(opened.data === undefined ? undefined : (opened.data.branding ?? null));
  // Done with it (signed, declined, the envelope ended): the tab forgets the link's secret.
  const done = state !== undefined && !isActing(state) && !WAITING_STATES.includes(state);
  useEffect(() => {
    if (done) forgetAccessLink(link.envelopeUuid);
  }, [done, link.envelopeUuid]);
  // In a frame: tell the embedding site when the envelope shows, or why it cannot.
  const title = opened.data?.envelope.title;
  useEffect(() => {
    if (title !== undefined) postEmbedEvent({ type: "ready", payload: { kind: "sign", title } });
  }, [title]);
  const errorKind = opened.isError ? accessErrorKind(opened.error) : null;
  useEffect(() => {
    if (errorKind !== null) postEmbedEvent({ type: "error", payload: { code: errorKind } });
  }, [errorKind]);
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
  return (
    <Suspense fallback={<SigningSkeleton />}>
      {isActing(state) ? (
        <SigningWorkspace link={link} opened={opened.data} />
      ) : (
        <EnvelopeStatusPage state={state} link={link} title={opened.data.envelope.title} />
      )}
    </Suspense>
  );
}
