import type { uploadPictureRequestSchema } from "@paraphe/api-sdk/contract";
import type { z } from "zod";
import { PROFILE_PICTURE_MAX_BYTES } from "@paraphe/api-sdk/contract";
import { AppError } from "../errors/app-error";
import type { IdentityDeps } from "./identity-deps";
import { emailHash, pictureBlobKey, profilePictureUrl } from "./profile";

type PictureType = "image/png" | "image/jpeg" | "image/webp" | "image/gif";

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  return signature.every((value, index) => bytes[offset + index] === value);
}

/** The image type the bytes are, by their magic bytes; null for anything else. */
export function detectImageType(bytes: Uint8Array): PictureType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38]) && (bytes[4] === 0x37 || bytes[4] === 0x39)) {
    return "image/gif";
  }
  if (
    startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) &&
    startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)
  ) {
    return "image/webp";
  }
  return null;
}

/**
 * Stores a person's profile picture (spec §5: an image under 1 MB) as public data named by the
 * SHA-256 of their email. Refuses, storing nothing, a file too large (PAYLOAD_TOO_LARGE) or bytes
 * that are not the declared image type (VALIDATION_ERROR `invalid_file_type`).
 */
export async function uploadPicture(
  deps: IdentityDeps,
  email: string,
  input: z.infer<typeof uploadPictureRequestSchema>,
): Promise<string> {
  const bytes = Buffer.from(input.data, "base64");
  if (bytes.length > PROFILE_PICTURE_MAX_BYTES) {
    throw new AppError("PAYLOAD_TOO_LARGE", {
      message: "The picture is too large: it must be under 1 MB.",
      suggestion: "Choose a smaller image, or reduce its size before uploading it.",
    });
  }
  if (detectImageType(bytes) !== input.contentType) {
    throw new AppError("VALIDATION_ERROR", {
      message: "The file is not a PNG, JPEG, WebP or GIF image of the type it claims.",
      suggestion: "Choose a PNG, JPEG, WebP or GIF image.",
      fields: [{ path: "data", code: "custom", message: "invalid_file_type" }],
    });
  }
  await deps.blobStore.put(pictureBlobKey(emailHash(email)), bytes, {
    contentType: input.contentType,
  });
  return profilePictureUrl(deps.config, email);
}

/** Removes a person's picture; whether there was one. */
export async function removePicture(deps: IdentityDeps, email: string): Promise<boolean> {
  const key = pictureBlobKey(emailHash(email));
  const existed = await deps.blobStore.exists(key);
  if (existed) await deps.blobStore.delete(key);
  return existed;
}
