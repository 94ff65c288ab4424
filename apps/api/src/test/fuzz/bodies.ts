/**
 * The request bodies of the fuzz: generated from the endpoint's request schema, a valid body of
 * the access matrix as is or mutated (a field dropped, a wrong type, an oversized string, extra
 * fields, deep nesting, a huge array, random or truncated file bytes), and raw texts that are not
 * JSON at all (invalid UTF-8, truncated JSON, a bare scalar). Not part of the server.
 */
import fc from "fast-check";
import { anyJson, arbitraryOf } from "./zod-arbitrary";

/** One body: a JSON value (sent as its JSON text), or raw bytes. */
export type FuzzBody =
  { kind: "json"; how: string; value: unknown } | { kind: "raw"; how: string; bytes: Uint8Array };

type Path = readonly (string | number)[];

/** The wire bytes of a body. */
export function bodyBytes(body: FuzzBody): Uint8Array {
  if (body.kind === "raw") return body.bytes;
  // A body of nothing cannot travel through the tunnel: `undefined` goes as JSON null.
  return new TextEncoder().encode(JSON.stringify(body.value) ?? "null");
}

/** The JSON value a body carries (undefined when its bytes are no JSON). */
export function jsonOf(body: FuzzBody): unknown {
  if (body.kind === "json") return body.value ?? null;
  try {
    return JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(body.bytes)) as unknown;
  } catch {
    return undefined;
  }
}

/** A short printable form of a body for failure reports (large parts cut). */
export function describeBody(body: FuzzBody): string {
  const text =
    body.kind === "json"
      ? (JSON.stringify(body.value) ?? "undefined")
      : `bytes ${Buffer.from(body.bytes.subarray(0, 600)).toString("base64")}`;
  const size = bodyBytes(body).length;
  return `${body.how} (${size} bytes): ${text.length > 1200 ? `${text.slice(0, 1200)}…` : text}`;
}

/** Every path inside `value` (the root first), up to a depth and a count. */
export function pathsOf(value: unknown, limit = 200): Path[] {
  const paths: Path[] = [];
  const walk = (node: unknown, path: Path) => {
    if (paths.length >= limit || path.length > 6) return;
    paths.push(path);
    if (Array.isArray(node)) node.forEach((item, index) => walk(item, [...path, index]));
    else if (typeof node === "object" && node !== null) {
      for (const [key, item] of Object.entries(node)) walk(item, [...path, key]);
    }
  };
  walk(value, []);
  return paths;
}

function valueAt(value: unknown, path: Path): unknown {
  let node = value;
  for (const key of path) node = (node as Record<string | number, unknown>)[key];
  return node;
}

/** A copy of `value` with the value at `path` replaced by `replace(old)` (removed when `DROP`). */
export function withAt(value: unknown, path: Path, replace: (old: unknown) => unknown): unknown {
  if (path.length === 0) return replace(value);
  const copy = structuredClone(value);
  const parent = valueAt(copy, path.slice(0, -1)) as Record<string | number, unknown>;
  const key = path[path.length - 1] as string | number;
  const next = replace(parent[key]);
  if (next === DROP) {
    if (Array.isArray(parent)) parent.splice(Number(key), 1);
    else delete parent[key];
  } else {
    parent[key] = next;
  }
  return copy;
}

/** What `withAt`'s replacement answers to remove the value. */
export const DROP = Symbol("drop");

/** A value of another JSON type than `old`. */
function wrongTypeOf(old: unknown): fc.Arbitrary<unknown> {
  const kinds: fc.Arbitrary<unknown>[] = [
    fc.string({ maxLength: 8 }),
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.boolean(),
    fc.constant(null),
    fc.array(fc.integer(), { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 4 }), fc.integer(), { maxKeys: 2 }),
  ];
  const typeOf = (value: unknown) =>
    value === null ? "null" : Array.isArray(value) ? "array" : typeof value;
  return fc.oneof(...kinds).filter((value) => typeOf(value) !== typeOf(old));
}

/**
 * Arrays or objects nested `depth` levels deep: written into the JSON text directly, since
 * JavaScript's own JSON.stringify and structuredClone overflow their stack a few thousand levels down.
 */
class Nesting {
  constructor(
    readonly depth: number,
    readonly asObjects: boolean,
  ) {}

  text(): string {
    return this.asObjects
      ? `${'{"a":'.repeat(this.depth)}0${"}".repeat(this.depth)}`
      : `${"[".repeat(this.depth)}0${"]".repeat(this.depth)}`;
  }
}

/** Where a `Nesting` goes in the JSON text before it is written in. */
const NESTING_MARK = "\u0000nesting\u0000";

/** A mutation of the value at a path: its name and the new value (or `DROP`). */
function mutationAt(old: unknown, pdf: Uint8Array): fc.Arbitrary<[string, unknown]> {
  const mutations: fc.Arbitrary<[string, unknown]>[] = [
    fc.constant(["drop a field", DROP]),
    wrongTypeOf(old).map((value) => ["wrong type", value]),
    fc
      .tuple(fc.integer({ min: 1_000, max: 100_000 }), fc.string({ minLength: 1, maxLength: 3 }))
      .map(([length, unit]) => ["oversized string", unit.repeat(Math.ceil(length / unit.length))]),
    fc
      .tuple(fc.integer({ min: 20, max: 100_000 }), fc.boolean())
      .map(([depth, asObjects]) => [`nested ${depth} deep`, new Nesting(depth, asObjects)]),
    fc
      .tuple(fc.integer({ min: 101, max: 20_000 }), fc.oneof(fc.constant(old), anyJson))
      .map(([count, item]) => [`array of ${count}`, new Array<unknown>(count).fill(item ?? 0)]),
    fc
      .dictionary(fc.string({ minLength: 1, maxLength: 12 }), anyJson, { minKeys: 1, maxKeys: 4 })
      .map((extra) => [
        "extra fields",
        typeof old === "object" && old !== null && !Array.isArray(old)
          ? { ...extra, ...old }
          : { ...extra, value: old },
      ]),
  ];
  if (typeof old === "string") mutations.push(fileBytes(pdf));
  return fc.oneof(...mutations);
}

/** The base64 of random bytes, of a truncated PDF, or text that is no base64 at all. */
function fileBytes(pdf: Uint8Array): fc.Arbitrary<[string, unknown]> {
  return fc.oneof<fc.Arbitrary<[string, unknown]>[]>(
    fc
      .uint8Array({ minLength: 0, maxLength: 4_096 })
      .map((bytes) => ["random file bytes", Buffer.from(bytes).toString("base64")]),
    fc
      .integer({ min: 0, max: Math.max(0, pdf.length - 1) })
      .map((length) => [
        `PDF cut at ${length} bytes`,
        Buffer.from(pdf.subarray(0, length)).toString("base64"),
      ]),
    fc
      .tuple(
        fc.integer({ min: 0, max: Math.max(0, pdf.length - 1) }),
        fc.uint8Array({ minLength: 1 }),
      )
      .map(([offset, junk]) => {
        const bytes = Buffer.from(pdf);
        bytes.set(junk.subarray(0, bytes.length - offset), offset);
        return [`PDF overwritten at ${offset}`, bytes.toString("base64")];
      }),
    fc.string({ minLength: 1, maxLength: 64 }).map((text) => ["not base64", `%${text}`]),
  );
}

/** A mutation of `valid`: one path of it changed. */
function mutated(valid: unknown, pdf: Uint8Array): fc.Arbitrary<FuzzBody> {
  const paths = pathsOf(valid);
  return fc.constantFrom(...paths).chain((path) =>
    mutationAt(valueAt(valid, path), pdf).map(([how, replacement]): FuzzBody => {
      if (replacement instanceof Nesting) {
        const text = JSON.stringify(withAt(valid, path, () => NESTING_MARK)) ?? "null";
        return {
          kind: "raw",
          how: `${how} at /${path.join("/")}`,
          bytes: new TextEncoder().encode(
            text.replace(JSON.stringify(NESTING_MARK), replacement.text()),
          ),
        };
      }
      const value =
        path.length === 0 && replacement === DROP
          ? undefined
          : withAt(valid, path, () => replacement);
      return { kind: "json", how: `${how} at /${path.join("/")}`, value };
    }),
  );
}

/** Bodies that are not a JSON object: invalid UTF-8, cut JSON, scalars, a byte-order mark. */
function rawTexts(valid: unknown): fc.Arbitrary<FuzzBody> {
  const validText = JSON.stringify(valid) ?? "{}";
  const raw = (how: string, bytes: Uint8Array): FuzzBody => ({ kind: "raw", how, bytes });
  const utf8 = (text: string) => new TextEncoder().encode(text);
  return fc.oneof(
    fc
      .uint8Array({ minLength: 1, maxLength: 256 })
      .map((bytes) => raw("random bytes", Uint8Array.from([0xff, 0xfe, ...bytes]))),
    fc
      .integer({ min: 1, max: Math.max(1, validText.length - 1) })
      .map((length) => raw(`JSON cut at ${length}`, utf8(validText.slice(0, length)))),
    fc
      .integer({ min: 0, max: validText.length })
      .map((offset) =>
        raw(
          `invalid UTF-8 at ${offset}`,
          Uint8Array.from([
            ...utf8(validText.slice(0, offset)),
            0xc3,
            0x28,
            0xed,
            0xa0,
            0x80,
            ...utf8(validText.slice(offset)),
          ]),
        ),
      ),
    fc
      .constantFrom("null", "42", '"text"', "[]", "true", "{", "{}}", "\u0000")
      .map((text) => raw(`text ${JSON.stringify(text)}`, utf8(text))),
    fc.constant(raw("byte-order mark", Uint8Array.from([0xef, 0xbb, 0xbf, ...utf8(validText)]))),
    fc
      .string({ unit: "binary", minLength: 1, maxLength: 64 })
      .map((text) => raw("random text", utf8(text))),
  );
}

/**
 * The bodies of one endpoint: generated from `schema`, `valid` as is, mutations of `valid`, and
 * raw texts.
 */
export function bodiesOf(schema: unknown, valid: unknown, pdf: Uint8Array): fc.Arbitrary<FuzzBody> {
  return (
    fc
      .oneof(
        {
          weight: 4,
          arbitrary: arbitraryOf(schema).map((value): FuzzBody => ({
            kind: "json",
            how: "generated",
            value,
          })),
        },
        {
          weight: 1,
          arbitrary: fc.constant<FuzzBody>({ kind: "json", how: "valid", value: valid }),
        },
        { weight: 5, arbitrary: mutated(valid, pdf) },
        { weight: 1, arbitrary: rawTexts(valid) },
      )
      // fast-check prints a failing body with this (its own printer overflows on deep nesting).
      .map((body) => Object.assign(body, { [fc.toStringMethod]: () => describeBody(body) }))
  );
}
