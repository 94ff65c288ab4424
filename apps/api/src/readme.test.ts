import { readFile } from "node:fs/promises";
import path from "node:path";
import { errorCatalogue } from "@paraphe/api-sdk/contract";
import { beforeAll, describe, expect, it } from "vitest";
import { configTableMarkdown } from "./config";

describe("the README", () => {
  let readme: string;

  beforeAll(async () => {
    readme = await readFile(path.join(import.meta.dirname, "..", "README.md"), "utf8");
  });

  it("holds the configuration table generated from configVariables, word for word", () => {
    expect(readme).toContain(configTableMarkdown());
  });

  it("is copied into the repository README so that the first page stays true", async () => {
    const rootReadme = await readFile(
      path.join(import.meta.dirname, "..", "..", "..", "README.md"),
      "utf8",
    );
    expect(rootReadme).toContain(configTableMarkdown());
  });

  it("lists every error code with its HTTP status and message", () => {
    for (const [code, definition] of Object.entries(errorCatalogue)) {
      expect(readme).toContain(`| \`${code}\` | ${definition.status} | ${definition.message} |`);
    }
  });
});
