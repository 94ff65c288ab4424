import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

/**
 * DejaVu Sans (regular, bold, mono), read once from the `dejavu-fonts-ttf` package. It covers
 * French, the rest of Latin-extended, Greek and Cyrillic, which the PDF standard fonts do not.
 * The package stays external in the build, so the files resolve from node_modules at runtime.
 */
export type FontName = "DejaVuSans" | "DejaVuSans-Bold" | "DejaVuSansMono";

const require = createRequire(import.meta.url);
const cache = new Map<FontName, Uint8Array>();

export function fontBytes(name: FontName): Uint8Array {
  let bytes = cache.get(name);
  if (!bytes) {
    bytes = new Uint8Array(readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${name}.ttf`)));
    cache.set(name, bytes);
  }
  return bytes;
}
