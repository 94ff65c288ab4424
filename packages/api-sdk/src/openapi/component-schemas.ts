import { z } from "zod";

/** A JSON Schema (draft 2020-12, the dialect of OpenAPI 3.1) as a plain object. */
export type JsonSchema = { [key: string]: unknown };

/** A schema of the document and the direction it is read in. */
export type SchemaUse = "request" | "response";

const COMPONENT_PREFIX = "#/components/schemas/";
/** Placeholder prefix of the request (input) pass, resolved once both passes are known. */
const INPUT_PREFIX = `${COMPONENT_PREFIX}~input~`;

export interface ComponentSchemasInput {
  /** Every named zod schema that may become a component (name to schema; first name wins). */
  readonly named: ReadonlyMap<z.ZodType, string>;
  /** The schemas the document uses as request bodies and as response bodies (all named). */
  readonly roots: ReadonlyArray<{ readonly schema: z.ZodType; readonly use: SchemaUse }>;
  /** Adjusts one converted schema (zod's `override`), e.g. to say that a string is base64. */
  readonly override?: (zodSchema: unknown, jsonSchema: JsonSchema) => void;
}

export interface ComponentSchemas {
  /** `components.schemas` of the document: only what the roots reach, sorted by name. */
  readonly schemas: Record<string, JsonSchema>;
  /** The `$ref` object of a root schema in its use. */
  ref(schema: z.ZodType, use: SchemaUse): { $ref: string };
}

function isRecord(value: unknown): value is JsonSchema {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A copy of `value` with every `$ref` string passed through `map`. */
function mapRefs(value: unknown, map: (ref: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => mapRefs(item, map));
  if (!isRecord(value)) return value;
  const copy: JsonSchema = {};
  for (const [key, item] of Object.entries(value)) {
    copy[key] = key === "$ref" && typeof item === "string" ? map(item) : mapRefs(item, map);
  }
  return copy;
}

/** The `$ref` targets of a schema, as component names (with their pass prefix stripped). */
function refsOf(value: unknown, prefix: string, into: Set<string>): Set<string> {
  if (Array.isArray(value)) {
    for (const item of value) refsOf(item, prefix, into);
  } else if (isRecord(value)) {
    for (const [key, item] of Object.entries(value)) {
      if (key === "$ref" && typeof item === "string" && item.startsWith(prefix)) {
        into.add(item.slice(prefix.length));
      } else {
        refsOf(item, prefix, into);
      }
    }
  }
  return into;
}

function reachable(roots: Iterable<string>, schemas: Record<string, JsonSchema>, prefix: string) {
  const seen = new Set<string>();
  const stack = [...roots];
  for (let name = stack.pop(); name !== undefined; name = stack.pop()) {
    if (seen.has(name)) continue;
    seen.add(name);
    for (const next of refsOf(schemas[name], prefix, new Set())) stack.push(next);
  }
  return seen;
}

/** Structural equality of two JSON values (key order ignored). */
function sameJson(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) || Array.isArray(b)) {
    return (
      Array.isArray(a) &&
      Array.isArray(b) &&
      a.length === b.length &&
      a.every((item, index) => sameJson(item, b[index]))
    );
  }
  if (isRecord(a) && isRecord(b)) {
    const keys = Object.keys(a);
    return (
      keys.length === Object.keys(b).length &&
      keys.every((key) => Object.hasOwn(b, key) && sameJson(a[key], b[key]))
    );
  }
  return a === b;
}

/** One conversion pass over every named schema, with `$ref`s under `prefix`. */
function convert(
  input: ComponentSchemasInput,
  io: "input" | "output",
  prefix: string,
): Record<string, JsonSchema> {
  const registry = z.registry<{ id: string }>();
  for (const [schema, id] of input.named) registry.add(schema, { id });
  const { schemas } = z.toJSONSchema(registry, {
    target: "draft-2020-12",
    io,
    // Transforms, refinements and custom checks are enforced by the api; the document describes
    // the shape they start from (requests) or leave open (responses) rather than failing.
    unrepresentable: "any",
    cycles: "ref",
    uri: (id) => `${prefix}${id}`,
    override: (ctx) => {
      const zodSchema: unknown = ctx.zodSchema;
      // zod closes the output of every object; the api strips unknown keys of a plain object
      // rather than refusing them, and clients must accept fields added later: only a strict
      // object stays closed.
      if (
        zodSchema instanceof z.ZodObject &&
        zodSchema.def.catchall === undefined &&
        ctx.jsonSchema.additionalProperties === false
      ) {
        delete ctx.jsonSchema.additionalProperties;
      }
      input.override?.(zodSchema, ctx.jsonSchema);
    },
  });
  const cleaned: Record<string, JsonSchema> = {};
  for (const [id, schema] of Object.entries(schemas)) {
    const { $schema: _dialect, $id: _id, ...rest } = schema as JsonSchema;
    cleaned[id] = rest;
  }
  return cleaned;
}

/**
 * Turns the contract's zod schemas into the document's `components.schemas` with zod 4's
 * `z.toJSONSchema`: requests as their input (what a client sends: defaults optional, the shape
 * before a transform), responses as their output. Every named schema is one component, so a
 * schema shared by several calls, or nested in several schemas, is written once and referenced.
 * A schema that reads the same both ways is one component; one that reads differently (a
 * default, a transform) and is used both ways gets a second component for requests, its name
 * suffixed `Input`.
 */
export function buildComponentSchemas(input: ComponentSchemasInput): ComponentSchemas {
  const nameOf = (schema: z.ZodType): string => {
    const name = input.named.get(schema);
    if (name === undefined) throw new Error("every root schema of the document needs a name");
    return name;
  };
  const outputs = convert(input, "output", COMPONENT_PREFIX);
  const inputs = convert(input, "input", INPUT_PREFIX);

  const responseNames = reachable(
    input.roots.filter((root) => root.use === "response").map((root) => nameOf(root.schema)),
    outputs,
    COMPONENT_PREFIX,
  );
  const requestNames = reachable(
    input.roots.filter((root) => root.use === "request").map((root) => nameOf(root.schema)),
    inputs,
    INPUT_PREFIX,
  );

  // The request schemas that read the same as their output: the largest set consistent with
  // itself (a schema only unifies when everything it references unifies too).
  const unified = new Set(requestNames);
  for (let changed = true; changed;) {
    changed = false;
    for (const name of unified) {
      const asOutput = mapRefs(inputs[name], (ref) => {
        const target = ref.slice(INPUT_PREFIX.length);
        return unified.has(target) ? `${COMPONENT_PREFIX}${target}` : ref;
      });
      if (!sameJson(asOutput, outputs[name])) {
        unified.delete(name);
        changed = true;
      }
    }
  }

  const emitted = reachable([...responseNames, ...unified], outputs, COMPONENT_PREFIX);
  // A request schema that reads differently keeps its name unless the output needs it too.
  const taken = new Set(input.named.values());
  const inputName = new Map<string, string>();
  for (const name of requestNames) {
    if (unified.has(name)) continue;
    if (!emitted.has(name)) {
      inputName.set(name, name);
      continue;
    }
    let candidate = `${name}Input`;
    while (taken.has(candidate)) candidate = `${candidate}_`;
    taken.add(candidate);
    inputName.set(name, candidate);
  }
  const requestRef = (name: string): string => `${COMPONENT_PREFIX}${inputName.get(name) ?? name}`;

  const components: Record<string, JsonSchema> = {};
  for (const name of emitted) components[name] = outputs[name] as JsonSchema;
  for (const [name, alias] of inputName) {
    components[alias] = mapRefs(inputs[name], (ref) =>
      ref.startsWith(INPUT_PREFIX) ? requestRef(ref.slice(INPUT_PREFIX.length)) : ref,
    ) as JsonSchema;
  }

  const sorted: Record<string, JsonSchema> = {};
  for (const name of Object.keys(components).sort()) sorted[name] = components[name] as JsonSchema;
  return {
    schemas: sorted,
    ref: (schema, use) => {
      const name = nameOf(schema);
      return { $ref: use === "request" ? requestRef(name) : `${COMPONENT_PREFIX}${name}` };
    },
  };
}
