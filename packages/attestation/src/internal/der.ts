/**
 * A minimal, strict DER reader and writer: enough ASN.1 to take the AMD certificates apart (and to
 * re-encode an RSASSA-PSS public key as `rsaEncryption` for WebCrypto), and nothing more. It parses
 * only; every signature is checked by WebCrypto.
 *
 * What it refuses, so that one byte string has one reading: indefinite lengths, lengths in long form
 * where the short form fits or with leading zero bytes, lengths past the end of the input, bytes
 * after the outermost element, high tag numbers (none is used by X.509), and nesting deeper than
 * {@link DER_MAX_DEPTH}.
 */

/** Deeper than any X.509 certificate needs (a certificate nests about ten levels). */
export const DER_MAX_DEPTH = 32;
/** Lengths above 16 MiB are refused: an AMD certificate is under 2 KB. */
const MAX_LENGTH_OCTETS = 3;

export const DER_TAG = {
  boolean: 0x01,
  integer: 0x02,
  bitString: 0x03,
  octetString: 0x04,
  null: 0x05,
  oid: 0x06,
  utf8String: 0x0c,
  printableString: 0x13,
  ia5String: 0x16,
  utcTime: 0x17,
  generalizedTime: 0x18,
  sequence: 0x30,
  set: 0x31,
} as const;

export class DerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "DerError";
  }
}

/** One element: its identifier octet, its whole encoding, its content and, if constructed, its children. */
export interface DerElement {
  /** The identifier octet (class, constructed bit and tag number below 31). */
  tag: number;
  /** The element's whole encoding (identifier, length and content): a view of the input. */
  der: Uint8Array;
  /** The content octets: a view of the input. */
  content: Uint8Array;
  /** The elements inside a constructed element, in order; empty for a primitive one. */
  children: DerElement[];
}

function isConstructed(tag: number): boolean {
  return (tag & 0x20) !== 0;
}

function readElement(bytes: Uint8Array, offset: number, depth: number): DerElement {
  if (depth > DER_MAX_DEPTH) throw new DerError(`DER nesting deeper than ${DER_MAX_DEPTH} levels.`);
  const tag = bytes[offset];
  if (tag === undefined) throw new DerError("DER element truncated before its tag.");
  if ((tag & 0x1f) === 0x1f) throw new DerError("DER high tag numbers are not supported.");
  const first = bytes[offset + 1];
  if (first === undefined) throw new DerError("DER element truncated before its length.");
  let length: number;
  let headerLength: number;
  if (first < 0x80) {
    length = first;
    headerLength = 2;
  } else {
    const octets = first & 0x7f;
    if (octets === 0) throw new DerError("DER forbids indefinite lengths.");
    if (octets > MAX_LENGTH_OCTETS) throw new DerError("DER length too large.");
    if (offset + 2 + octets > bytes.byteLength)
      throw new DerError("DER element truncated in its length.");
    length = 0;
    for (let i = 0; i < octets; i++) length = length * 256 + (bytes[offset + 2 + i] ?? 0);
    if (bytes[offset + 2] === 0 || length < 0x80)
      throw new DerError("DER length not in its shortest form.");
    headerLength = 2 + octets;
  }
  const start = offset + headerLength;
  const end = start + length;
  if (end > bytes.byteLength) throw new DerError("DER element longer than its input.");
  const content = bytes.subarray(start, end);
  const children: DerElement[] = [];
  if (isConstructed(tag)) {
    let position = start;
    while (position < end) {
      const child = readElement(bytes.subarray(0, end), position, depth + 1);
      children.push(child);
      position += child.der.byteLength;
    }
  }
  return { tag, der: bytes.subarray(offset, end), content, children };
}

/** Parses exactly one DER element filling `bytes`, constructed elements recursively. */
export function parseDer(bytes: Uint8Array): DerElement {
  const element = readElement(bytes, 0, 0);
  if (element.der.byteLength !== bytes.byteLength)
    throw new DerError("Bytes after the end of the DER element.");
  return element;
}

/** The element's children, checking its tag and (when given) how many children it holds. */
export function expectConstructed(
  element: DerElement | undefined,
  tag: number,
  what: string,
  count?: { min: number; max: number },
): DerElement[] {
  if (!element || element.tag !== tag) throw new DerError(`${what}: unexpected DER element.`);
  const { children } = element;
  if (count && (children.length < count.min || children.length > count.max))
    throw new DerError(`${what}: unexpected number of DER elements.`);
  return children;
}

/** The element's content, checking its (primitive) tag. */
export function expectPrimitive(
  element: DerElement | undefined,
  tag: number,
  what: string,
): Uint8Array {
  if (!element || element.tag !== tag) throw new DerError(`${what}: unexpected DER element.`);
  return element.content;
}

/** An OBJECT IDENTIFIER's content in dotted form; minimal encodings only. */
export function decodeOid(content: Uint8Array): string {
  if (content.byteLength === 0) throw new DerError("Empty OBJECT IDENTIFIER.");
  const arcs: number[] = [];
  let value = 0;
  let fresh = true;
  for (const byte of content) {
    if (fresh && byte === 0x80) throw new DerError("OBJECT IDENTIFIER not in its shortest form.");
    if (value > 2 ** 45) throw new DerError("OBJECT IDENTIFIER arc too large.");
    value = value * 128 + (byte & 0x7f);
    fresh = (byte & 0x80) === 0;
    if (fresh) {
      if (arcs.length === 0) {
        const top = value < 40 ? 0 : value < 80 ? 1 : 2;
        arcs.push(top, value - 40 * top);
      } else arcs.push(value);
      value = 0;
    }
  }
  if (!fresh) throw new DerError("OBJECT IDENTIFIER truncated.");
  return arcs.join(".");
}

/** The OID of an element that must be an OBJECT IDENTIFIER. */
export function readOid(element: DerElement | undefined, what: string): string {
  return decodeOid(expectPrimitive(element, DER_TAG.oid, what));
}

/** A BIT STRING's bits, which must be whole bytes (no unused bits), as X.509 keys and signatures are. */
export function readBitStringBytes(element: DerElement | undefined, what: string): Uint8Array {
  const content = expectPrimitive(element, DER_TAG.bitString, what);
  if (content[0] !== 0) throw new DerError(`${what}: the BIT STRING is not whole bytes.`);
  return content.subarray(1);
}

/** A non-negative INTEGER that fits in a safe JavaScript number, in its minimal encoding. */
export function readSmallInteger(element: DerElement | undefined, what: string): number {
  const content = expectPrimitive(element, DER_TAG.integer, what);
  const [first, second] = content;
  if (first === undefined || content.byteLength > 6)
    throw new DerError(`${what}: not a small INTEGER.`);
  if (first & 0x80) throw new DerError(`${what}: negative INTEGER.`);
  if (first === 0 && second !== undefined && (second & 0x80) === 0)
    throw new DerError(`${what}: INTEGER not in its shortest form.`);
  let value = 0;
  for (const byte of content) value = value * 256 + byte;
  return value;
}

function encodeLength(length: number): Uint8Array {
  if (length < 0x80) return Uint8Array.of(length);
  const octets: number[] = [];
  for (let rest = length; rest > 0; rest = Math.floor(rest / 256)) octets.unshift(rest % 256);
  if (octets.length > MAX_LENGTH_OCTETS) throw new DerError("DER length too large.");
  return Uint8Array.from([0x80 | octets.length, ...octets]);
}

/** Encodes one element from its identifier octet and content (the encodings of its children, for a constructed one). */
export function encodeDer(tag: number, ...content: readonly Uint8Array[]): Uint8Array<ArrayBuffer> {
  const size = content.reduce((sum, part) => sum + part.byteLength, 0);
  const length = encodeLength(size);
  const out = new Uint8Array(1 + length.byteLength + size);
  out[0] = tag;
  out.set(length, 1);
  let offset = 1 + length.byteLength;
  for (const part of content) {
    out.set(part, offset);
    offset += part.byteLength;
  }
  return out;
}

/** Encodes a dotted OID (used to write the `rsaEncryption` algorithm identifier). */
export function encodeOid(oid: string): Uint8Array<ArrayBuffer> {
  const arcs = oid.split(".").map(Number);
  const [top = -1, second = -1, ...rest] = arcs;
  if (!arcs.every((arc) => Number.isSafeInteger(arc) && arc >= 0) || top > 2 || second < 0)
    throw new DerError(`Not an OBJECT IDENTIFIER: ${oid}.`);
  const bytes: number[] = [];
  for (const arc of [40 * top + second, ...rest]) {
    const group: number[] = [arc % 128];
    for (let value = Math.floor(arc / 128); value > 0; value = Math.floor(value / 128))
      group.unshift(0x80 | (value % 128));
    bytes.push(...group);
  }
  return encodeDer(DER_TAG.oid, Uint8Array.from(bytes));
}
