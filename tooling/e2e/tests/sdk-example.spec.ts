import { expect, test } from "@playwright/test";
import { signInAndReadProfile } from "../../../packages/api-sdk/examples/sign-in";
import { API_URL, loginCodeOf, uniqueEmail, waitForMail } from "./support";

test("the api SDK's Node example signs in with the mailed code and reads the profile", async () => {
  const email = uniqueEmail("sdk");
  const profile = await signInAndReadProfile({
    baseUrl: API_URL,
    email,
    readCode: async (to) => loginCodeOf(await waitForMail(to)),
  });
  expect(profile.email).toBe(email);
  expect(profile.team).toBeNull();
});
