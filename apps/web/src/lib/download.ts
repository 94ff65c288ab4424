import { type BinaryFile } from "@paraphe/api-sdk/contract";

/** Turns a base64 file of the api into bytes. */
export function base64ToBytes(data: string): Uint8Array<ArrayBuffer> {
  const binary = atob(data);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/** Saves a file of the api through a Blob URL (nothing travels again over the network). */
export function saveBinaryFile(file: BinaryFile): void {
  saveBlob(new Blob([base64ToBytes(file.data)], { type: file.contentType }), file.filename);
}

/** Saves a file made in the browser (an example CSV) under `filename`, through a Blob URL. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  link.rel = "noopener";
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A data URL for an image file of the api (page previews). */
export function imageDataUrl(file: BinaryFile): string {
  return `data:${file.contentType};base64,${file.data}`;
}
