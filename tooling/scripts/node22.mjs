#!/usr/bin/env node
// `pnpm test:node22`: the unit and integration suites on Node.js 22, the oldest Node.js the project
// supports (it runs on the Node.js 24 pinned in .node-version). Node 22 comes from the npm registry
// (the `node` package, pinned below) into .cache/node22, so no system install is needed; it is put
// first on PATH for turbo's tasks.
// `--quick` (what `npm test` runs) runs the suites of the code that runs on Node.js: the published
// packages and the tooling, and the parts of the api's integration suite that touch the runtime most
// (the tunnel, the app, the runtime, HTTP). It leaves out the two apps' suites, whose code runs in
// the browser (their suites run on Node 24 in the same `npm test`). Without it, every suite runs,
// both apps' and the api's whole integration suite included.
import { envWithNode, installNode, mustRun, pnpmEnv } from "./lib.mjs";

const NODE_22 = "22.23.3";
const quick = process.argv.includes("--quick");
const bin = installNode(NODE_22, "node22");

const env = envWithNode(bin, NODE_22, pnpmEnv());
mustRun("node", ["--version"], { env });
// Turbo's cache keys carry the Node.js a task runs on (PARAPHE_NODE, see lib.mjs): a result of
// Node 24 is never taken for one of Node 22.
// The quick run keeps what depends on the runtime: the packages that use its cryptography (the
// tunnel, attestation and the SDK over them), and in the api the tunnel, the runtime checks, the
// app's start, and reading and sealing PDFs (pdf.js 6 needs Node 22).
const filters = quick
  ? [
      "--filter=@paraphe/tunnel-client",
      "--filter=@paraphe/attestation",
      "--filter=@paraphe/api-sdk",
    ]
  : [];
mustRun(
  "pnpm",
  ["turbo", "run", "test", "--concurrency=2", "--output-logs=errors-only", ...filters],
  { env },
);
if (quick) {
  mustRun(
    "pnpm",
    [
      "--filter",
      "@paraphe/api",
      "exec",
      "vitest",
      "run",
      "src/tunnel/handshake.test.ts",
      "src/tunnel/sealed-requests.test.ts",
      "src/app.test.ts",
      "src/runtime.test.ts",
      "src/documents/inspect.test.ts",
      "src/documents/seal.test.ts",
    ],
    { env },
  );
}
console.log(`\n✓ The suites passed on Node.js ${NODE_22}.`);
