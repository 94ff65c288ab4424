#!/usr/bin/env node
// `npm start`: on the pinned Node.js (.node-version; fetched from the npm registry into .cache/ when
// the system's is another), install with the pinned pnpm, build, then run the api (which creates and
// migrates the embedded database under .data/), the team web app and the signing app from
// production builds.
import {
  mustRun,
  pnpmEnv,
  root,
  startChild,
  stopChild,
  usePinnedNode,
  waitForUrl,
} from "./lib.mjs";

await usePinnedNode();
const env = pnpmEnv();
mustRun("pnpm", ["install", "--frozen-lockfile"], { env });
mustRun(
  "pnpm",
  [
    "turbo",
    "run",
    "build",
    "--filter=@paraphe/api",
    "--filter=@paraphe/web",
    "--filter=@paraphe/sign",
  ],
  { env },
);

const apiPort = process.env.API_PORT ?? "3000";
const webPort = process.env.WEB_PORT ?? "5173";
const signPort = process.env.SIGN_PORT ?? "5174";
const apiUrl = `http://localhost:${apiPort}`;
const webUrl = `http://localhost:${webPort}`;
const signUrl = `http://localhost:${signPort}`;

const children = [];
let stopping = false;
async function stopAll(code) {
  if (stopping) return;
  stopping = true;
  console.log("\nStopping the api, the web app and the signing app ...");
  await Promise.all(children.map((child) => stopChild(child, "SIGINT")));
  process.exit(code);
}
process.on("SIGINT", () => void stopAll(0));
process.on("SIGTERM", () => void stopAll(0));

const runtimeEnv = { ...env, NODE_ENV: process.env.NODE_ENV ?? "development" };
const api = startChild("api", process.execPath, ["apps/api/dist/server.js"], {
  // The development mailbox: the api listens on 127.0.0.1 by default, so only this machine reads it.
  env: { ...runtimeEnv, API_PORT: apiPort, DEV_MAILBOX: process.env.DEV_MAILBOX ?? "1" },
  cwd: root,
});
const preview = (name, port) =>
  startChild(
    name,
    "pnpm",
    ["--filter", `@paraphe/${name}`, "exec", "vite", "preview", "--port", port, "--strictPort"],
    {
      env: runtimeEnv,
    },
  );
children.push(api);
const web = preview("web", webPort);
const sign = preview("sign", signPort);
children.push(web, sign);
for (const child of children) {
  child.on("exit", (code) => {
    if (!stopping) {
      console.error(`A process stopped unexpectedly (exit code ${code}).`);
      void stopAll(1);
    }
  });
}

try {
  await Promise.all([
    waitForUrl(`${apiUrl}/health`, { child: api }),
    waitForUrl(webUrl, { child: web }),
    waitForUrl(signUrl, { child: sign }),
  ]);
} catch (error) {
  console.error(String(error));
  await stopAll(1);
}

console.log(`
Paraphe is running.

  Team web app        ${webUrl}
  Signing app         ${signUrl}
  API                 ${apiUrl}   (health: ${apiUrl}/health)
  Development mailbox ${apiUrl}/dev/mailbox

Logging in: open the team web app and enter your email address; every mail the api sends
(sign-in codes, invitations, signing links) lands in the development mailbox above while
SMTP_URL is not set. Data lives in .data/ (delete it to start afresh).

Press Ctrl-C to stop all three.
`);
