import { serializeInnerList, type SfBareItem, type SfInnerList } from "./structured-fields";

/**
 * The signature base of RFC 9421 §2.5: one line `"<component>": <value>` per covered component,
 * in the covered order, then `"@signature-params": <inner list with its parameters>`; lines end
 * with LF and the last one has no line end.
 */

/** Header fields as a `Headers` object or a plain record (Node's `IncomingHttpHeaders` fits). */
export type HeadersInput =
  Headers | Readonly<Record<string, string | readonly string[] | undefined>>;

/** The parts of a request that components resolve against. */
export interface SignatureMessage {
  /** The method as sent. */
  readonly method: string;
  /** The target URI. */
  readonly url: URL;
  /** Field values by lower-case name, several lines of one field joined with ", ". */
  readonly fields: ReadonlyMap<string, string>;
}

/** The derived components (RFC 9421 §2.2) a request signature may cover here. */
const DERIVED_COMPONENTS = new Set([
  "@method",
  "@target-uri",
  "@authority",
  "@scheme",
  "@request-target",
  "@path",
  "@query",
]);

/** A field name (RFC 9110 token), lower case as RFC 9421 §2.1 requires in a component identifier. */
const FIELD_NAME = /^[!#$%&'*+\-.^_`|~0-9a-z]+$/;

/** Why a signature base could not be built. */
export class SignatureBaseError extends Error {
  override readonly name = "SignatureBaseError";

  constructor(
    readonly reason: "missing-component" | "unsupported-component" | "duplicate-component",
    message: string,
  ) {
    super(message);
  }
}

/** Whether a component identifier names a derived component or a field this module handles. */
export function isSupportedComponent(name: string): boolean {
  return DERIVED_COMPONENTS.has(name) || FIELD_NAME.test(name);
}

function isHeaders(headers: HeadersInput): headers is Headers {
  return (
    typeof (headers as Headers).forEach === "function" &&
    typeof (headers as Headers).get === "function"
  );
}

/**
 * Field values by lower-case name. Several values of one field (array values, or names that
 * differ in case only) are joined with ", " (RFC 9421 §2.1); values are trimmed of surrounding
 * spaces and tabs.
 */
export function normalizeFields(headers: HeadersInput): Map<string, string> {
  const lists = new Map<string, string[]>();
  const add = (name: string, value: string): void => {
    const key = name.toLowerCase();
    const list = lists.get(key) ?? [];
    list.push(value.replace(/^[ \t]+|[ \t]+$/g, ""));
    lists.set(key, list);
  };
  if (isHeaders(headers)) {
    headers.forEach((value, name) => add(name, value));
  } else {
    for (const [name, value] of Object.entries(headers)) {
      if (value === undefined) continue;
      if (typeof value === "string") add(name, value);
      else for (const one of value) add(name, one);
    }
  }
  const fields = new Map<string, string>();
  for (const [name, values] of lists) fields.set(name, values.join(", "));
  return fields;
}

const FETCH_NORMALIZED_METHODS = new Set(["DELETE", "GET", "HEAD", "OPTIONS", "POST", "PUT"]);

/**
 * The method as fetch sends it: the six standard methods upper-cased (Fetch "normalize a
 * method"), any other method unchanged (method names are case-sensitive).
 */
export function normalizeMethod(method: string): string {
  const upper = method.toUpperCase();
  return FETCH_NORMALIZED_METHODS.has(upper) ? upper : method;
}

/**
 * The value of one covered component (RFC 9421 §2.1 for fields, §2.2 for derived components),
 * or a `SignatureBaseError` when the message lacks it.
 */
export function componentValue(message: SignatureMessage, name: string): string {
  const { url } = message;
  switch (name) {
    case "@method":
      return message.method;
    case "@target-uri":
      return url.href;
    // WHATWG URL already lower-cases the host and drops the scheme's default port (§2.2.3).
    case "@authority":
      return url.host;
    case "@scheme":
      return url.protocol.slice(0, -1);
    case "@request-target":
      return url.pathname + url.search;
    case "@path":
      return url.pathname === "" ? "/" : url.pathname;
    // Without a query, the value is "?" alone (§2.2.7).
    case "@query":
      return url.search === "" ? "?" : url.search;
    default: {
      if (name.startsWith("@") || !FIELD_NAME.test(name)) {
        throw new SignatureBaseError("unsupported-component", `unsupported component "${name}"`);
      }
      const value = message.fields.get(name);
      if (value === undefined) {
        throw new SignatureBaseError("missing-component", `the request has no ${name} header`);
      }
      return value;
    }
  }
}

/** The `@signature-params` value: the covered components as an inner list with the parameters. */
export function serializeSignatureParams(
  components: readonly string[],
  params: ReadonlyMap<string, SfBareItem>,
): string {
  const list: SfInnerList = {
    items: components.map((value) => ({ value, params: new Map() })),
    params,
  };
  return serializeInnerList(list);
}

/** Builds the RFC 9421 §2.5 signature base. */
export function createSignatureBase(
  message: SignatureMessage,
  components: readonly string[],
  params: ReadonlyMap<string, SfBareItem>,
): string {
  const seen = new Set<string>();
  const lines: string[] = [];
  for (const name of components) {
    if (seen.has(name)) {
      throw new SignatureBaseError("duplicate-component", `component "${name}" is covered twice`);
    }
    seen.add(name);
    const value = componentValue(message, name);
    if (/[\r\n]/.test(value)) {
      throw new SignatureBaseError("unsupported-component", `component "${name}" has a line break`);
    }
    lines.push(`"${name}": ${value}`);
  }
  lines.push(`"@signature-params": ${serializeSignatureParams(components, params)}`);
  return lines.join("\n");
}
