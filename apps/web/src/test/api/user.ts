import { TEST_PROFILE } from "./fixtures";
import { ok, type Handlers } from "./server";

/** POST /user/*: the profile of Léa, updated in place. */
export const userHandlers: Handlers = {
  "/user/profile": () => ok(TEST_PROFILE),
  "/user/update-profile": ({ body }) => ok({ ...TEST_PROFILE, ...(body as object) }),
  "/user/upload-picture": () => ok({ profilePictureUrl: TEST_PROFILE.profilePictureUrl }),
  "/user/remove-picture": () => ok({ removed: true }),
  // No data export asked for yet.
  "/user/data-export": () => ok({ export: null }),
};
