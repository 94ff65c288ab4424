import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import type { S3StorageSettings } from "../blob/s3-encrypted-blob-store";

/** The credentials s3rver accepts. */
const ACCESS_KEY = "S3RVER";

export interface TestS3 {
  /** Where the server keeps its buckets, one folder each (objects and parts of uploads). */
  directory: string;
  /** Settings of the store's bucket, created empty at start. */
  settings: S3StorageSettings;
  /** The same as configuration variables (`BLOB_STORAGE=s3` and the S3_* variables). */
  env: Record<string, string>;
  stop(): Promise<void>;
}

/**
 * A real S3-compatible server (s3rver) on a free loopback port, storing into a temporary
 * directory that `stop` removes, with one empty bucket.
 */
export async function startTestS3(): Promise<TestS3> {
  const directory = await mkdtemp(path.join(tmpdir(), "paraphe-s3-"));
  const bucket = `paraphe-test-${randomBytes(4).toString("hex")}`;
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  let address;
  try {
    address = await server.run();
  } catch (error) {
    await rm(directory, { recursive: true, force: true });
    throw error;
  }
  const settings: S3StorageSettings = {
    endpoint: `http://127.0.0.1:${address.port}`,
    region: "us-east-1",
    bucket,
    accessKeyId: ACCESS_KEY,
    secretAccessKey: ACCESS_KEY,
    forcePathStyle: true,
  };
  return {
    directory,
    settings,
    env: {
      BLOB_STORAGE: "s3",
      S3_ENDPOINT: settings.endpoint ?? "",
      S3_REGION: settings.region,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: ACCESS_KEY,
      S3_FORCE_PATH_STYLE: "1",
    },
    async stop() {
      // Keep-alive connections of clients would hold the server open.
      server.httpServer?.closeAllConnections();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
