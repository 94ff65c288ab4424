import type { QueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { forgetAccessLink, isEnvelopeUuid, takeAccessLink } from "../../../domain/access-link";
import { postEmbedEvent } from "../../../domain/embed";
import { useApi, type AccessLink, type OpenedEnvelope } from "../../../lib/api";
import { useProvideBranding } from "../../../lib/branding";
import { useSignVisit, type SignVisit } from "../../../lib/visit";
import { envelopeState, isActing } from "../lib/envelope-state";
import { type OpenedStatus, type SigningIntent } from "../lib/signing-intent";
import { loadQueriedSigningPage } from "../load";
import { AccessErrorPage } from "./access-error-page";
import { FirstPageView } from "./first-page-view";
import { SigningSkeleton } from "./signing-skeleton";

interface Queried {
  module: Awaited<ReturnType<typeof loadQueriedSigningPage>>;
  queryClient: QueryClient;
}

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

/** The query library and the workspace of a visit, once there: a page shown again does not wait. */
const queriedOf = new WeakMap<SignVisit, Queried>();

/**
 * The open call's answer first, as it comes (the entry's call, or the page's own): the first page's
 * view, with no wait for the query library; then the workspace's code (TanStack Query, the page's
 * query, the action bar's work, the dialogs, the fields' inputs), asked for once the first page is
 * on screen, takes over in the same places. A status page or an error asks for it at once.
 */
function OpenedSigningPage({ link }: { link: AccessLink }) {
  const api = useApi();
  const visit = useSignVisit();
  const [opening] = useState(() => visit.open(link));
  const [answer, setAnswer] = useState<{ opened: OpenedEnvelope } | { failed: true } | null>(null);
  const [workspace, setWorkspace] = useState<Queried | null>(() => queriedOf.get(visit) ?? null);
  const [intent, setIntent] = useState<SigningIntent | null>(null);
  const [status, setStatus] = useState<OpenedStatus | null>(null);

  useEffect(() => {
    let live = true;
    opening.then(
      (opened) => live && setAnswer({ opened }),
      () => live && setAnswer({ failed: true }),
    );
    return () => {
      live = false;
    };
  }, [opening]);

  const opened = answer !== null && "opened" in answer ? answer.opened : null;
  const asked = useRef(false);
  const comeWorkspace = useCallback(() => {
    const ready = queriedOf.get(visit);
    if (ready) {
      setWorkspace(ready);
      return;
    }
    if (asked.current) return;
    asked.current = true;
    void Promise.all([loadQueriedSigningPage(), visit.queryClient()]).then(
      ([module, queryClient]) => {
        module.takeOverOpening(queryClient, api, link, opening, opened);
        const loaded = queriedOf.get(visit) ?? { module, queryClient };
        queriedOf.set(visit, loaded);
        setWorkspace(loaded);
      },
    );
  }, [api, link, opening, opened, visit]);
  // What has no first page to show waits for nothing: the status pages, an error, a first page
  // that did not come with the answer.
  const firstView = opened !== null && isActing(envelopeState(opened)) && !!opened.firstPage;
  useEffect(() => {
    if (answer !== null && !firstView && workspace === null) comeWorkspace();
  }, [answer, firstView, workspace, comeWorkspace]);

  // What the page shows of the envelope: the entry's answer, then the page's query.
  const shown: OpenedStatus = status ?? {
    title: opened?.envelope.title,
    branding: opened === null ? undefined : (opened.branding ?? null),
    done: false,
    errorKind: null,
  };
  // The team's look for the layout above (header, footer, button colour) and the pages after.
  useProvideBranding(shown.branding);
  // Done with it (signed, declined, the envelope ended): the tab forgets the link's secret.
  useEffect(() => {
    if (shown.done) forgetAccessLink(link.envelopeUuid);
  }, [shown.done, link.envelopeUuid]);
  // In a frame: tell the embedding site when the envelope shows, or why it cannot.
  useEffect(() => {
    if (shown.title !== undefined) {
      postEmbedEvent({ type: "ready", payload: { kind: "sign", title: shown.title } });
    }
  }, [shown.title]);
  useEffect(() => {
    if (shown.errorKind !== null) {
      postEmbedEvent({ type: "error", payload: { code: shown.errorKind } });
    }
  }, [shown.errorKind]);

  // Keeps the first tap: a second one before the code comes does not undo it.
  const onIntent = useCallback((next: SigningIntent) => setIntent((kept) => kept ?? next), []);

  if (workspace !== null) {
    return (
      <workspace.module.QueriedSigningPage
        link={link}
        queryClient={workspace.queryClient}
        intent={intent}
        onStatus={setStatus}
      />
    );
  }
  if (!firstView) return <SigningSkeleton />;
  return <FirstPageView opened={opened} onIntent={onIntent} onFirstPageShown={comeWorkspace} />;
}
