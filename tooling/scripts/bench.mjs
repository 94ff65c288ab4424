#!/usr/bin/env node
// `pnpm bench`: the benchmarks (bench/) on the pinned Node.js (.node-version; fetched from the npm
// registry into .cache/ when the system's is another), so that their figures are the runtime's the
// product runs on. Arguments go to bench/run.ts as they are (`--quick`, `--only=NAME`).
import { pnpmEnv, run, usePinnedNode } from "./lib.mjs";

await usePinnedNode();
process.exit(
  run("pnpm", ["--filter", "@paraphe/bench", "bench", ...process.argv.slice(2)], {
    env: pnpmEnv(),
  }),
);
