import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { expect, test } from "@playwright/test";
import { signInAndReadProfile } from "../../../packages/api-sdk/examples/sign-in";
import { API_URL, loginCodeOf, uniqueEmail, waitForMail } from "./support";

test("the api SDK's Node example signs in with the mailed code and reads the profile", async () => {
  const email = uniqueEmail("sdk");
  const profile = await signInAndReadProfile({
    baseUrl: API_URL,
    email,
    readCode: async (to) => loginCodeOf(await waitForMail(to)),
    // The values the api's build produced, as the apps pin them: never asked of the server.
    referenceValues: JSON.parse(
      readFileSync(
        resolve(import.meta.dirname, "../../../apps/api/dist/reference-values.json"),
        "utf8",
      ),
    ) as Record<string, string>,
  });
  expect(profile.email).toBe(email);
  expect(profile.team).toBeNull();
});
