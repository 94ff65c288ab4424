import { Skeleton, cn } from "@paraphe/ui-kit";
import type { ReactNode } from "react";
import { QueryLoadError } from "../lib/load-failure";
import { PageSection } from "./page-section";

/** What a settings section's query gives it. */
interface SectionQuery<TData> {
  data: TData | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

export interface SettingsSectionProps<TData> {
  /** Id of the heading, which names the section. */
  headingId: string;
  title: string;
  description: ReactNode;
  /** Buttons beside the title from 640 px, under it on a phone. */
  actions?: ReactNode;
  /** A form beside its preview needs the wider section. */
  wide?: boolean;
  /** What the section shows, loaded. */
  query: SectionQuery<TData>;
  /** The page's own words for a load that failed (with the error and a retry beside them). */
  loadError: string;
  /** Said to screen readers while it loads. */
  loading: string;
  /** The skeleton's blocks while it loads, one class each (their heights). */
  skeletons: readonly string[];
  children: (data: TData) => ReactNode;
}

/**
 * The frame every settings page of one record shares (branding, retention, embedding, mail
 * sender, mail texts, webhooks): a section named by its `<h2>`, its description and actions, then
 * what its query loaded, or the skeleton while it loads, or the failure and a retry.
 */
export function SettingsSection<TData>({
  headingId,
  title,
  description,
  actions,
  wide = false,
  query,
  loadError,
  loading,
  skeletons,
  children,
}: SettingsSectionProps<TData>) {
  return (
    <PageSection
      headingId={headingId}
      title={title}
      description={description}
      actions={actions}
      className={wide ? "max-w-5xl" : "max-w-3xl"}
    >
      {query.isError ? (
        <QueryLoadError query={query} message={loadError} />
      ) : query.isPending || query.data === undefined ? (
        <div className="flex flex-col gap-2">
          <span role="status" className="sr-only">
            {loading}
          </span>
          {skeletons.map((height, index) => (
            <Skeleton key={index} className={cn(height, "w-full")} />
          ))}
        </div>
      ) : (
        children(query.data)
      )}
    </PageSection>
  );
}
