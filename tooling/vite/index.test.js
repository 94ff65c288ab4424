import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build, preview } from "vite";
import { afterEach, describe, expect, it } from "vitest";
import { securityHeadersPlugin } from "./index.js";
import { securityHeaders, staticHostHeadersFile } from "./security-headers.js";

const API_URL = "https://api.paraphe.example";
const roots = [];
const servers = [];

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
  await Promise.all(roots.splice(0).map((root) => rm(root, { recursive: true, force: true })));
});

/** A one-page app whose production env names the api, as a deployment's build would. */
async function appWithApiUrl(apiUrl, otherVariables = "") {
  const root = await mkdtemp(join(tmpdir(), "paraphe-vite-config-"));
  roots.push(root);
  await writeFile(
    join(root, "index.html"),
    '<!doctype html><script type="module" src="/main.js"></script>',
  );
  await writeFile(join(root, "main.js"), "document.title = 'app';\n");
  await writeFile(join(root, ".env.production"), `VITE_API_URL=${apiUrl}\n${otherVariables}`);
  return root;
}

const quiet = { configFile: false, logLevel: "silent" };

describe("securityHeadersPlugin", () => {
  it("writes dist/_headers with the policy of the build's VITE_API_URL, and vite preview sends the same headers", async () => {
    const root = await appWithApiUrl(API_URL);
    const plugins = [securityHeadersPlugin({ referrerPolicy: "no-referrer" })];
    await build({ ...quiet, root, plugins });

    const expected = securityHeaders({ apiUrl: API_URL, referrerPolicy: "no-referrer" });
    expect(await readFile(join(root, "dist/_headers"), "utf8")).toBe(
      staticHostHeadersFile(expected),
    );

    const server = await preview({ ...quiet, root, plugins, preview: { port: 0 } });
    servers.push(server);
    const base = server.resolvedUrls?.local[0];
    expect(base).toBeDefined();
    for (const path of ["", "some/route"]) {
      const response = await fetch(`${base}${path}`);
      expect(response.status).toBe(200);
      for (const [name, value] of Object.entries(expected)) {
        expect(response.headers.get(name), `${path} ${name}`).toBe(value);
      }
    }
    expect(expected["Content-Security-Policy"]).toContain(`connect-src 'self' ${API_URL}`);
  });

  it("opens the policy to Google only when every Google Drive variable of the build is set", async () => {
    const variables = ["VITE_GOOGLE_CLIENT_ID", "VITE_GOOGLE_APP_ID"];
    const half = await appWithApiUrl(API_URL, "VITE_GOOGLE_CLIENT_ID=client.apps\n");
    await build({
      ...quiet,
      root: half,
      plugins: [securityHeadersPlugin({ googleDriveVariables: variables })],
    });
    expect(await readFile(join(half, "dist/_headers"), "utf8")).not.toContain("google");

    const both = await appWithApiUrl(
      API_URL,
      "VITE_GOOGLE_CLIENT_ID=client.apps\nVITE_GOOGLE_APP_ID=123456\n",
    );
    await build({
      ...quiet,
      root: both,
      plugins: [securityHeadersPlugin({ googleDriveVariables: variables })],
    });
    expect(await readFile(join(both, "dist/_headers"), "utf8")).toBe(
      staticHostHeadersFile(securityHeaders({ apiUrl: API_URL, googleDrive: true })),
    );
  });

  it("stops the build when VITE_API_URL cannot go into the policy", async () => {
    const root = await appWithApiUrl("https://api.paraphe.example/;script-src *");
    await expect(build({ ...quiet, root, plugins: [securityHeadersPlugin()] })).rejects.toThrow(
      /VITE_API_URL/,
    );
  });
});
