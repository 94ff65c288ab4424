/**
 * Structured Field Values for HTTP (RFC 8941): the parts that request signing needs. Parsing
 * follows RFC 8941 §4.2 (dictionaries, inner lists, items, parameters and every bare item type);
 * serialisation (§4.1) covers integers, strings, tokens and byte sequences. Strict where the RFC
 * is: an integer has at most 15 digits, so it stays within ±999,999,999,999,999.
 *
 * Web platform only (atob/btoa), for browsers and Node 20 alike.
 */

/** The RFC 8941 integer range: at most 15 decimal digits. */
export const SF_INTEGER_MAX = 999_999_999_999_999;
export const SF_INTEGER_MIN = -SF_INTEGER_MAX;

/** An RFC 8941 token (unquoted), kept apart from strings. */
export interface SfToken {
  readonly type: "token";
  readonly value: string;
}

/** A decimal (at most 12 integer and 3 fraction digits), kept apart from integers. */
export interface SfDecimal {
  readonly type: "decimal";
  readonly value: number;
}

/** integer: number; string: string; byte sequence: Uint8Array; boolean: boolean. */
export type SfBareItem = number | string | boolean | Uint8Array | SfToken | SfDecimal;

export type SfParameters = ReadonlyMap<string, SfBareItem>;

export interface SfItem {
  readonly value: SfBareItem;
  readonly params: SfParameters;
}

export interface SfInnerList {
  readonly items: readonly SfItem[];
  readonly params: SfParameters;
}

export type SfMember = SfItem | SfInnerList;

export type SfDictionary = ReadonlyMap<string, SfMember>;

/** A field value that is not valid RFC 8941 syntax (or not of the expected structure). */
export class StructuredFieldError extends Error {
  override readonly name = "StructuredFieldError";
}

export function isInnerList(member: SfMember): member is SfInnerList {
  return "items" in member;
}

const KEY_START = /[a-z*]/;
const KEY_CHAR = /[a-z0-9_\-.*]/;
const TOKEN_START = /[A-Za-z*]/;
// tchar (RFC 9110 §5.6.2) plus ":" and "/".
const TOKEN_CHAR = /[!#$%&'*+\-.^_`|~0-9A-Za-z:/]/;
const DIGIT = /[0-9]/;
const BASE64_CHAR = /[A-Za-z0-9+/=]/;

class Parser {
  private pos = 0;

  constructor(private readonly input: string) {}

  fail(message: string): never {
    throw new StructuredFieldError(`${message} at position ${this.pos}`);
  }

  private peek(): string | undefined {
    return this.input[this.pos];
  }

  private atEnd(): boolean {
    return this.pos >= this.input.length;
  }

  private skipSP(): void {
    while (this.peek() === " ") this.pos += 1;
  }

  private skipOWS(): void {
    while (this.peek() === " " || this.peek() === "\t") this.pos += 1;
  }

  /** §4.2: leading and trailing SP are discarded; anything else left over is an error. */
  top<T>(parse: () => T): T {
    this.skipSP();
    const value = parse();
    this.skipSP();
    if (!this.atEnd()) this.fail("unexpected characters after the value");
    return value;
  }

  /** §4.2.2, rejecting a key given twice (the RFC keeps the last; a verifier must not guess). */
  dictionary(): SfDictionary {
    const members = new Map<string, SfMember>();
    while (!this.atEnd()) {
      const key = this.key();
      if (members.has(key)) this.fail(`duplicate dictionary key "${key}"`);
      let member: SfMember;
      if (this.peek() === "=") {
        this.pos += 1;
        member = this.itemOrInnerList();
      } else {
        member = { value: true, params: this.parameters() };
      }
      members.set(key, member);
      this.skipOWS();
      if (this.atEnd()) return members;
      if (this.peek() !== ",") this.fail('expected "," between dictionary members');
      this.pos += 1;
      this.skipOWS();
      if (this.atEnd()) this.fail("trailing comma");
    }
    return members;
  }

  private itemOrInnerList(): SfMember {
    return this.peek() === "(" ? this.innerList() : this.item();
  }

  /** §4.2.1.2 */
  private innerList(): SfInnerList {
    this.pos += 1; // "("
    const items: SfItem[] = [];
    while (!this.atEnd()) {
      this.skipSP();
      if (this.peek() === ")") {
        this.pos += 1;
        return { items, params: this.parameters() };
      }
      items.push(this.item());
      const next = this.peek();
      if (next !== " " && next !== ")") this.fail('expected " " or ")" in an inner list');
    }
    return this.fail("unterminated inner list");
  }

  /** §4.2.3 */
  item(): SfItem {
    const value = this.bareItem();
    return { value, params: this.parameters() };
  }

  /** §4.2.3.2, rejecting a parameter given twice. */
  private parameters(): SfParameters {
    const params = new Map<string, SfBareItem>();
    while (this.peek() === ";") {
      this.pos += 1;
      this.skipSP();
      const key = this.key();
      if (params.has(key)) this.fail(`duplicate parameter "${key}"`);
      let value: SfBareItem = true;
      if (this.peek() === "=") {
        this.pos += 1;
        value = this.bareItem();
      }
      params.set(key, value);
    }
    return params;
  }

  /** §4.2.3.3 */
  private key(): string {
    const first = this.peek();
    if (first === undefined || !KEY_START.test(first)) this.fail("expected a key");
    const start = this.pos;
    this.pos += 1;
    while (!this.atEnd() && KEY_CHAR.test(this.input[this.pos] as string)) this.pos += 1;
    return this.input.slice(start, this.pos);
  }

  /** §4.2.3.1 */
  private bareItem(): SfBareItem {
    const c = this.peek();
    if (c === undefined) return this.fail("expected an item");
    if (c === "-" || DIGIT.test(c)) return this.number();
    if (c === '"') return this.string();
    if (TOKEN_START.test(c)) return this.token();
    if (c === ":") return this.byteSequence();
    if (c === "?") return this.boolean();
    return this.fail(`unexpected character ${JSON.stringify(c)}`);
  }

  /** §4.2.4 */
  private number(): number | SfDecimal {
    let sign = 1;
    if (this.peek() === "-") {
      sign = -1;
      this.pos += 1;
    }
    const start = this.pos;
    if (!DIGIT.test(this.peek() ?? "")) this.fail("expected a digit");
    let decimal = false;
    while (!this.atEnd()) {
      const c = this.input[this.pos] as string;
      if (DIGIT.test(c)) {
        this.pos += 1;
      } else if (c === "." && !decimal) {
        if (this.pos - start > 12) this.fail("decimal with more than 12 integer digits");
        decimal = true;
        this.pos += 1;
      } else {
        break;
      }
      const length = this.pos - start;
      if (!decimal && length > 15) this.fail("integer out of range (more than 15 digits)");
      if (decimal && length > 16) this.fail("decimal out of range");
    }
    const text = this.input.slice(start, this.pos);
    if (!decimal) return sign * Number.parseInt(text, 10);
    if (text.endsWith(".")) this.fail("decimal ending with a dot");
    if (text.length - text.indexOf(".") - 1 > 3)
      this.fail("decimal with more than 3 fraction digits");
    return { type: "decimal", value: sign * Number.parseFloat(text) };
  }

  /** §4.2.5 */
  private string(): string {
    this.pos += 1; // opening quote
    let out = "";
    while (!this.atEnd()) {
      const c = this.input[this.pos] as string;
      this.pos += 1;
      if (c === "\\") {
        const next = this.input[this.pos];
        if (next !== '"' && next !== "\\") this.fail("invalid escape in a string");
        out += next;
        this.pos += 1;
      } else if (c === '"') {
        return out;
      } else {
        const code = c.charCodeAt(0);
        if (code < 0x20 || code > 0x7e) this.fail("invalid character in a string");
        out += c;
      }
    }
    return this.fail("unterminated string");
  }

  /** §4.2.6 */
  private token(): SfToken {
    const start = this.pos;
    this.pos += 1;
    while (!this.atEnd() && TOKEN_CHAR.test(this.input[this.pos] as string)) this.pos += 1;
    return { type: "token", value: this.input.slice(start, this.pos) };
  }

  /** §4.2.7 */
  private byteSequence(): Uint8Array {
    this.pos += 1; // opening colon
    const start = this.pos;
    while (!this.atEnd() && this.input[this.pos] !== ":") {
      if (!BASE64_CHAR.test(this.input[this.pos] as string)) {
        this.fail("invalid character in a byte sequence");
      }
      this.pos += 1;
    }
    if (this.atEnd()) this.fail("unterminated byte sequence");
    const encoded = this.input.slice(start, this.pos);
    this.pos += 1; // closing colon
    const bytes = decodeBase64(encoded);
    if (bytes === null) this.fail("invalid base64 in a byte sequence");
    return bytes;
  }

  /** §4.2.8 */
  private boolean(): boolean {
    this.pos += 1; // "?"
    const c = this.peek();
    if (c === "1" || c === "0") {
      this.pos += 1;
      return c === "1";
    }
    return this.fail("invalid boolean");
  }
}

/** Parses a Dictionary field value (§4.2 with field type "dictionary"). */
export function parseDictionary(input: string): SfDictionary {
  const parser = new Parser(input);
  return parser.top(() => parser.dictionary());
}

/** Parses an Item field value (§4.2 with field type "item"). */
export function parseItem(input: string): SfItem {
  const parser = new Parser(input);
  return parser.top(() => parser.item());
}

/** Standard base64 with padding (RFC 4648 §4), as RFC 8941 byte sequences use. */
export function encodeBase64(bytes: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

/**
 * Decodes standard base64; padding may be omitted (RFC 8941 §4.2.7 allows it). Null when the
 * text is not base64.
 */
export function decodeBase64(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text)) return null;
  const unpadded = text.replace(/=+$/, "");
  if (unpadded.length % 4 === 1) return null;
  if (text.length !== unpadded.length && text.length % 4 !== 0) return null;
  let binary: string;
  try {
    binary = atob(unpadded + "=".repeat((4 - (unpadded.length % 4)) % 4));
  } catch {
    return null;
  }
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

/** §4.1.4; throws a RangeError outside ±999,999,999,999,999 or for a non-integer. */
export function serializeInteger(value: number): string {
  if (!Number.isInteger(value) || value < SF_INTEGER_MIN || value > SF_INTEGER_MAX) {
    throw new RangeError(
      `${value} is not an RFC 8941 integer (an integer within ±999,999,999,999,999)`,
    );
  }
  return String(value);
}

/** §4.1.6; throws a TypeError for characters outside printable ASCII. */
export function serializeString(value: string): string {
  if (!/^[\x20-\x7e]*$/.test(value)) {
    throw new TypeError("an RFC 8941 string holds printable ASCII characters only");
  }
  return `"${value.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
}

/** §4.1.8 */
export function serializeByteSequence(bytes: Uint8Array): string {
  return `:${encodeBase64(bytes)}:`;
}

/** §4.1.1.3; throws a TypeError for a key that RFC 8941 does not allow. */
export function serializeKey(key: string): string {
  if (!/^[a-z*][a-z0-9_\-.*]*$/.test(key)) {
    throw new TypeError(`${JSON.stringify(key)} is not an RFC 8941 key`);
  }
  return key;
}

/** §4.1.3.1 for the bare items this package emits. */
export function serializeBareItem(value: SfBareItem): string {
  if (typeof value === "number") return serializeInteger(value);
  if (typeof value === "string") return serializeString(value);
  if (typeof value === "boolean") return value ? "?1" : "?0";
  if (value instanceof Uint8Array) return serializeByteSequence(value);
  if (value.type === "token") {
    if (!/^[A-Za-z*][!#$%&'*+\-.^_`|~0-9A-Za-z:/]*$/.test(value.value)) {
      throw new TypeError(`${JSON.stringify(value.value)} is not an RFC 8941 token`);
    }
    return value.value;
  }
  const rounded = Math.round(value.value * 1000) / 1000;
  if (Math.abs(Math.trunc(rounded)) > 999_999_999_999) {
    throw new RangeError(`${value.value} is not an RFC 8941 decimal`);
  }
  const text = String(rounded);
  return text.includes(".") ? text : `${text}.0`;
}

/** §4.1.1.2 */
export function serializeParameters(params: SfParameters): string {
  let out = "";
  for (const [key, value] of params) {
    out += `;${serializeKey(key)}`;
    if (value !== true) out += `=${serializeBareItem(value)}`;
  }
  return out;
}

/** §4.1.1.1 */
export function serializeInnerList(list: SfInnerList): string {
  const items = list.items.map(
    (item) => serializeBareItem(item.value) + serializeParameters(item.params),
  );
  return `(${items.join(" ")})${serializeParameters(list.params)}`;
}
