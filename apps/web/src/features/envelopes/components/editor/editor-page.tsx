import { useTranslation } from "@paraphe/i18n/react";
import { Skeleton } from "@paraphe/ui-kit";
import { Navigate } from "react-router";
import { usePageMeta } from "../../../../lib/page-meta";
import { useEnvelope } from "../../api/envelope-queries";
import { EnvelopeEditor } from "./envelope-editor";
import { QueryLoadError } from "../../../../lib/load-failure";

/** /envelopes/{workspaceUuid}/{envelopeUuid}/edit: drafts only; a sent envelope opens its view. */
export function EditorPage({ envelopeUuid }: { envelopeUuid: string }) {
  const envelope = useEnvelope(envelopeUuid);
  if (envelope.isPending) return <EditorLoading />;
  if (envelope.isError) {
    return <QueryLoadError query={envelope} />;
  }
  if (envelope.data.status !== "draft") {
    return (
      <Navigate
        to={`/envelopes/${envelope.data.workspaceUuid}/${envelope.data.uuid}/view`}
        replace
      />
    );
  }
  return <EnvelopeEditor key={envelope.data.uuid} envelope={envelope.data} />;
}

/** The editor while its document loads (envelope or template). */
export function EditorLoading() {
  const { t } = useTranslation("web");
  usePageMeta({ title: t("editor.loading") });
  return (
    <div className="flex flex-col gap-4">
      <span role="status" className="sr-only">
        {t("editor.loading")}
      </span>
      <Skeleton className="h-12 w-full" />
      <div className="flex flex-col gap-4 lg:grid lg:grid-cols-[20rem_1fr]">
        <Skeleton className="h-64 w-full" />
        <Skeleton className="aspect-[1/1.414] w-full" />
      </div>
    </div>
  );
}
