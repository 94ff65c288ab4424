import type { Config } from "../config";
import type { BlobStore } from "./blob-store";
import { LocalEncryptedBlobStore } from "./local-encrypted-blob-store";
import { S3EncryptedBlobStore } from "./s3-encrypted-blob-store";

export interface OpenedBlobStore {
  blobStore: BlobStore;
  /** Releases what the store holds open (connections to an S3 store). */
  close(): void;
}

/**
 * The blob store BLOB_STORAGE names: the local directory, or the S3-compatible bucket, checked
 * to exist and to accept the credentials (an error naming the bucket otherwise).
 */
export async function openBlobStore(
  config: Pick<Config, "blobStorage" | "blobDir" | "s3">,
  masterKey: Buffer,
): Promise<OpenedBlobStore> {
  if (config.blobStorage === "local") {
    return {
      blobStore: new LocalEncryptedBlobStore({ directory: config.blobDir, masterKey }),
      close: () => undefined,
    };
  }
  if (config.s3 === undefined) throw new Error("BLOB_STORAGE=s3 needs the S3_* settings");
  const blobStore = new S3EncryptedBlobStore({ settings: config.s3, masterKey });
  try {
    await blobStore.checkAccess();
  } catch (error) {
    blobStore.close();
    throw error;
  }
  return { blobStore, close: () => blobStore.close() };
}
