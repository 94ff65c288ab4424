import { PROFILE_PICTURE_MAX_BYTES, PROFILE_PICTURE_TYPES } from "@paraphe/api-sdk/contract";

/** Why a chosen picture is refused (spec §5: an image under 1 MB), as a validation word. */
export function pictureFileProblem(file: File): "invalid_file_type" | "file_too_large" | null {
  if (!(PROFILE_PICTURE_TYPES as readonly string[]).includes(file.type)) return "invalid_file_type";
  if (file.size >= PROFILE_PICTURE_MAX_BYTES) return "file_too_large";
  return null;
}

/** The file as a data URL (for the preview) and its base64 payload (for the upload). */
export function readPicture(file: File): Promise<{ dataUrl: string; base64: string }> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const dataUrl = String(reader.result);
      resolve({ dataUrl, base64: dataUrl.slice(dataUrl.indexOf(",") + 1) });
    };
    reader.onerror = () => reject(reader.error ?? new Error("The file cannot be read"));
    reader.readAsDataURL(file);
  });
}
