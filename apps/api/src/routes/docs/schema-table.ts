import type { JsonSchema, OpenApiDocument } from "@paraphe/api-sdk/openapi";
import { html } from "hono/html";
import { type Html } from "./markup";

// --- Schemas as tables --------------------------------------------------------------------------

const SCHEMA_REF = "#/components/schemas/";

export function isSchema(value: unknown): value is JsonSchema {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function refName(schema: JsonSchema): string | undefined {
  const ref = schema.$ref;
  return typeof ref === "string" && ref.startsWith(SCHEMA_REF)
    ? ref.slice(SCHEMA_REF.length)
    : undefined;
}

export const schemaAnchor = (name: string) => `schema-${name}`;

/** A short readable type: `string (uuid)`, `array of Recipient`, `one of "a", "b"`, ... */
function typeLabel(schema: JsonSchema): Html {
  const name = refName(schema);
  if (name !== undefined) return html`<a href="#${schemaAnchor(name)}">${name}</a>`;
  if ("const" in schema) return html`<code>${JSON.stringify(schema.const)}</code>`;
  if (Array.isArray(schema.enum)) {
    return html`one of
    ${schema.enum.map(
      (value, index) => html`${index > 0 ? ", " : ""}<code>${JSON.stringify(value)}</code>`,
    )}`;
  }
  for (const [key, joiner] of [
    ["anyOf", " or "],
    ["oneOf", " or "],
    ["allOf", " and "],
  ] as const) {
    const parts = schema[key];
    if (Array.isArray(parts)) {
      return html`${parts
        .filter(isSchema)
        .map((part, index) => html`${index > 0 ? joiner : ""}${typeLabel(part)}`)}`;
    }
  }
  const type = schema.type;
  if (Array.isArray(type)) return html`${type.join(" or ")}`;
  if (type === "array") {
    return html`array of ${isSchema(schema.items) ? typeLabel(schema.items) : "anything"}`;
  }
  if (type === "object" && isSchema(schema.additionalProperties)) {
    return html`map of string to ${typeLabel(schema.additionalProperties)}`;
  }
  if (typeof type === "string") {
    return typeof schema.format === "string" ? html`${type} (${schema.format})` : html`${type}`;
  }
  return html`any`;
}

const CONSTRAINTS: readonly [string, string][] = [
  ["minLength", "at least {} characters"],
  ["maxLength", "at most {} characters"],
  ["minimum", "≥ {}"],
  ["exclusiveMinimum", "> {}"],
  ["maximum", "≤ {}"],
  ["exclusiveMaximum", "< {}"],
  ["minItems", "at least {} items"],
  ["maxItems", "at most {} items"],
  ["contentEncoding", "{}"],
];

/** The rules of a schema worth reading beside its type. */
function notes(schema: JsonSchema): string[] {
  const found: string[] = [];
  for (const [key, template] of CONSTRAINTS) {
    const value = schema[key];
    if (typeof value === "number" || typeof value === "string") {
      found.push(template.replace("{}", String(value)));
    }
  }
  if (typeof schema.pattern === "string" && typeof schema.format !== "string") {
    found.push(`pattern ${schema.pattern}`);
  }
  if ("default" in schema) found.push(`default ${JSON.stringify(schema.default)}`);
  return found;
}

interface Row {
  name: string;
  schema: JsonSchema;
  required: boolean;
}

/** The fields of an object schema, nested inline objects (and arrays of them) flattened with dots. */
function rowsOf(schema: JsonSchema, prefix = "", depth = 0): Row[] {
  const properties = isSchema(schema.properties) ? schema.properties : {};
  const required = Array.isArray(schema.required) ? schema.required : [];
  const rows: Row[] = [];
  for (const [key, value] of Object.entries(properties)) {
    if (!isSchema(value)) continue;
    const name = `${prefix}${key}`;
    rows.push({ name, schema: value, required: required.includes(key) });
    if (depth >= 4) continue;
    if (isSchema(value.properties)) rows.push(...rowsOf(value, `${name}.`, depth + 1));
    else if (isSchema(value.items) && isSchema(value.items.properties)) {
      rows.push(...rowsOf(value.items, `${name}[].`, depth + 1));
    }
  }
  return rows;
}

export function schemaTable(schema: JsonSchema, caption: string): Html {
  const rows = rowsOf(schema);
  if (rows.length === 0) {
    return isSchema(schema.properties)
      ? html`<p>No fields: send <code>{}</code>.</p>`
      : html`<p>
          ${typeLabel(schema)}${notes(schema).length > 0 ? ` (${notes(schema).join(", ")})` : ""}
        </p>`;
  }
  return html`<div class="table">
    <table>
      <caption>
        ${caption}
      </caption>
      <thead>
        <tr>
          <th scope="col">Field</th>
          <th scope="col">Type</th>
          <th scope="col">Rules and notes</th>
        </tr>
      </thead>
      <tbody>
        ${rows.map(
          (row) =>
            html`<tr>
              <th scope="row">
                <code>${row.name}</code>
                <span class="presence">${row.required ? "required" : "optional"}</span>
              </th>
              <td>${typeLabel(row.schema)}</td>
              <td>
                ${[
                  ...notes(row.schema),
                  ...(typeof row.schema.description === "string" ? [row.schema.description] : []),
                ].join("; ")}
              </td>
            </tr>`,
        )}
      </tbody>
    </table>
  </div>`;
}

/** A body schema: its component's name and fields (a reference is shown expanded one level). */
export function bodySchema(
  document: OpenApiDocument,
  part: unknown,
  caption: string,
  uses: ReadonlyMap<string, number>,
): { schema: JsonSchema; html: Html } | undefined {
  const content = isSchema(part) && isSchema(part.content) ? part.content : undefined;
  const json = content?.["application/json"];
  if (!isSchema(json) || !isSchema(json.schema)) return undefined;
  const name = refName(json.schema);
  const resolved = name === undefined ? json.schema : document.components.schemas[name];
  if (resolved === undefined) return undefined;
  return {
    schema: resolved,
    // A schema several calls share is shown once, under Schemas; a call's own is shown here too.
    html:
      name === undefined
        ? schemaTable(resolved, caption)
        : (uses.get(name) ?? 0) > 1
          ? html`<p>
              Schema <a href="#${schemaAnchor(name)}">${name}</a>, shared with other calls.
            </p>`
          : html`<p>Schema <a href="#${schemaAnchor(name)}">${name}</a>.</p>
              ${schemaTable(resolved, caption)}`,
  };
}
