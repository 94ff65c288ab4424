import { TagsPage } from "../features/tags/components/tags-page";

/** /settings/tags */
export function SettingsTagsRoute() {
  return <TagsPage />;
}
