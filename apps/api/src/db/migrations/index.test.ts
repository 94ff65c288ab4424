import { readdir } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { migrations } from "./index";

describe("the migration list", () => {
  it("holds every migration file of the folder, under its file name", async () => {
    const files = (await readdir(import.meta.dirname))
      .filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts") && file !== "index.ts")
      .map((file) => file.replace(/\.ts$/, ""));
    expect(Object.keys(migrations).sort()).toEqual(files.sort());
  });

  it("names migrations with a timestamp prefix, in the order they run", () => {
    const names = Object.keys(migrations);
    for (const name of names) expect(name).toMatch(/^\d{14}_[a-z0-9-]+$/);
    expect(names).toEqual([...names].sort());
  });
});
