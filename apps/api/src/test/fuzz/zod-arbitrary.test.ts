import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { RejectionWatch } from "./table-digest";
import { bodiesOf, bodyBytes, jsonOf } from "./bodies";
import { arbitraryOf } from "./zod-arbitrary";

const kinds = z.object({
  name: z.string().min(2).max(20),
  code: z.string().regex(/^[A-Z0-9]{6}$/),
  email: z.email(),
  uuid: z.uuid(),
  site: z.url().optional(),
  count: z.number().int().min(1).max(9),
  ratio: z.number().gt(0).lt(1),
  kind: z.enum(["signer", "approver"]),
  fixed: z.literal("v1"),
  tags: z.array(z.string().min(1).max(5)).min(1).max(3),
  note: z.string().max(10).nullable(),
  language: z.enum(["en", "fr"]).default("en"),
  choice: z.discriminatedUnion("type", [
    z.object({ type: z.literal("a"), a: z.boolean() }),
    z.object({ type: z.literal("b"), b: z.number().int().min(0).max(3) }),
  ]),
  meta: z.record(z.string(), z.unknown()).optional(),
  lowered: z
    .string()
    .min(1)
    .max(8)
    .transform((value) => value.toLowerCase()),
});

describe("the zod-to-fast-check translator", () => {
  it("generates bodies the schema accepts for bounded strings, formats, numbers, enums, literals, arrays, optional, nullable, default, unions and records", () => {
    fc.assert(
      fc.property(arbitraryOf(kinds), (value) => {
        expect(kinds.safeParse(value).error?.issues).toBeUndefined();
      }),
      { seed: 42, numRuns: 300 },
    );
  });

  it("keeps bodies a refinement refuses: generated from the base schema, some pass and some fail", () => {
    const even = z
      .number()
      .int()
      .min(0)
      .max(100)
      .refine((value) => value % 2 === 0);
    const outcomes = fc
      .sample(arbitraryOf(even), { seed: 7, numRuns: 200 })
      .map((value) => even.safeParse(value).success);
    expect(outcomes).toContain(true);
    expect(outcomes).toContain(false);
  });
});

describe("the fuzz bodies", () => {
  it("mix valid, mutated and raw bodies, every one of them non-empty on the wire", () => {
    const schema = z.object({ name: z.string().min(1).max(5) });
    const bodies = fc.sample(bodiesOf(schema, { name: "Ann" }, new Uint8Array([37, 80, 68, 70])), {
      seed: 3,
      numRuns: 400,
    });
    const accepted = bodies.filter((body) => schema.safeParse(jsonOf(body)).success);
    expect(accepted.length).toBeGreaterThan(0);
    expect(accepted.length).toBeLessThan(bodies.length);
    expect(bodies.some((body) => body.kind === "raw")).toBe(true);
    expect(bodies.some((body) => body.how.startsWith("drop a field"))).toBe(true);
    for (const body of bodies) expect(bodyBytes(body).length).toBeGreaterThan(0);
    // Deep nesting is written into the JSON text (JSON.stringify would overflow its stack).
    const nested = bodies.find((body) => body.how.startsWith("nested"));
    expect(nested?.kind).toBe("raw");
    expect(
      new TextDecoder().decode(nested === undefined ? new Uint8Array() : bodyBytes(nested)),
    ).toMatch(/(\[\[\[|\{"a":\{"a":)/);
  });
});

describe("the rejection watch", () => {
  it("names the tables a rejected call changed and the calls since the last digest", async () => {
    let digest = { envelope: "a", tag: "b" };
    const watch = new RejectionWatch(() => Promise.resolve(digest));
    await watch.checkpoint();
    watch.rejected("POST /tag/update {}");
    digest = { envelope: "a", tag: "changed" };
    await expect(watch.checkpoint()).rejects.toThrow(
      /rejected calls changed tag; .*\n {2}- POST \/tag\/update \{\}/,
    );
  });

  it("takes a success's changes as the new base", async () => {
    let digest = { tag: "b" };
    const watch = new RejectionWatch(() => Promise.resolve(digest));
    await watch.checkpoint();
    digest = { tag: "created" };
    await watch.checkpoint("accepted");
    watch.rejected("POST /tag/create {}");
    await expect(watch.checkpoint()).resolves.toBeUndefined();
    expect(watch.digests).toBe(3);
  });
});
