import { z } from "zod";
import { decodeMasterKey, flag, isHttpUrl, oneOf } from "./values";
import { variable } from "./variable";

/** Where files are stored (local directory or S3-compatible bucket) and the key that wraps them. */
export const storageVariables = {
  BLOB_STORAGE: variable({
    key: "blobStorage",
    description:
      "Where files are stored: `local` (encrypted files in BLOB_DIR) or `s3` (encrypted objects in an S3-compatible bucket: Amazon S3, MinIO, Cloudflare R2; set the S3_* variables). Files are encrypted before they leave the api either way.",
    default: "local",
    parse: oneOf(
      ["local", "s3"],
      "must be local (encrypted files in BLOB_DIR) or s3 (an S3-compatible bucket)",
    ),
  }),
  BLOB_DIR: variable({
    description:
      "Directory of the local blob store. Relative paths are resolved against the working directory.",
    documentedDefault: "DATA_DIR/blobs",
    parse: z.string(),
  }),
  BLOB_MASTER_KEY: variable({
    key: "blobMasterKey",
    description:
      "Base64 of 32 random bytes (`openssl rand -base64 32`) that wraps every file's data key. Unset: a development key generated in DATA_DIR/master.key. Required in production.",
    secret: true,
    parse: z
      .string()
      .refine((value) => decodeMasterKey(value) !== undefined, {
        message:
          "must be the base64 encoding of exactly 32 bytes (generate one with `openssl rand -base64 32`)",
      })
      .transform((value) => decodeMasterKey(value) ?? Buffer.alloc(0)),
  }),
  S3_ENDPOINT: variable({
    description:
      "With BLOB_STORAGE=s3: address of the S3-compatible store, such as `http://127.0.0.1:9000` (MinIO) or `https://<account id>.r2.cloudflarestorage.com` (Cloudflare R2). Unset: Amazon S3 in S3_REGION.",
    parse: z
      .string()
      .refine((value) => value.length <= 2048 && isHttpUrl(value), {
        message:
          "must be an http:// or https:// address of at most 2048 characters, for example http://127.0.0.1:9000",
      })
      .refine((value) => URL.parse(value)?.username === "", {
        message: "must not hold credentials: set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY",
      })
      .transform((value) => value.replace(/\/+$/, "")),
  }),
  S3_REGION: variable({
    description:
      "With BLOB_STORAGE=s3 (required): region of the bucket, such as `eu-west-3` (Amazon S3), `us-east-1` (MinIO's default) or `auto` (Cloudflare R2).",
    parse: z.string().regex(/^[a-z0-9][a-z0-9-]{0,62}$/, {
      message:
        "must be a region name of lower-case letters, digits and hyphens, such as eu-west-3 or auto",
    }),
  }),
  S3_BUCKET: variable({
    description:
      "With BLOB_STORAGE=s3 (required): name of the bucket (3 to 63 lower-case letters, digits, dots and hyphens); it must exist, start is refused otherwise.",
    parse: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, {
      message: "must be a bucket name of 3 to 63 lower-case letters, digits, dots and hyphens",
    }),
  }),
  S3_ACCESS_KEY_ID: variable({
    description:
      "With BLOB_STORAGE=s3 (required): access key id of credentials allowed to list, read, write and delete objects of the bucket.",
    parse: z.string().regex(/^[\x21-\x7e]{1,128}$/, {
      message: "must be 1 to 128 printable characters without spaces",
    }),
  }),
  S3_SECRET_ACCESS_KEY: variable({
    description:
      "With BLOB_STORAGE=s3 (required): the secret of S3_ACCESS_KEY_ID. Never printed nor logged.",
    secret: true,
    parse: z.string().regex(/^[\x21-\x7e]{1,256}$/, {
      message: "must be 1 to 256 printable characters without spaces",
    }),
  }),
  S3_FORCE_PATH_STYLE: variable({
    description:
      "With BLOB_STORAGE=s3: `1` to put the bucket in the path (`http://host/bucket/key`), as MinIO and most self-hosted stores need; `0` for the bucket in the host name (Amazon S3, Cloudflare R2).",
    default: "0",
    parse: flag("must be 1 (bucket in the path) or 0 (bucket in the host name)"),
  }),
};
