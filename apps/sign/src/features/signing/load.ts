// The signing page's workspace and what needs the query library (TanStack Query, the page's query,
// the workspace, the status and error pages) arrive as a chunk of their own, once the first page
// shows (`signing-page.tsx`). Without React, so that anything can name it.
export const loadQueriedSigningPage = () => import("./components/queried-signing-page");
