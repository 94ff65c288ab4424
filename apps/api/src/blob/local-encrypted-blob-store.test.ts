import { randomBytes } from "node:crypto";
import { mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { BlobIntegrityError, InvalidBlobKeyError, isValidBlobKey } from "./blob-store";
import { LocalEncryptedBlobStore } from "./local-encrypted-blob-store";
import { loadMasterKey } from "./master-key";

describe("LocalEncryptedBlobStore", () => {
  let directory: string;
  let masterKey: Buffer;
  let store: LocalEncryptedBlobStore;
  const pdf = new TextEncoder().encode("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n");

  beforeEach(async () => {
    directory = await mkdtemp(path.join(tmpdir(), "paraphe-blobs-"));
    masterKey = randomBytes(32);
    store = new LocalEncryptedBlobStore({ directory, masterKey });
  });

  afterEach(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  const fileOf = (key: string): string => path.join(directory, ...key.split("/")) + ".blob";

  it("gives back the bytes and content type that were stored", async () => {
    await store.put("envelopes/0b6f/original.pdf", pdf, { contentType: "application/pdf" });
    const blob = await store.get("envelopes/0b6f/original.pdf");
    expect(blob?.contentType).toBe("application/pdf");
    expect(Buffer.from(blob?.bytes ?? []).equals(Buffer.from(pdf))).toBe(true);
    expect(await store.exists("envelopes/0b6f/original.pdf")).toBe(true);
  });

  it("stores an empty file and a large one", async () => {
    const large = randomBytes(3 * 1024 * 1024);
    await store.put("empty", new Uint8Array(), { contentType: "application/octet-stream" });
    await store.put("large.bin", large, { contentType: "application/octet-stream" });
    expect((await store.get("empty"))?.bytes.length).toBe(0);
    expect(Buffer.from((await store.get("large.bin"))?.bytes ?? []).equals(large)).toBe(true);
  });

  it("keeps nothing readable on disk", async () => {
    await store.put("doc.pdf", pdf, { contentType: "application/pdf" });
    const stored = await readFile(fileOf("doc.pdf"));
    expect(stored.includes(Buffer.from("%PDF"))).toBe(false);
    expect(stored.includes(Buffer.from("Catalog"))).toBe(false);
  });

  it("encrypts each file under its own data key: the same bytes stored twice differ on disk", async () => {
    await store.put("a.pdf", pdf, { contentType: "application/pdf" });
    await store.put("b.pdf", pdf, { contentType: "application/pdf" });
    const [a, b] = await Promise.all([readFile(fileOf("a.pdf")), readFile(fileOf("b.pdf"))]);
    expect(a.length).toBe(b.length);
    // Same header up to the content type, then nothing in common: wrapped keys, IVs and ciphertexts differ.
    const headerLength = 15 + "application/pdf".length;
    expect(a.subarray(0, headerLength).equals(b.subarray(0, headerLength))).toBe(true);
    const wrappedKeyA = a.subarray(headerLength + 12, headerLength + 44);
    const wrappedKeyB = b.subarray(headerLength + 12, headerLength + 44);
    expect(wrappedKeyA.equals(wrappedKeyB)).toBe(false);
    expect(a.subarray(headerLength + 72).equals(b.subarray(headerLength + 72))).toBe(false);
  });

  it("answers null for a key that holds nothing, and delete is idempotent", async () => {
    expect(await store.get("missing.pdf")).toBeNull();
    expect(await store.exists("missing.pdf")).toBe(false);
    await store.put("doc.pdf", pdf, { contentType: "application/pdf" });
    await store.delete("doc.pdf");
    await store.delete("doc.pdf");
    expect(await store.get("doc.pdf")).toBeNull();
    expect(await store.exists("doc.pdf")).toBe(false);
  });

  it("replaces a file atomically and leaves no temporary file behind", async () => {
    await store.put("doc.pdf", pdf, { contentType: "application/pdf" });
    await store.put("doc.pdf", new TextEncoder().encode("v2"), { contentType: "text/plain" });
    const blob = await store.get("doc.pdf");
    expect(new TextDecoder().decode(blob?.bytes)).toBe("v2");
    expect(blob?.contentType).toBe("text/plain");
    expect(await readdir(directory)).toEqual(["doc.pdf.blob"]);
    expect((await stat(fileOf("doc.pdf"))).mode & 0o777).toBe(0o600);
  });

  it.each([
    ["a byte of the content", (file: Buffer) => file.length - 1],
    ["a byte of the wrapped data key", () => 15 + "application/pdf".length + 20],
    ["a byte of the content type", () => 16],
    ["the authentication tag", () => 15 + "application/pdf".length + 12 + 32 + 12 + 3],
  ])("detects tampering with %s", async (_what, offsetOf) => {
    await store.put("doc.pdf", pdf, { contentType: "application/pdf" });
    const file = await readFile(fileOf("doc.pdf"));
    const offset = offsetOf(file);
    file[offset] = (file[offset] ?? 0) ^ 0x01;
    await writeFile(fileOf("doc.pdf"), file);
    await expect(store.get("doc.pdf")).rejects.toThrow(BlobIntegrityError);
    await expect(store.get("doc.pdf")).rejects.toThrow(
      /failed its integrity check: the stored file was modified or is corrupt/,
    );
  });

  it("lists the files under a prefix with the time they were written, skipping writes in progress", async () => {
    await store.put("envelopes/a1/documents/d1/original.pdf", pdf, {
      contentType: "application/pdf",
    });
    await store.put("envelopes/a1/documents/d1/previews/0.webp", pdf, {
      contentType: "image/webp",
    });
    await store.put("avatars/ab12", pdf, { contentType: "image/png" });
    await writeFile(`${fileOf("envelopes/a1/proof.pdf")}.0f1e.tmp`, "partial");
    const listed = [];
    for await (const listing of store.list("envelopes/")) listed.push(listing);
    expect(listed.map((listing) => listing.key).sort()).toEqual([
      "envelopes/a1/documents/d1/original.pdf",
      "envelopes/a1/documents/d1/previews/0.webp",
    ]);
    const written = (await stat(fileOf("envelopes/a1/documents/d1/original.pdf"))).mtimeMs;
    expect(listed.find((l) => l.key.endsWith("original.pdf"))?.modifiedAt).toBe(written);
    const nothing = [];
    for await (const listing of store.list("templates/")) nothing.push(listing);
    expect(nothing).toEqual([]);
    await expect(async () => {
      for await (const listing of store.list("../")) nothing.push(listing);
    }).rejects.toBeInstanceOf(InvalidBlobKeyError);
  });

  it("detects a truncated file", async () => {
    await store.put("doc.pdf", pdf, { contentType: "application/pdf" });
    const file = await readFile(fileOf("doc.pdf"));
    await writeFile(fileOf("doc.pdf"), file.subarray(0, 40));
    await expect(store.get("doc.pdf")).rejects.toThrow(/truncated/);
  });

  it("refuses a file moved to another key", async () => {
    await store.put("envelopes/a/original.pdf", pdf, { contentType: "application/pdf" });
    await store.put("envelopes/b/original.pdf", new TextEncoder().encode("other"), {
      contentType: "application/pdf",
    });
    await rename(fileOf("envelopes/a/original.pdf"), fileOf("envelopes/b/original.pdf"));
    await expect(store.get("envelopes/b/original.pdf")).rejects.toThrow(BlobIntegrityError);
  });

  it("fails with a clear error under a different master key", async () => {
    await store.put("doc.pdf", pdf, { contentType: "application/pdf" });
    const other = new LocalEncryptedBlobStore({ directory, masterKey: randomBytes(32) });
    await expect(other.get("doc.pdf")).rejects.toThrow(/encrypted under a different master key/);
  });

  it.each([
    "../outside",
    "a/../../b",
    "/etc/passwd",
    "a//b",
    ".hidden",
    "a/.git/config",
    "A.pdf",
    "a\\b",
    "a b",
    "",
    "x".repeat(513),
  ])("rejects the key %j (no path traversal, no surprises)", async (key) => {
    expect(isValidBlobKey(key)).toBe(false);
    await expect(store.put(key, pdf, { contentType: "application/pdf" })).rejects.toThrow(
      InvalidBlobKeyError,
    );
    await expect(store.get(key)).rejects.toThrow(InvalidBlobKeyError);
    await expect(store.exists(key)).rejects.toThrow(InvalidBlobKeyError);
    await expect(store.delete(key)).rejects.toThrow(InvalidBlobKeyError);
  });

  it("accepts keys made of lower-case segments", () => {
    for (const key of [
      "a",
      "envelopes/0b6f3c2e-1d2f-4c1a-9f00-3b2a1c0d9e8f/page-1.webp",
      "proofs/x_y.pdf",
    ]) {
      expect(isValidBlobKey(key)).toBe(true);
    }
  });
});

describe("loadMasterKey", () => {
  let directory: string;

  beforeEach(async () => {
    directory = await mkdtemp(path.join(tmpdir(), "paraphe-key-"));
  });

  afterEach(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  it("uses BLOB_MASTER_KEY when it is configured, without touching the key file", async () => {
    const key = randomBytes(32);
    const file = path.join(directory, "master.key");
    expect(await loadMasterKey({ blobMasterKey: key, blobMasterKeyFile: file })).toEqual({
      key,
      source: "environment",
    });
    await expect(stat(file)).rejects.toThrow();
  });

  it("generates the development key file on first start with mode 0600, then reuses it", async () => {
    const file = path.join(directory, "nested", "master.key");
    const first = await loadMasterKey({ blobMasterKey: undefined, blobMasterKeyFile: file });
    expect(first.source).toBe("development-key-file");
    expect(first.key.length).toBe(32);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const second = await loadMasterKey({ blobMasterKey: undefined, blobMasterKeyFile: file });
    expect(second.key.equals(first.key)).toBe(true);
  });

  it("refuses a damaged key file", async () => {
    const file = path.join(directory, "master.key");
    await writeFile(file, "too-short\n", { mode: 0o600 });
    await expect(
      loadMasterKey({ blobMasterKey: undefined, blobMasterKeyFile: file }),
    ).rejects.toThrow(/does not hold the base64 of 32 bytes/);
  });

  it("refuses a key file other users can read", async () => {
    const file = path.join(directory, "master.key");
    await writeFile(file, `${randomBytes(32).toString("base64")}\n`, { mode: 0o644 });
    await expect(
      loadMasterKey({ blobMasterKey: undefined, blobMasterKeyFile: file }),
    ).rejects.toThrow(/chmod 600/);
  });
});
