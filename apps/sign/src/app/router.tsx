import { type RouteObject } from "react-router";
import { ConfirmationRoute } from "../routes/confirmation";
import { NotFoundRoute } from "../routes/not-found";
import { RouteError } from "../routes/route-error";
import { SignRoute } from "../routes/sign";

/** The routes of the signing app (spec §2): the access link's page, the confirmation, not found. */
export function createSignRoutes(): RouteObject[] {
  return [
    {
      errorElement: <RouteError />,
      children: [
        { path: "/sign/:envelopeUuid", element: <SignRoute /> },
        { path: "/confirmation", element: <ConfirmationRoute /> },
        { path: "*", element: <NotFoundRoute /> },
      ],
    },
  ];
}
