import { EmbeddingPage } from "../features/embedding/components/embedding-page";

/** /settings/embedding: the sites that may frame the team's signing pages (Owner, Admin). */
export function SettingsEmbeddingRoute() {
  return <EmbeddingPage />;
}
