/**
 * A tiny authoritative DNS server over UDP on 127.0.0.1 (node:dgram) that answers TXT questions
 * from a table the test fills: the api's domain checks ask it through `DNS_RESOLVER`. A name that
 * is not in the table answers NXDOMAIN; a name in it asked for another type answers no data; a name
 * marked failing answers SERVFAIL. Only what a TXT lookup needs of the wire format (RFC 1035 §4) is
 * spoken. Not part of the server.
 */
import { createSocket } from "node:dgram";
import type { AddressInfo } from "node:net";

export interface TestDnsServer {
  /** `127.0.0.1:<port>`, the value of `DNS_RESOLVER`. */
  address: string;
  /** Sets the TXT records of `name` (each record one string); an empty list removes the name. */
  setTxt(name: string, records: readonly string[]): void;
  /** Makes `name` answer SERVFAIL (a broken DNS server). */
  failFor(name: string): void;
  close(): Promise<void>;
}

const TYPE_TXT = 16;
const CLASS_IN = 1;
const RCODE_SERVFAIL = 2;
const RCODE_NXDOMAIN = 3;

/** The question of a query: its name (lower case), the bytes that encode it, its type. */
function readQuestion(query: Buffer): { name: string; question: Buffer; type: number } | undefined {
  if (query.length < 12 || query.readUInt16BE(4) !== 1) return undefined;
  const labels: string[] = [];
  let offset = 12;
  for (;;) {
    const length = query[offset];
    if (length === undefined || length > 63) return undefined;
    offset += 1;
    if (length === 0) break;
    labels.push(query.subarray(offset, offset + length).toString("latin1"));
    offset += length;
  }
  if (offset + 4 > query.length) return undefined;
  return {
    name: labels.join(".").toLowerCase(),
    question: query.subarray(12, offset + 4),
    type: query.readUInt16BE(offset),
  };
}

/** A TXT record's data: the text in strings of at most 255 bytes, each after its length. */
function txtData(text: string): Buffer {
  const bytes = Buffer.from(text, "utf8");
  const parts: Buffer[] = [];
  for (let start = 0; start < bytes.length || start === 0; start += 255) {
    const chunk = bytes.subarray(start, start + 255);
    parts.push(Buffer.from([chunk.length]), chunk);
    if (bytes.length === 0) break;
  }
  return Buffer.concat(parts);
}

function answer(
  query: Buffer,
  records: ReadonlyMap<string, readonly string[]>,
  failing: ReadonlySet<string>,
): Buffer | undefined {
  const question = readQuestion(query);
  if (question === undefined) return undefined;
  const known = records.get(question.name);
  const rcode = failing.has(question.name)
    ? RCODE_SERVFAIL
    : known === undefined
      ? RCODE_NXDOMAIN
      : 0;
  const texts = rcode === 0 && question.type === TYPE_TXT ? (known ?? []) : [];
  const header = Buffer.alloc(12);
  header.writeUInt16BE(query.readUInt16BE(0), 0);
  // QR, the query's opcode and RD, AA, RA, and the response code.
  const flags = 0x8000 | (query.readUInt16BE(2) & 0x7900) | 0x0400 | 0x0080 | rcode;
  header.writeUInt16BE(flags, 2);
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(texts.length, 6);
  const answers = texts.map((text) => {
    const data = txtData(text);
    const record = Buffer.alloc(12);
    // The name is a pointer to the question's (offset 12).
    record.writeUInt16BE(0xc00c, 0);
    record.writeUInt16BE(TYPE_TXT, 2);
    record.writeUInt16BE(CLASS_IN, 4);
    record.writeUInt32BE(60, 6);
    record.writeUInt16BE(data.length, 10);
    return Buffer.concat([record, data]);
  });
  return Buffer.concat([header, question.question, ...answers]);
}

/** Starts the server on a free UDP port of 127.0.0.1. */
export async function startTestDnsServer(): Promise<TestDnsServer> {
  const records = new Map<string, readonly string[]>();
  const failing = new Set<string>();
  const socket = createSocket("udp4");
  socket.on("message", (query, remote) => {
    const reply = answer(query, records, failing);
    if (reply !== undefined) socket.send(reply, remote.port, remote.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, "127.0.0.1", resolve));
  const { port } = socket.address() as AddressInfo;
  return {
    address: `127.0.0.1:${port}`,
    setTxt(name, texts) {
      const key = name.toLowerCase();
      if (texts.length === 0) records.delete(key);
      else records.set(key, [...texts]);
    },
    failFor(name) {
      failing.add(name.toLowerCase());
    },
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
