import { execFile } from "node:child_process";
import { realpathSync } from "node:fs";
import { mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { createServer } from "node:http";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { promisify } from "node:util";

// A site of another origin whose page is `ParapheSigning`, the React component of `@paraphe/embed`
// as published: the built package packed with `pnpm pack`, installed with npm in a folder outside
// the workspace (as published-sdk.ts does for the SDK), React and React DOM beside it, bundled by
// esbuild. The page signs the link in its fragment and notes every callback's payload in
// `window.parapheEvents`, as the custom element's page does with its DOM events.

const run = promisify(execFile);
const root = resolve(import.meta.dirname, "../../..");
const embedDir = join(root, "packages/embed");

const APP = `import { createRoot } from "react-dom/client";
import { ParapheSigning } from "@paraphe/embed/react";

window.parapheEvents = [];
const note = (name) => (detail) => window.parapheEvents.push({ name, detail });
createRoot(document.getElementById("root")).render(
  <ParapheSigning
    url={decodeURIComponent(location.hash.slice(1))}
    theme={{ radius: "4px" }}
    style={{ height: "100vh" }}
    onReady={note("ready")}
    onPageRead={note("page-read")}
    onSigned={note("signed")}
    onCompleted={note("completed")}
    onDeclined={note("declined")}
    onError={note("error")}
  />,
);
`;

const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Embedding site (React)</title></head>
<body style="margin:0"><div id="root"></div><script type="module" src="/app.js"></script></body>
</html>`;

/** Packs the built package, installs the tarball and bundles the page; answers its folder. */
async function bundle(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "paraphe-embed-react-"));
  await run("pnpm", ["pack", "--pack-destination", dir], { cwd: embedDir });
  const { version } = JSON.parse(await readFile(join(embedDir, "package.json"), "utf8")) as {
    version: string;
  };
  await writeFile(
    join(dir, "package.json"),
    JSON.stringify({
      name: "paraphe-embed-consumer",
      private: true,
      type: "module",
      dependencies: { "@paraphe/embed": `file:./paraphe-embed-${version}.tgz` },
    }),
  );
  await run("npm", ["install", "--no-audit", "--no-fund", "--offline", "--loglevel=error"], {
    cwd: dir,
  });
  // React, the package's peer dependency, as the workspace's catalog pins it (no registry here).
  const fromEmbed = createRequire(join(embedDir, "package.json"));
  for (const name of ["react", "react-dom"]) {
    const installed = dirname(realpathSync(fromEmbed.resolve(`${name}/package.json`)));
    await symlink(installed, join(dir, "node_modules", name), "dir");
  }
  await writeFile(join(dir, "app.jsx"), APP);
  // The esbuild that the workspace's tsx runs on.
  const tsx = realpathSync(resolve(import.meta.dirname, "../node_modules/tsx/package.json"));
  const esbuild = join(dirname(createRequire(tsx).resolve("esbuild/package.json")), "bin/esbuild");
  await run(
    esbuild,
    [
      "app.jsx",
      "--bundle",
      "--format=esm",
      "--jsx=automatic",
      "--minify",
      '--define:process.env.NODE_ENV="production"',
      "--outfile=app.js",
      "--log-level=error",
    ],
    { cwd: dir },
  );
  return dir;
}

/** The running site of {@link serveReactSigningPage}; `close` stops it and removes its folder. */
export interface ReactSigningSite {
  close: () => Promise<void>;
}

/** Serves the React page at / (the link to sign in its fragment) and its bundle on `port`. */
export async function serveReactSigningPage(port: number): Promise<ReactSigningSite> {
  const dir = await bundle();
  const script = await readFile(join(dir, "app.js"));
  const server = createServer((request, response) => {
    const path = (request.url ?? "/").split(/[?#]/)[0] ?? "/";
    if (path === "/") {
      response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end(PAGE);
    } else if (path === "/app.js") {
      response.writeHead(200, { "Content-Type": "text/javascript" }).end(script);
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((done) => server.listen(port, done));
  return {
    close: async () => {
      await new Promise((done) => server.close(done));
      await rm(dir, { recursive: true, force: true });
    },
  };
}
