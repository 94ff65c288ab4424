#!/usr/bin/env node
// Checks a package the way its users receive it: packs it with pnpm (catalog: and workspace:
// versions resolved), then runs publint (strict) and Are The Types Wrong on the tarball.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const run = (cmd, args) => execFileSync(cmd, args, { stdio: "inherit" });
const dir = mkdtempSync(join(tmpdir(), "paraphe-pack-"));
try {
  execFileSync("pnpm", ["pack", "--pack-destination", dir], {
    stdio: ["ignore", "ignore", "inherit"],
  });
  const tarball = readdirSync(dir).find((f) => f.endsWith(".tgz"));
  if (!tarball) throw new Error("pnpm pack produced no tarball");
  run("pnpm", ["exec", "publint", "--strict", join(dir, tarball)]);
  run("pnpm", [
    "exec",
    "attw",
    join(dir, tarball),
    "--profile",
    "esm-only",
    "--format",
    "table-flipped",
  ]);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
