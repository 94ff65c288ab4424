import { spawn } from "node:child_process";
import { resolve } from "node:path";
import { expect, test } from "@playwright/test";
import { API_URL, loginCodeOf, uniqueEmail, waitForMail } from "./support";

const root = resolve(import.meta.dirname, "../../..");
const tsx = resolve(import.meta.dirname, "../node_modules/.bin/tsx");

test("the api SDK's Node example signs in with the mailed code and reads the profile", async () => {
  const email = uniqueEmail("sdk");
  // The example runs as a script, as its README says: it asks for the mailed code on its input.
  const example = spawn(
    tsx,
    ["--conditions=@paraphe/source", "packages/api-sdk/examples/sign-in.ts"],
    {
      cwd: root,
      env: {
        ...process.env,
        PARAPHE_API_URL: API_URL,
        PARAPHE_EMAIL: email,
        // The values the api's build produced, as the apps pin them: never asked of the server.
        PARAPHE_REFERENCE_VALUES_FILE: resolve(root, "apps/api/dist/reference-values.json"),
      },
    },
  );
  let output = "";
  let errors = "";
  example.stdout.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  example.stderr.setEncoding("utf8").on("data", (chunk: string) => (errors += chunk));
  const exited = new Promise<number | null>((done) => example.on("close", done));

  const code = loginCodeOf(await waitForMail(email));
  example.stdin.end(`${code}\n`);

  expect(await exited, errors).toBe(0);
  expect(output).toContain(`Signed in as ${email}; team: (none yet)`);
});
