import { createHash } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { measureBundle } from "./reference-values";

const dirs: string[] = [];
async function bundle(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "paraphe-bundle-"));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) await writeFile(path.join(dir, name), text);
  return path.join(dir, "server.js");
}
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

describe("measureBundle", () => {
  it("is the SHA-256 of the entry file when it runs alone", async () => {
    const entry = await bundle({ "server.js": "console.log(1)" });
    expect(await measureBundle(entry)).toBe(
      createHash("sha256").update("console.log(1)").digest("hex"),
    );
  });

  it("covers the document worker beside the entry: changing the worker changes the measurement", async () => {
    const a = await measureBundle(await bundle({ "server.js": "s", "document-worker.js": "w1" }));
    const b = await measureBundle(await bundle({ "server.js": "s", "document-worker.js": "w2" }));
    const alone = await measureBundle(await bundle({ "server.js": "s" }));
    expect(a).not.toBe(b);
    expect(a).not.toBe(alone);
  });

  it("does not let bytes move between the entry and the worker unnoticed", async () => {
    const a = await measureBundle(await bundle({ "server.js": "ab", "document-worker.js": "c" }));
    const b = await measureBundle(await bundle({ "server.js": "a", "document-worker.js": "bc" }));
    expect(a).not.toBe(b);
  });
});
