import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { BlobIntegrityError } from "./blob-store";
import { masterKeyFingerprint } from "./master-key";

/*
 * The encrypted form of a stored file, shared by every blob store (local disk, S3). All of it is
 * authenticated.
 *
 *   "PRBL"            4 bytes   magic
 *   version           1 byte    1 or 2
 *   fingerprint       8 bytes   of the master key that wrapped the data key
 *   n                 2 bytes   length of the content type (big-endian)
 *   content type      n bytes   UTF-8
 *   wrap IV          12 bytes   \
 *   wrapped data key 32 bytes    } AES-256-GCM of the file's random data key under the master key
 *   wrap tag         16 bytes   /
 *
 * Version 2 (written since files are streamed) then holds records: the content cut in pieces of
 * 64 KiB (the last one shorter, possibly empty), each sealed with AES-256-GCM under the data key as
 * ciphertext followed by its 16-byte tag. The nonce of record i is 2 zero bytes, i on 6 bytes
 * (big-endian), 3 zero bytes and a last-record flag (1 on the last record, 0 before), so records
 * cannot be reordered, dropped or cut off at a record boundary without failing to open. Each record
 * is checked before its plaintext is handed on: nothing unauthenticated leaves the reader.
 *
 * Version 1 (read only, for files written before): the data IV (12 bytes), the data tag (16 bytes)
 * and the whole content as one AES-256-GCM ciphertext.
 *
 * Every encryption takes as associated data the header (magic to content type) followed by a zero
 * byte and the blob key, so a file moved to another key, or a header edited, fails to open.
 */
const MAGIC = Buffer.from("PRBL", "ascii");
const VERSION_WHOLE = 1;
const VERSION_RECORDS = 2;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;
const FIXED_HEADER_BYTES = MAGIC.length + 1 + 8 + 2;
const WRAP_BYTES = IV_BYTES + KEY_BYTES + TAG_BYTES;
/** Plaintext bytes per record of version 2. */
export const RECORD_PLAINTEXT_BYTES = 64 * 1024;
const RECORD_BYTES = RECORD_PLAINTEXT_BYTES + TAG_BYTES;
/** Most records of one file: the record number fits in 6 bytes of the nonce. */
const MAX_RECORDS = 2 ** 48;
export const MAX_CONTENT_TYPE_BYTES = 255;
/**
 * Largest version-1 file opened: it is decrypted whole, in memory (those files were written whole
 * too, under the upload limit); version 2 files have no such bound.
 */
const MAX_WHOLE_FILE_BYTES = 1024 * 1024 * 1024;

/** A stored file being read: its content type, and its content as authenticated pieces. */
export interface OpenedBlob {
  contentType: string;
  /** The plaintext length, when the stored length was given to {@link BlobCipher.open}. */
  contentLength: number | undefined;
  /** Throws a `BlobIntegrityError` (before handing on anything unauthenticated) when tampered with. */
  content: AsyncIterable<Uint8Array>;
  /** Stops reading and releases the source (a file, a connection), read or not. */
  cancel(): Promise<void>;
}

/**
 * Encryption at rest of blobs: each file under its own random data key (AES-256-GCM), that data key
 * wrapped (AES-256-GCM) by the master key. Streams both ways, a record of 64 KiB at a time.
 */
export class BlobCipher {
  readonly #masterKey: Buffer;
  readonly #fingerprint: Buffer;

  constructor(masterKey: Buffer) {
    if (masterKey.length !== KEY_BYTES) throw new Error("The blob master key must be 32 bytes");
    this.#masterKey = Buffer.from(masterKey);
    this.#fingerprint = masterKeyFingerprint(this.#masterKey);
  }

  /**
   * The encrypted form of `source` stored under `key`, as pieces of at most 64 KiB and 16 bytes; the
   * source is read as the pieces are asked for. Throws at once when the content type is too long.
   */
  seal(
    key: string,
    contentType: string,
    source: AsyncIterable<Uint8Array>,
  ): AsyncGenerator<Buffer> {
    const type = Buffer.from(contentType, "utf8");
    if (type.length === 0 || type.length > MAX_CONTENT_TYPE_BYTES) {
      throw new Error(`The content type must be 1 to ${MAX_CONTENT_TYPE_BYTES} bytes`);
    }
    const header = Buffer.alloc(FIXED_HEADER_BYTES + type.length);
    MAGIC.copy(header, 0);
    header.writeUInt8(VERSION_RECORDS, 4);
    this.#fingerprint.copy(header, 5);
    header.writeUInt16BE(type.length, 13);
    type.copy(header, FIXED_HEADER_BYTES);
    return this.#sealRecords(key, header, source);
  }

  async *#sealRecords(
    key: string,
    header: Buffer,
    source: AsyncIterable<Uint8Array>,
  ): AsyncGenerator<Buffer> {
    const aad = associatedData(header, key);
    const dataKey = randomBytes(KEY_BYTES);
    const reader = new ByteReader(source);
    try {
      const wrapIv = randomBytes(IV_BYTES);
      const wrap = createCipheriv("aes-256-gcm", this.#masterKey, wrapIv).setAAD(aad);
      const wrappedKey = Buffer.concat([wrap.update(dataKey), wrap.final()]);
      yield Buffer.concat([header, wrapIv, wrappedKey, wrap.getAuthTag()]);
      for (let index = 0; ; index++) {
        if (index >= MAX_RECORDS) throw new Error("The file is too large to store");
        // One byte more than a record tells whether this record is the last one.
        const available = await reader.fill(RECORD_PLAINTEXT_BYTES + 1);
        const last = available <= RECORD_PLAINTEXT_BYTES;
        const plaintext = reader.take(last ? available : RECORD_PLAINTEXT_BYTES);
        const cipher = createCipheriv("aes-256-gcm", dataKey, recordNonce(index, last)).setAAD(aad);
        yield Buffer.concat([cipher.update(plaintext), cipher.final(), cipher.getAuthTag()]);
        if (last) return;
      }
    } finally {
      dataKey.fill(0);
      await reader.close();
    }
  }

  /**
   * Reads the header of the stored file under `key` from `source` and unwraps its data key (a
   * `BlobIntegrityError` when that fails); the content is then decrypted as it is read.
   * `storedLength`, when known, gives the plaintext length ahead.
   */
  async open(
    key: string,
    source: AsyncIterable<Uint8Array>,
    storedLength?: number,
  ): Promise<OpenedBlob> {
    const reader = new ByteReader(source);
    try {
      if ((await reader.fill(FIXED_HEADER_BYTES)) < FIXED_HEADER_BYTES) {
        throw new BlobIntegrityError(key, "it is not a Paraphe encrypted file");
      }
      const fixed = reader.take(FIXED_HEADER_BYTES);
      if (!fixed.subarray(0, 4).equals(MAGIC)) {
        throw new BlobIntegrityError(key, "it is not a Paraphe encrypted file");
      }
      const version = fixed.readUInt8(4);
      if (version !== VERSION_WHOLE && version !== VERSION_RECORDS) {
        throw new BlobIntegrityError(key, `unknown format version ${version}`);
      }
      if (!fixed.subarray(5, 13).equals(this.#fingerprint)) {
        throw new BlobIntegrityError(
          key,
          "it was encrypted under a different master key (check BLOB_MASTER_KEY)",
        );
      }
      const typeLength = fixed.readUInt16BE(13);
      const before =
        typeLength + WRAP_BYTES + (version === VERSION_WHOLE ? IV_BYTES + TAG_BYTES : 0);
      if (typeLength === 0 || (await reader.fill(before)) < before) {
        throw new BlobIntegrityError(key, "the file is truncated");
      }
      const type = reader.take(typeLength);
      const header = Buffer.concat([fixed, type]);
      const aad = associatedData(header, key);
      const wrapIv = reader.take(IV_BYTES);
      const wrappedKey = reader.take(KEY_BYTES);
      const wrapTag = reader.take(TAG_BYTES);
      let dataKey: Buffer;
      try {
        const unwrap = createDecipheriv("aes-256-gcm", this.#masterKey, wrapIv)
          .setAAD(aad)
          .setAuthTag(wrapTag);
        dataKey = Buffer.concat([unwrap.update(wrappedKey), unwrap.final()]);
      } catch (error) {
        throw modified(key, error);
      }
      const body =
        storedLength === undefined ? undefined : storedLength - header.length - WRAP_BYTES;
      const contentType = type.toString("utf8");
      const content =
        version === VERSION_WHOLE
          ? openWhole(key, aad, dataKey, reader)
          : openRecords(key, aad, dataKey, reader);
      return {
        contentType,
        contentLength:
          body === undefined
            ? undefined
            : version === VERSION_WHOLE
              ? body - IV_BYTES - TAG_BYTES
              : body - TAG_BYTES * Math.max(1, Math.ceil(body / RECORD_BYTES)),
        content,
        async cancel() {
          // A generator never started does not run its `finally`: the reader is closed here too.
          await content.return(undefined);
          dataKey.fill(0);
          await reader.close();
        },
      };
    } catch (error) {
      await reader.close();
      throw error;
    }
  }
}

async function* openRecords(
  key: string,
  aad: Buffer,
  dataKey: Buffer,
  reader: ByteReader,
): AsyncGenerator<Uint8Array> {
  try {
    for (let index = 0; ; index++) {
      const available = await reader.fill(RECORD_BYTES + 1);
      const last = available <= RECORD_BYTES;
      if (available < TAG_BYTES || index >= MAX_RECORDS) {
        throw new BlobIntegrityError(key, "the file is truncated");
      }
      const record = reader.take(last ? available : RECORD_BYTES);
      let plaintext: Buffer;
      try {
        const decipher = createDecipheriv("aes-256-gcm", dataKey, recordNonce(index, last))
          .setAAD(aad)
          .setAuthTag(record.subarray(record.length - TAG_BYTES));
        plaintext = Buffer.concat([
          decipher.update(record.subarray(0, record.length - TAG_BYTES)),
          decipher.final(),
        ]);
      } catch (error) {
        throw modified(key, error);
      }
      yield plaintext;
      if (last) return;
    }
  } finally {
    dataKey.fill(0);
    await reader.close();
  }
}

async function* openWhole(
  key: string,
  aad: Buffer,
  dataKey: Buffer,
  reader: ByteReader,
): AsyncGenerator<Uint8Array> {
  try {
    const dataIv = reader.take(IV_BYTES);
    const dataTag = reader.take(TAG_BYTES);
    const length = await reader.fill(MAX_WHOLE_FILE_BYTES + 1);
    if (length > MAX_WHOLE_FILE_BYTES) throw new BlobIntegrityError(key, "the file is too large");
    const ciphertext = reader.take(length);
    let plaintext: Buffer;
    try {
      const decipher = createDecipheriv("aes-256-gcm", dataKey, dataIv)
        .setAAD(aad)
        .setAuthTag(dataTag);
      plaintext = Buffer.concat([decipher.update(ciphertext), decipher.final()]);
    } catch (error) {
      throw modified(key, error);
    }
    yield plaintext;
  } finally {
    dataKey.fill(0);
    await reader.close();
  }
}

/**
 * The whole content of an opened blob in one buffer: allocated once at its final size when the
 * length is known ahead.
 */
export async function readWhole(opened: OpenedBlob): Promise<Uint8Array> {
  if (opened.contentLength === undefined) {
    const pieces: Uint8Array[] = [];
    for await (const piece of opened.content) pieces.push(piece);
    const whole = Buffer.concat(pieces);
    return new Uint8Array(whole.buffer, whole.byteOffset, whole.byteLength);
  }
  const whole = new Uint8Array(opened.contentLength);
  let filled = 0;
  for await (const piece of opened.content) {
    if (filled + piece.length > whole.length) throw new Error("The blob is longer than announced");
    whole.set(piece, filled);
    filled += piece.length;
  }
  if (filled !== whole.length) throw new Error("The blob is shorter than announced");
  return whole;
}

/** `bytes` as a source of one piece. */
export async function* singlePiece(bytes: Uint8Array): AsyncGenerator<Uint8Array> {
  yield bytes;
}

function recordNonce(index: number, last: boolean): Buffer {
  const nonce = Buffer.alloc(IV_BYTES);
  nonce.writeUIntBE(index, 2, 6);
  nonce.writeUInt8(last ? 1 : 0, 11);
  return nonce;
}

function associatedData(header: Buffer, key: string): Buffer {
  return Buffer.concat([header, Buffer.from([0]), Buffer.from(key, "utf8")]);
}

function modified(key: string, cause: unknown): BlobIntegrityError {
  return new BlobIntegrityError(key, "the stored file was modified or is corrupt", { cause });
}

/** Reads exact byte counts out of a source of pieces of any size, buffering only what is asked. */
class ByteReader {
  readonly #iterator: AsyncIterator<Uint8Array>;
  #pieces: Buffer[] = [];
  #length = 0;
  #done = false;

  constructor(source: AsyncIterable<Uint8Array>) {
    this.#iterator = source[Symbol.asyncIterator]();
  }

  /** Reads until `count` bytes are buffered or the source ends; answers how many are buffered. */
  async fill(count: number): Promise<number> {
    while (this.#length < count && !this.#done) {
      const next = await this.#iterator.next();
      if (next.done === true) {
        this.#done = true;
        break;
      }
      const piece = Buffer.from(next.value.buffer, next.value.byteOffset, next.value.byteLength);
      if (piece.length === 0) continue;
      this.#pieces.push(piece);
      this.#length += piece.length;
    }
    return this.#length;
  }

  /** The next `count` bytes (at most what {@link fill} buffered); no copy when they lie in one piece. */
  take(count: number): Buffer {
    if (count > this.#length) throw new Error("ByteReader: not enough bytes buffered");
    this.#length -= count;
    const first = this.#pieces[0];
    if (first !== undefined && first.length >= count) {
      if (first.length === count) this.#pieces.shift();
      else this.#pieces[0] = first.subarray(count);
      return first.subarray(0, count);
    }
    const out = Buffer.allocUnsafe(count);
    let filled = 0;
    while (filled < count) {
      const piece = this.#pieces[0];
      if (piece === undefined) break;
      const used = Math.min(piece.length, count - filled);
      piece.copy(out, filled, 0, used);
      filled += used;
      if (used === piece.length) this.#pieces.shift();
      else this.#pieces[0] = piece.subarray(used);
    }
    return out;
  }

  /** Stops reading the source (a stream is destroyed). */
  async close(): Promise<void> {
    this.#pieces = [];
    this.#length = 0;
    if (!this.#done) {
      this.#done = true;
      await this.#iterator.return?.();
    }
  }
}
