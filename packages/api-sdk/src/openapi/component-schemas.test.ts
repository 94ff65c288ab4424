import { describe, expect, it } from "vitest";
import { z } from "zod";
import { buildComponentSchemas } from "./component-schemas";

describe("the document's component schemas", () => {
  const name = z.string().max(10);
  const page = z.object({ limit: z.number().int().default(25) });
  const query = z.object({ page, name });
  const answer = z.object({ name, page });
  const unused = z.object({ never: z.boolean() });

  const built = buildComponentSchemas({
    named: new Map<z.ZodType, string>([
      [name, "Name"],
      [page, "Page"],
      [query, "Query"],
      [answer, "Answer"],
      [unused, "Unused"],
    ]),
    roots: [
      { schema: query, use: "request" },
      { schema: answer, use: "response" },
    ],
  });

  it("writes a schema that reads the same both ways once, for requests and answers", () => {
    expect(built.schemas.Name).toEqual({ type: "string", maxLength: 10 });
    expect(built.schemas.Query?.properties).toMatchObject({
      name: { $ref: "#/components/schemas/Name" },
    });
    expect(built.schemas.Answer?.properties).toMatchObject({
      name: { $ref: "#/components/schemas/Name" },
    });
  });

  it("gives a schema used both ways with a default a second, Input, component for requests", () => {
    expect(built.schemas.Page?.required).toEqual(["limit"]);
    expect(built.schemas.PageInput?.required).toBeUndefined();
    expect(built.schemas.Query?.properties).toMatchObject({
      page: { $ref: "#/components/schemas/PageInput" },
    });
    expect(built.ref(page, "request")).toEqual({ $ref: "#/components/schemas/PageInput" });
    expect(built.ref(page, "response")).toEqual({ $ref: "#/components/schemas/Page" });
    // Query is only a request: it keeps its name.
    expect(built.ref(query, "request")).toEqual({ $ref: "#/components/schemas/Query" });
  });

  it("leaves out what no request or answer reaches, and keeps answers open to new fields", () => {
    expect(Object.keys(built.schemas)).toEqual(["Answer", "Name", "Page", "PageInput", "Query"]);
    expect(built.schemas.Answer).not.toHaveProperty("additionalProperties");
    expect(built.schemas.Answer).not.toHaveProperty("$schema");
    expect(built.schemas.Answer).not.toHaveProperty("$id");
  });

  it("keeps a strict object closed", () => {
    const strict = z.strictObject({ only: z.string() });
    const closed = buildComponentSchemas({
      named: new Map<z.ZodType, string>([[strict, "Strict"]]),
      roots: [{ schema: strict, use: "response" }],
    });
    expect(closed.schemas.Strict?.additionalProperties).toBe(false);
  });

  it("describes what JSON Schema cannot express as an open schema instead of failing", () => {
    const odd = z.object({
      when: z.date(),
      shouted: z.string().transform((value) => value.toUpperCase()),
      even: z.number().refine((value) => value % 2 === 0),
    });
    const both = buildComponentSchemas({
      named: new Map<z.ZodType, string>([[odd, "Odd"]]),
      roots: [
        { schema: odd, use: "request" },
        { schema: odd, use: "response" },
      ],
    });
    expect(both.schemas.Odd?.properties).toEqual({
      when: {},
      shouted: {},
      even: { type: "number" },
    });
    expect(both.schemas.OddInput?.properties).toMatchObject({ shouted: { type: "string" } });
  });

  it("refuses a root schema without a name", () => {
    expect(() =>
      buildComponentSchemas({ named: new Map(), roots: [{ schema: name, use: "request" }] }),
    ).toThrow("every root schema of the document needs a name");
  });
});
