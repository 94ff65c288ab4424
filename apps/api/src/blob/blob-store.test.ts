import { createCipheriv, createHash, randomBytes } from "node:crypto";
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  CreateBucketCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startTestS3, type TestS3 } from "../test/s3";
import { RECORD_PLAINTEXT_BYTES } from "./blob-encryption";
import { BlobIntegrityError, InvalidBlobKeyError, type BlobStore } from "./blob-store";
import { LocalEncryptedBlobStore } from "./local-encrypted-blob-store";
import { openBlobStore } from "./open-blob-store";
import { S3EncryptedBlobStore } from "./s3-encrypted-blob-store";

/** One store under test, with a way around it to the raw stored bytes. */
interface Subject {
  store: BlobStore;
  /** A store over the same place with another master key. */
  withMasterKey(masterKey: Buffer): BlobStore;
  /** The bytes the store holds for `key`, as written (ciphertext), or null. */
  readRaw(key: string): Promise<Buffer | null>;
  writeRaw(key: string, bytes: Uint8Array): Promise<void>;
  /** Bytes of everything the store holds so far, partial writes included. */
  bytesHeld(): Promise<number>;
  close(): Promise<void>;
}

async function sizeOfTree(directory: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(directory, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    try {
      total += (await stat(path.join(entry.parentPath, entry.name))).size;
    } catch (error) {
      // Renamed or removed since the directory was read.
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
  }
  return total;
}

async function localSubject(masterKey: Buffer): Promise<Subject> {
  const directory = await mkdtemp(path.join(tmpdir(), "paraphe-blobs-"));
  const fileOf = (key: string): string => path.join(directory, ...key.split("/")) + ".blob";
  return {
    store: new LocalEncryptedBlobStore({ directory, masterKey }),
    withMasterKey: (other) => new LocalEncryptedBlobStore({ directory, masterKey: other }),
    async readRaw(key) {
      try {
        return await readFile(fileOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async writeRaw(key, bytes) {
      await mkdir(path.dirname(fileOf(key)), { recursive: true });
      await writeFile(fileOf(key), bytes);
    },
    bytesHeld: () => sizeOfTree(directory),
    close: () => rm(directory, { recursive: true, force: true }),
  };
}

let s3: TestS3;

let buckets = 0;

/** A store over a bucket of its own on the test server. */
async function s3Subject(masterKey: Buffer): Promise<Subject> {
  buckets += 1;
  const settings = { ...s3.settings, bucket: `${s3.settings.bucket}-${buckets}` };
  const raw = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint ?? "",
    forcePathStyle: true,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
  });
  await raw.send(new CreateBucketCommand({ Bucket: settings.bucket }));
  const stores: S3EncryptedBlobStore[] = [];
  const storeWith = (key: Buffer) => {
    const store = new S3EncryptedBlobStore({ settings, masterKey: key });
    stores.push(store);
    return store;
  };
  return {
    store: storeWith(masterKey),
    withMasterKey: storeWith,
    async readRaw(key) {
      try {
        const answer = await raw.send(new GetObjectCommand({ Bucket: settings.bucket, Key: key }));
        return Buffer.from((await answer.Body?.transformToByteArray()) ?? []);
      } catch (error) {
        if ((error as { name?: string }).name === "NoSuchKey") return null;
        throw error;
      }
    },
    async writeRaw(key, bytes) {
      await raw.send(new PutObjectCommand({ Bucket: settings.bucket, Key: key, Body: bytes }));
    },
    // s3rver keeps objects and the parts of uploads in progress as files in the bucket's folder.
    bytesHeld: () => sizeOfTree(path.join(s3.directory, settings.bucket)),
    async close() {
      for (const store of stores) store.close();
      raw.destroy();
    },
  };
}

/** `size` bytes of a repeatable pseudo-random stream (an AES-CTR key stream), in pieces of `piece` bytes. */
async function* generated(size: number, piece = 1024 * 1024): AsyncGenerator<Uint8Array> {
  const keyStream = createCipheriv("aes-256-ctr", Buffer.alloc(32, 1), Buffer.alloc(16));
  for (let offset = 0; offset < size; offset += piece) {
    yield keyStream.update(Buffer.alloc(Math.min(piece, size - offset)));
  }
}

async function sha256Of(source: AsyncIterable<Uint8Array>): Promise<string> {
  const hash = createHash("sha256");
  for await (const piece of source) hash.update(piece);
  return hash.digest("hex");
}

/**
 * A file written by the first version of the store (the whole content sealed at once, before files
 * were streamed) under the key `legacy/contract.pdf` with the master key of 32 bytes of 7.
 */
const FIRST_FORMAT_FILE = Buffer.from(
  "UFJCTAFDDafuQjy2aQAPYXBwbGljYXRpb24vcGRm3xUWlCFfSiY6qWWqvFHlwJsestzu6qTK11/i3LMABKcBjq4U1tOJPceRzYBUb9SWXfvqxZ2cO7Mv67p3/C1EdfH7lgLXUAKTuXWu9EfcLo3qgueGMCi/tvU3taGNCGGdh+PZXmSTgUU9KpJ0ypam5BfchApaNy6HsV0yPsDg7m6TaCtvlOZJB7XRfpe7sVdowd36",
  "base64",
);

const kinds = [
  ["the local disk", localSubject],
  ["an S3-compatible server", s3Subject],
] as const;

beforeAll(async () => {
  s3 = await startTestS3();
});
afterAll(async () => {
  await s3.stop();
});

describe("opening the S3 store at start", () => {
  it("refuses a bucket that does not exist, naming it", async () => {
    await expect(
      openBlobStore(
        { blobStorage: "s3", blobDir: "", s3: { ...s3.settings, bucket: "no-such-bucket" } },
        randomBytes(32),
      ),
    ).rejects.toThrow('The S3 bucket "no-such-bucket" cannot be used: it does not exist');
  });

  it("refuses credentials the store does not know, without repeating the secret", async () => {
    const opening = openBlobStore(
      {
        blobStorage: "s3",
        blobDir: "",
        s3: { ...s3.settings, accessKeyId: "UNKNOWN-KEY", secretAccessKey: "wrong-secret-42" },
      },
      randomBytes(32),
    );
    await expect(opening).rejects.toThrow(
      'The S3 bucket "' +
        s3.settings.bucket +
        '" cannot be used: access denied (check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY)',
    );
    await expect(opening).rejects.not.toThrow(/wrong-secret-42/);
  });

  it("opens a bucket that exists with the right credentials", async () => {
    const opened = await openBlobStore(
      { blobStorage: "s3", blobDir: "", s3: s3.settings },
      randomBytes(32),
    );
    try {
      expect(opened.blobStore).toBeInstanceOf(S3EncryptedBlobStore);
      expect(await opened.blobStore.exists("nothing-here")).toBe(false);
    } finally {
      opened.close();
    }
  });
});

describe.each(kinds)("the encrypted blob store on %s", (_name, makeSubject) => {
  let subject: Subject;
  let store: BlobStore;
  const masterKey = randomBytes(32);
  const pdf = new TextEncoder().encode("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n");

  beforeEach(async () => {
    subject = await makeSubject(masterKey);
    store = subject.store;
  });
  afterEach(async () => {
    await subject.close();
  });

  it.each([0, 1, RECORD_PLAINTEXT_BYTES - 1, RECORD_PLAINTEXT_BYTES, RECORD_PLAINTEXT_BYTES + 1])(
    "gives back a file of %i bytes and its content type, whole or as a stream",
    async (size) => {
      const bytes = randomBytes(size);
      const key = `envelopes/a1/file-${size}.bin`;
      await store.put(key, bytes, { contentType: "application/octet-stream" });
      const blob = await store.get(key);
      expect(blob?.contentType).toBe("application/octet-stream");
      expect(Buffer.from(blob?.bytes ?? []).equals(bytes)).toBe(true);
      const stream = await store.getStream(key);
      expect(stream?.contentLength).toBe(size);
      const pieces: Uint8Array[] = [];
      for await (const piece of stream?.content ?? []) pieces.push(piece);
      expect(Buffer.concat(pieces).equals(bytes)).toBe(true);
      expect(await store.exists(key)).toBe(true);
    },
  );

  it("releases a stream that is cancelled before or while it is read", async () => {
    const bytes = randomBytes(3 * RECORD_PLAINTEXT_BYTES);
    await store.put("envelopes/a1/original.pdf", bytes, { contentType: "application/pdf" });
    const unread = await store.getStream("envelopes/a1/original.pdf");
    await unread?.cancel();
    const after = [];
    for await (const piece of unread?.content ?? []) after.push(piece);
    expect(after).toEqual([]);
    const halfRead = await store.getStream("envelopes/a1/original.pdf");
    for await (const piece of halfRead?.content ?? []) {
      expect(Buffer.from(piece).equals(bytes.subarray(0, piece.length))).toBe(true);
      break;
    }
    await halfRead?.cancel();
    // The file is still whole for the next reader.
    const blob = await store.get("envelopes/a1/original.pdf");
    expect(Buffer.from(blob?.bytes ?? []).equals(bytes)).toBe(true);
  });

  it("answers null for a key that holds nothing, and delete is idempotent", async () => {
    expect(await store.get("missing.pdf")).toBeNull();
    expect(await store.getStream("missing.pdf")).toBeNull();
    expect(await store.exists("missing.pdf")).toBe(false);
    await store.put("doc.pdf", pdf, { contentType: "application/pdf" });
    await store.delete("doc.pdf");
    await store.delete("doc.pdf");
    expect(await store.get("doc.pdf")).toBeNull();
    expect(await store.exists("doc.pdf")).toBe(false);
  });

  it("holds only ciphertext: no PDF header nor content, and the same file stored twice differs", async () => {
    const content = Buffer.concat([Buffer.from(pdf), randomBytes(200_000), Buffer.from(pdf)]);
    await store.put("envelopes/a1/a.pdf", content, { contentType: "application/pdf" });
    await store.put("envelopes/a1/b.pdf", content, { contentType: "application/pdf" });
    const a = await subject.readRaw("envelopes/a1/a.pdf");
    const b = await subject.readRaw("envelopes/a1/b.pdf");
    for (const raw of [a, b]) {
      expect(raw).not.toBeNull();
      expect(raw?.includes(Buffer.from("%PDF"))).toBe(false);
      expect(raw?.includes(Buffer.from("Catalog"))).toBe(false);
      expect(raw?.includes(content.subarray(100, 132))).toBe(false);
    }
    // Each file has its own data key: past the header nothing is in common.
    const headerLength = 15 + "application/pdf".length;
    expect(a?.subarray(headerLength).equals(b?.subarray(headerLength) ?? Buffer.alloc(0))).toBe(
      false,
    );
  });

  it.each([
    ["a byte of the first record", (raw: Buffer) => flip(raw, 120)],
    ["a byte of the last record's tag", (raw: Buffer) => flip(raw, raw.length - 1)],
    ["a byte of the wrapped data key", (raw: Buffer) => flip(raw, 15 + 15 + 20)],
    ["a byte of the content type", (raw: Buffer) => flip(raw, 16)],
    ["a dropped record", (raw: Buffer) => dropRecord(raw, 1)],
    ["two records swapped", (raw: Buffer) => swapRecords(raw)],
    ["the file cut after its first record", (raw: Buffer) => raw.subarray(0, 90 + RECORD)],
    ["the file cut in its header", (raw: Buffer) => raw.subarray(0, 40)],
  ])("refuses to open an object with %s", async (_what, tamper) => {
    const key = "envelopes/a1/original.pdf";
    const content = Buffer.concat([Buffer.from(pdf), randomBytes(3 * RECORD_PLAINTEXT_BYTES)]);
    await store.put(key, content, { contentType: "application/pdf" });
    const raw = await subject.readRaw(key);
    if (raw === null) throw new Error("nothing stored");
    await subject.writeRaw(key, tamper(Buffer.from(raw)));
    await expect(store.get(key)).rejects.toThrow(BlobIntegrityError);
    // Streamed, every piece handed on was authenticated: the failure comes before the end.
    const received: Uint8Array[] = [];
    await expect(
      (async () => {
        const stream = await store.getStream(key);
        for await (const piece of stream?.content ?? []) received.push(piece);
      })(),
    ).rejects.toThrow(BlobIntegrityError);
    const prefix = Buffer.concat(received);
    expect(prefix.length).toBeLessThan(content.length);
    expect(content.subarray(0, prefix.length).equals(prefix)).toBe(true);
  });

  it("refuses an object moved to another key, and one sealed under another master key", async () => {
    await store.put("envelopes/a/original.pdf", pdf, { contentType: "application/pdf" });
    const raw = await subject.readRaw("envelopes/a/original.pdf");
    await subject.writeRaw("envelopes/b/original.pdf", raw ?? Buffer.alloc(0));
    await expect(store.get("envelopes/b/original.pdf")).rejects.toThrow(/modified or is corrupt/);
    await expect(
      subject.withMasterKey(randomBytes(32)).get("envelopes/a/original.pdf"),
    ).rejects.toThrow(/encrypted under a different master key/);
  });

  it("opens files written in the first format of the store, before files were streamed", async () => {
    const legacy = subject.withMasterKey(Buffer.alloc(32, 7));
    await subject.writeRaw("legacy/contract.pdf", FIRST_FORMAT_FILE);
    const blob = await legacy.get("legacy/contract.pdf");
    expect(blob?.contentType).toBe("application/pdf");
    expect(new TextDecoder().decode(blob?.bytes)).toBe(
      "%PDF-1.7\n% written by the first version of the store\n%%EOF\n",
    );
    const tampered = flip(Buffer.from(FIRST_FORMAT_FILE), FIRST_FORMAT_FILE.length - 3);
    await subject.writeRaw("legacy/contract.pdf", tampered);
    await expect(legacy.get("legacy/contract.pdf")).rejects.toThrow(BlobIntegrityError);
  });

  it("keeps the previous file when a streamed write fails midway", async () => {
    await store.put("envelopes/a1/original.pdf", pdf, { contentType: "application/pdf" });
    async function* failing(): AsyncGenerator<Uint8Array> {
      yield* generated(7 * 1024 * 1024);
      throw new Error("the upload was cut");
    }
    await expect(
      store.putStream("envelopes/a1/original.pdf", failing(), { contentType: "application/pdf" }),
    ).rejects.toThrow("the upload was cut");
    const blob = await store.get("envelopes/a1/original.pdf");
    expect(Buffer.from(blob?.bytes ?? []).equals(Buffer.from(pdf))).toBe(true);
    const listed = [];
    for await (const listing of store.list("envelopes/")) listed.push(listing.key);
    expect(listed).toEqual(["envelopes/a1/original.pdf"]);
  });

  it("lists the files under a prefix with the time they were written", async () => {
    const before = Date.now();
    await store.put("envelopes/a1/documents/d1/original.pdf", pdf, {
      contentType: "application/pdf",
    });
    await store.put("envelopes/a1/documents/d1/previews/0.webp", pdf, {
      contentType: "image/webp",
    });
    await store.put("avatars/ab12", pdf, { contentType: "image/png" });
    const listed = [];
    for await (const listing of store.list("envelopes/")) listed.push(listing);
    expect(listed.map((listing) => listing.key).sort()).toEqual([
      "envelopes/a1/documents/d1/original.pdf",
      "envelopes/a1/documents/d1/previews/0.webp",
    ]);
    for (const listing of listed) {
      // S3 dates are in whole seconds.
      expect(listing.modifiedAt).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
      expect(listing.modifiedAt).toBeLessThanOrEqual(Date.now() + 1000);
    }
    const nothing = [];
    for await (const listing of store.list("templates/")) nothing.push(listing);
    expect(nothing).toEqual([]);
    await expect(async () => {
      for await (const listing of store.list("../")) nothing.push(listing);
    }).rejects.toBeInstanceOf(InvalidBlobKeyError);
  });

  it.each(["../outside", "/etc/passwd", "a//b", ".hidden", "A.pdf", "a b", ""])(
    "rejects the key %j before reaching the store",
    async (key) => {
      await expect(store.put(key, pdf, { contentType: "application/pdf" })).rejects.toThrow(
        InvalidBlobKeyError,
      );
      await expect(store.get(key)).rejects.toThrow(InvalidBlobKeyError);
      await expect(store.exists(key)).rejects.toThrow(InvalidBlobKeyError);
      await expect(store.delete(key)).rejects.toThrow(InvalidBlobKeyError);
    },
  );

  it("streams a 60 MB file in and out without holding it whole in memory", async () => {
    const size = 60 * 1024 * 1024;
    const expected = await sha256Of(generated(size));
    const baseline = process.memoryUsage();
    let peak = 0;
    const sample = () => {
      const now = process.memoryUsage();
      peak = Math.max(peak, now.arrayBuffers - baseline.arrayBuffers);
    };
    // When the source has given half the file, most of it is already in the store: the write
    // streams (parts of a multipart upload, or the temporary file, a few MB behind at most).
    let given = 0;
    let heldAtHalf = -1;
    async function* watched(): AsyncGenerator<Uint8Array> {
      for await (const piece of generated(size)) {
        given += piece.length;
        sample();
        if (heldAtHalf < 0 && given >= size / 2) heldAtHalf = await subject.bytesHeld();
        yield piece;
      }
    }
    await store.putStream("envelopes/big/original.bin", watched(), {
      contentType: "application/octet-stream",
    });
    expect(heldAtHalf).toBeGreaterThan(size / 2 - 24 * 1024 * 1024);

    const stream = await store.getStream("envelopes/big/original.bin");
    expect(stream?.contentLength).toBe(size);
    let pieces = 0;
    const hash = createHash("sha256");
    for await (const piece of stream?.content ?? []) {
      pieces += 1;
      hash.update(piece);
      if (pieces % 64 === 0) sample();
    }
    expect(hash.digest("hex")).toBe(expected);
    // Read back a record at a time, each authenticated on its own.
    expect(pieces).toBe(size / RECORD_PLAINTEXT_BYTES);
    // Rough, since garbage waits for the collector: never the whole file held twice.
    expect(peak).toBeLessThan(2 * size);
  }, 60_000);
});

const RECORD = RECORD_PLAINTEXT_BYTES + 16;
/** Header of a file whose content type is `application/pdf`: 30 bytes, then the wrapped key (60). */
const BODY_START = 15 + "application/pdf".length + 60;

function flip(raw: Buffer, offset: number): Buffer {
  raw[offset] = (raw[offset] ?? 0) ^ 0x01;
  return raw;
}

function dropRecord(raw: Buffer, index: number): Buffer {
  const start = BODY_START + index * RECORD;
  return Buffer.concat([raw.subarray(0, start), raw.subarray(start + RECORD)]);
}

function swapRecords(raw: Buffer): Buffer {
  const first = raw.subarray(BODY_START, BODY_START + RECORD);
  const second = raw.subarray(BODY_START + RECORD, BODY_START + 2 * RECORD);
  return Buffer.concat([
    raw.subarray(0, BODY_START),
    second,
    first,
    raw.subarray(BODY_START + 2 * RECORD),
  ]);
}
