import { Navigate, Outlet, type RouteObject } from "react-router";
import { RequireSession } from "../features/session/components/require-session";
import { AppLayout } from "../layouts/app-layout/app-layout";
import { NotFoundRoute } from "../routes/not-found";
import { RouteError } from "../routes/route-error";

/**
 * The routes of the web app. Screens arrive with their issues (dashboard, envelopes, inbox,
 * templates, contacts, settings, login, onboarding); for now: the guarded layout, its redirects,
 * and the not-found page for every other path.
 */
export function createAppRoutes(): RouteObject[] {
  return [
    {
      element: <Outlet />,
      errorElement: <RouteError />,
      children: [
        {
          element: <RequireSession />,
          children: [
            {
              element: <AppLayout />,
              children: [
                // The dashboard's place: the layout alone until the dashboard issue gives it its content.
                { index: true, element: null },
                { path: "settings", element: <Navigate to="/settings/profile" replace /> },
              ],
            },
          ],
        },
        { path: "*", element: <NotFoundRoute /> },
      ],
    },
  ];
}
