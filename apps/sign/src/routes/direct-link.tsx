import { useNavigate } from "../app/navigation";
import { embeddedPath } from "../domain/embed";
import { DirectLinkPage } from "../features/direct-link/components/direct-link-page";
import { SignPublicLayout } from "../layouts/public-layout";

/**
 * `/d/<token>`: a template's direct link. Once the visitor's envelope is made, the app moves to
 * its signing page with the access link in the fragment, which that page reads and removes at
 * once, like a mailed one.
 */
export function DirectLinkRoute({ token }: { token: string }) {
  const navigate = useNavigate();
  return (
    <SignPublicLayout>
      <DirectLinkPage token={token} onReady={(path) => navigate(embeddedPath(path))} />
    </SignPublicLayout>
  );
}
