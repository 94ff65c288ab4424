/**
 * A small zod-4-to-fast-check translator for the schema kinds the contract uses: an arbitrary of
 * request bodies of the schema's input side. Bounds, formats and patterns steer the values towards
 * ones the schema accepts; refinements, cross-field rules and the few kinds it does not model are
 * left to chance, so the bodies it gives are mostly valid and some invalid (the fuzz sends both).
 * Not part of the server.
 */
import fc from "fast-check";

interface CheckDef {
  check: string;
  format?: string;
  pattern?: RegExp;
  minimum?: number;
  maximum?: number;
  length?: number;
  value?: number | bigint;
  inclusive?: boolean;
}

interface SchemaDef {
  type: string;
  checks?: readonly { _zod: { def: CheckDef } }[];
  format?: string;
  pattern?: RegExp;
  shape?: Readonly<Record<string, unknown>>;
  catchall?: unknown;
  innerType?: unknown;
  element?: unknown;
  options?: readonly unknown[];
  entries?: Readonly<Record<string, string | number>>;
  values?: readonly unknown[];
  in?: unknown;
  left?: unknown;
  right?: unknown;
  keyType?: unknown;
  valueType?: unknown;
  items?: readonly unknown[];
  rest?: unknown;
  getter?: () => unknown;
}

interface ZodInternals {
  _zod: { def: SchemaDef; optin?: "optional" };
}

function internals(schema: unknown): ZodInternals["_zod"] {
  if (typeof schema !== "object" || schema === null || !("_zod" in schema)) {
    throw new TypeError("not a zod 4 schema");
  }
  return (schema as ZodInternals)._zod;
}

/** The definition of a zod 4 schema (its `type`, checks and parts). */
export function schemaDef(schema: unknown): SchemaDef {
  return internals(schema).def;
}

function checksOf(def: SchemaDef): CheckDef[] {
  const checks = (def.checks ?? []).map((check) => check._zod.def);
  // `z.email()`, `z.uuid()`, `z.url()`: the format is the schema's own definition.
  if (def.format !== undefined) {
    checks.unshift({
      check: "string_format",
      format: def.format,
      ...(def.pattern === undefined ? {} : { pattern: def.pattern }),
    });
  }
  return checks;
}

/** How long generated strings and arrays get above their minimum (the api's limits are larger). */
const STRING_SPREAD = 40;
const ARRAY_SPREAD = 4;
/** Past this depth, recursive schemas (lazy) stop. */
const MAX_DEPTH = 8;

/** Any JSON value, small: for `unknown` and kinds that have no input of their own. */
export const anyJson: fc.Arbitrary<unknown> = fc.jsonValue({ maxDepth: 2 });

/**
 * The URL on a host under `.invalid` (RFC 2606: never resolves), so that calls which fetch a URL
 * they are given (an identity provider's discovery) reach nobody on the internet.
 */
function unreachable(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.hostname = `${parsed.hostname.replace(/\.$/, "")}.invalid`;
    return parsed.toString();
  } catch {
    return url;
  }
}

/** Strings matching `pattern`, or any strings when fast-check cannot read the pattern. */
function matching(pattern: RegExp): fc.Arbitrary<unknown> {
  try {
    return fc.stringMatching(pattern);
  } catch {
    return fc.string();
  }
}

function stringArbitrary(def: SchemaDef): fc.Arbitrary<unknown> {
  const checks = checksOf(def);
  let minLength = 0;
  let maxLength: number | undefined;
  for (const check of checks) {
    if (check.check === "min_length" && check.minimum !== undefined) minLength = check.minimum;
    if (check.check === "max_length" && check.maximum !== undefined) maxLength = check.maximum;
    if (check.check === "length_equals" && check.length !== undefined) {
      minLength = check.length;
      maxLength = check.length;
    }
  }
  const upper = Math.min(maxLength ?? minLength + STRING_SPREAD, minLength + STRING_SPREAD);
  const format = checks.find((check) => check.check === "string_format");
  switch (format?.format) {
    case "email":
      // zod's own pattern is stricter than RFC 5322 (fast-check's emailAddress).
      return format.pattern === undefined ? fc.emailAddress() : matching(format.pattern);
    case "uuid":
    case "guid":
      return fc.uuid();
    case "url":
      return fc.webUrl().map(unreachable);
    case "datetime":
      return fc
        .date({ min: new Date(0), max: new Date(4102444800000), noInvalidDate: true })
        .map((date) => date.toISOString());
    case "regex":
      if (format.pattern !== undefined) return matching(format.pattern);
      break;
    default:
      break;
  }
  return plainString(minLength, upper);
}

/**
 * Plain strings by length bounds, made once: building a grapheme string arbitrary costs tens of
 * milliseconds (fast-check maps every grapheme it may draw), and the request schemas share a few
 * bounds. An arbitrary is immutable, so a shared one draws what a fresh one would.
 */
const plainStrings = new Map<string, fc.Arbitrary<unknown>>();

function plainString(minLength: number, upper: number): fc.Arbitrary<unknown> {
  const key = `${minLength}:${upper}`;
  let arbitrary = plainStrings.get(key);
  if (arbitrary === undefined) {
    // Grapheme and code-point units can take two UTF-16 units each: cut to the bound zod counts.
    arbitrary = fc
      .oneof(
        { weight: 3, arbitrary: fc.string({ minLength, maxLength: upper }) },
        { weight: 1, arbitrary: fc.string({ minLength, maxLength: upper, unit: "grapheme" }) },
        { weight: 1, arbitrary: fc.string({ minLength, maxLength: upper, unit: "binary" }) },
      )
      .map((text) => text.slice(0, upper));
    plainStrings.set(key, arbitrary);
  }
  return arbitrary;
}

function numberArbitrary(def: SchemaDef): fc.Arbitrary<unknown> {
  let integer = false;
  let min: number | undefined;
  let max: number | undefined;
  let minExcluded = false;
  let maxExcluded = false;
  for (const check of checksOf(def)) {
    if (check.check === "number_format") integer = true;
    if (check.check === "greater_than" && typeof check.value === "number") {
      min = check.value;
      minExcluded = check.inclusive !== true;
    }
    if (check.check === "less_than" && typeof check.value === "number") {
      max = check.value;
      maxExcluded = check.inclusive !== true;
    }
  }
  if (integer) {
    const low = min === undefined ? -1_000_000 : Math.ceil(min) + (minExcluded ? 1 : 0);
    const high = max === undefined ? 1_000_000 : Math.floor(max) - (maxExcluded ? 1 : 0);
    return low <= high
      ? fc.integer({ min: Math.max(low, Number.MIN_SAFE_INTEGER), max: high })
      : fc.constant(low);
  }
  return fc.double({
    noNaN: true,
    noDefaultInfinity: true,
    ...(min === undefined ? {} : { min, minExcluded }),
    ...(max === undefined ? {} : { max, maxExcluded }),
  });
}

function arrayArbitrary(def: SchemaDef, depth: number): fc.Arbitrary<unknown> {
  let minLength = 0;
  let maxLength: number | undefined;
  for (const check of checksOf(def)) {
    if (check.check === "min_length" && check.minimum !== undefined) minLength = check.minimum;
    if (check.check === "max_length" && check.maximum !== undefined) maxLength = check.maximum;
    if (check.check === "length_equals" && check.length !== undefined) {
      minLength = check.length;
      maxLength = check.length;
    }
  }
  return fc.array(arbitraryOf(def.element, depth + 1), {
    minLength,
    maxLength: Math.min(maxLength ?? minLength + ARRAY_SPREAD, minLength + ARRAY_SPREAD),
  });
}

function objectArbitrary(def: SchemaDef, depth: number): fc.Arbitrary<unknown> {
  const shape = def.shape ?? {};
  const keys = Object.keys(shape);
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const key of keys) model[key] = arbitraryOf(shape[key], depth + 1);
  const requiredKeys = keys.filter((key) => internals(shape[key]).optin !== "optional");
  return fc.record(model, { requiredKeys });
}

/** Both sides of an intersection, merged when both are objects. */
function merge(left: unknown, right: unknown): unknown {
  if (
    typeof left === "object" &&
    left !== null &&
    !Array.isArray(left) &&
    typeof right === "object" &&
    right !== null &&
    !Array.isArray(right)
  ) {
    return { ...left, ...right };
  }
  return right;
}

/**
 * An arbitrary of the values `schema` takes as input (its `z.input`): for a pipe or a transform,
 * what goes in; for a default, the value or nothing.
 */
export function arbitraryOf(schema: unknown, depth = 0): fc.Arbitrary<unknown> {
  const def = schemaDef(schema);
  if (depth > MAX_DEPTH) return fc.constant(null);
  switch (def.type) {
    case "string":
      return stringArbitrary(def);
    case "number":
      return numberArbitrary(def);
    case "bigint":
      return fc.bigInt().map((value) => value.toString());
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "undefined":
    case "void":
      return fc.constant(undefined);
    case "literal":
      return fc.constantFrom(...(def.values ?? [null]));
    case "enum":
      return fc.constantFrom(...Object.values(def.entries ?? { none: "" }));
    case "array":
      return arrayArbitrary(def, depth);
    case "tuple":
      return fc.tuple(...(def.items ?? []).map((item) => arbitraryOf(item, depth + 1)));
    case "object":
      return objectArbitrary(def, depth);
    case "record":
      return fc.dictionary(
        arbitraryOf(def.keyType, depth + 1).map(String),
        arbitraryOf(def.valueType, depth + 1),
        { maxKeys: 4 },
      );
    case "union":
      return fc.oneof(...(def.options ?? []).map((option) => arbitraryOf(option, depth + 1)));
    case "intersection":
      return fc
        .tuple(arbitraryOf(def.left, depth + 1), arbitraryOf(def.right, depth + 1))
        .map(([left, right]) => merge(left, right));
    case "optional":
      return fc.option(arbitraryOf(def.innerType, depth), { nil: undefined, freq: 4 });
    case "nullable":
      return fc.option(arbitraryOf(def.innerType, depth), { nil: null, freq: 4 });
    case "default":
    case "prefault":
      return fc.option(arbitraryOf(def.innerType, depth), { nil: undefined, freq: 4 });
    case "nonoptional":
    case "readonly":
    case "catch":
    case "success":
      return arbitraryOf(def.innerType, depth);
    case "pipe":
      return arbitraryOf(def.in, depth);
    case "lazy":
      return def.getter === undefined ? anyJson : arbitraryOf(def.getter(), depth + 1);
    case "date":
      return fc
        .date({ noInvalidDate: true, min: new Date(0), max: new Date(4102444800000) })
        .map((date) => date.toISOString());
    default:
      // unknown, any, transform, custom, never, ...: whatever JSON.
      return anyJson;
  }
}
