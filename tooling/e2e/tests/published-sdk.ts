import { execFile } from "node:child_process";
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);
const root = resolve(import.meta.dirname, "../../..");
const consumerSource = resolve(import.meta.dirname, "../published-sdk");

/** A project outside the workspace with every package of `packages/` installed from its tarball. */
export interface ConsumerProject {
  dir: string;
  /** Runs a command of the project (`node`, `npx`) in its folder. */
  exec(command: string, args: string[], env?: Record<string, string>): Promise<string>;
  remove(): Promise<void>;
}

/** The version the workspace's pnpm catalog pins for `name` (one source of truth for React, Vite). */
async function catalogVersion(name: string): Promise<string> {
  const workspace = await readFile(join(root, "pnpm-workspace.yaml"), "utf8");
  const escaped = name.replace(/[/@.-]/g, "\\$&");
  const match = new RegExp(`^\\s+"?${escaped}"?:\\s*(\\S+)\\s*$`, "m").exec(workspace);
  if (match?.[1] === undefined) throw new Error(`${name} is not in the pnpm catalog`);
  return match[1];
}

/**
 * Packs every package of `packages/` (their `dist`, built by the browser suite's build) as pnpm
 * publishes it, and installs the tarballs with npm in a new folder outside the workspace, with
 * React and Vite, so that nothing resolves through the monorepo.
 */
export async function installPublishedPackages(): Promise<ConsumerProject> {
  const base = await mkdtemp(join(tmpdir(), "paraphe-published-sdk-"));
  const packs = join(base, "packs");
  const dir = join(base, "consumer");
  await mkdir(packs);
  const packageDirs = (await readdir(join(root, "packages"), { withFileTypes: true }))
    .filter((entry) => entry.isDirectory())
    .map((entry) => join(root, "packages", entry.name));
  for (const packageDir of packageDirs) {
    await run("pnpm", ["pack", "--pack-destination", packs], { cwd: packageDir });
  }
  const tarballs = new Map<string, string>();
  for (const packageDir of packageDirs) {
    const manifest = JSON.parse(await readFile(join(packageDir, "package.json"), "utf8")) as {
      name: string;
      version: string;
    };
    const file = `${manifest.name.replace("@", "").replace("/", "-")}-${manifest.version}.tgz`;
    tarballs.set(manifest.name, `file:${join(packs, file)}`);
  }

  await cp(consumerSource, dir, { recursive: true });
  await cp(join(root, "apps/api/dist/reference-values.json"), join(dir, "reference-values.json"));
  const packed = Object.fromEntries(tarballs);
  await writeFile(
    join(dir, "package.json"),
    JSON.stringify(
      {
        name: "paraphe-sdk-consumer",
        private: true,
        type: "module",
        dependencies: {
          ...packed,
          react: await catalogVersion("react"),
          "react-dom": await catalogVersion("react-dom"),
          vite: await catalogVersion("vite"),
          "@vitejs/plugin-react": await catalogVersion("@vitejs/plugin-react"),
        },
        // The packages name each other by version: the tarballs answer those names too.
        overrides: packed,
      },
      null,
      2,
    ),
  );
  await run("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", "--loglevel=error"], {
    cwd: dir,
    maxBuffer: 16 * 1024 * 1024,
  });

  return {
    dir,
    async exec(command, args, env = {}) {
      const { stdout } = await run(command, args, {
        cwd: dir,
        env: { ...process.env, ...env },
        maxBuffer: 16 * 1024 * 1024,
      });
      return stdout;
    },
    remove: () => rm(base, { recursive: true, force: true }),
  };
}
