import { TEST_PROFILE } from "./fixtures";
import { ok, type Handlers } from "./server";

/** POST /team/create: answers the profile with its new team. */
export const teamHandlers: Handlers = {
  /** POST /sso/get: a team without single sign-on. */
  "/sso/get": () => ok({ configuration: null, callbackUrl: "http://localhost:5173/auth/oidc" }),
  /** POST /sso/list-domains: no domain claimed yet. */
  "/sso/list-domains": () => ok({ domains: [] }),
  "/team/create": ({ body }) => {
    const { name, firstname, lastname } = body as {
      name: string;
      firstname: string;
      lastname: string;
    };
    return ok({
      ...TEST_PROFILE,
      firstname,
      lastname,
      team: { ...TEST_PROFILE.team, name },
    });
  },
};
