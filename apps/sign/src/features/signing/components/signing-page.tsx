import { useQuery } from "@tanstack/react-query";
import { Suspense, useState } from "react";
import { isEnvelopeUuid, takeAccessLink } from "../../../domain/access-link";
import { useApi, type AccessLink } from "../../../lib/api";
import { openEnvelopeQueryOptions } from "../api/signing-queries";
import { accessErrorKind } from "../lib/access-error";
import { envelopeState, isActing } from "../lib/envelope-state";
import { AccessErrorPage } from "./access-error-page";
import { EnvelopeStatusPage, SigningWorkspace } from "../lazy";
import { SigningSkeleton } from "./signing-skeleton";

/**
 * `/sign/{envelopeUuid}#token=...&secret=...`: reads the access link from the fragment (then clears
 * it from the address bar), opens the envelope, and shows the document to sign, or why it cannot be
 * signed, or one of the spec's three errors.
 */
export function SigningPage({ envelopeUuid }: { envelopeUuid: string }) {
  const [link] = useState(() => takeAccessLink(envelopeUuid));
  if (!isEnvelopeUuid(envelopeUuid)) return <AccessErrorPage kind="notFound" />;
  if (!link) return <AccessErrorPage kind="invalidLink" />;
  return <OpenedSigningPage link={link} />;
}

function OpenedSigningPage({ link }: { link: AccessLink }) {
  const api = useApi();
  const opened = useQuery(openEnvelopeQueryOptions(api, link));
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
  const state = envelopeState(opened.data);
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
