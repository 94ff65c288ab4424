import { type AccessLink, type SignApi } from "../lib/api";

/** Saves a base64 file under its name (an object URL clicked through a temporary link). */
export function saveBase64File(file: { filename: string; contentType: string; data: string }) {
  const bytes = Uint8Array.from(atob(file.data), (char) => char.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type: file.contentType }));
  const anchor = document.createElement("a");
  anchor.href = url;
  anchor.download = file.filename;
  anchor.rel = "noopener";
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Downloads the envelope's PDF through the access link: the sealed one once complete. */
export async function downloadSignerPdf(api: SignApi, link: AccessLink): Promise<void> {
  const file = await api.envelope.downloadSignerDocument(link);
  saveBase64File(file);
}

/** Downloads the audit-log proof of a complete envelope through the access link. */
export async function downloadSignerProof(api: SignApi, link: AccessLink): Promise<void> {
  const file = await api.envelope.downloadSignerDocument({ ...link, proof: true });
  saveBase64File(file);
}
