import { constants, deflateSync, inflateSync } from "node:zlib";

/**
 * A PNG ready to be written as a PDF image XObject, compressed by node:zlib: the PDF libraries
 * (@libpdf/core and pdf-lib) decode a PNG and compress its pixels again with pako, a JavaScript
 * deflate that costs several times more than the native one (for a signature, as much as loading
 * a 100-page document).
 *
 * - Without alpha (grey or RGB), `data` is the PNG's own compressed stream, read as it is with
 *   /DecodeParms << /Predictor 15 >> (the PNG row filters), after checking that it inflates to
 *   rows of the right size with valid filters;
 * - with alpha (grey + alpha, RGBA), the rows are unfiltered, the colour and the alpha split, and
 *   each compressed with node:zlib (`alpha` becomes the image's /SMask).
 *
 * Answers `undefined` for the PNGs left to the library (which decodes them itself, and reports the
 * errors of a broken file): palette images, transparency chunks (tRNS), depths other than 8 bits,
 * interlacing, and any file this reader finds malformed.
 */
export interface FlatImage {
  width: number;
  height: number;
  colorSpace: "DeviceGray" | "DeviceRGB";
  /** Colour components per pixel: 1 (grey) or 3 (RGB). */
  colors: 1 | 3;
  /** zlib-compressed samples, 8 bits each. */
  data: Uint8Array;
  /** `data` holds PNG-filtered rows: read it with the PNG predictors (/Predictor 15). */
  pngPredictor: boolean;
  /** zlib-compressed alpha (8 bits, one per pixel), for the /SMask. */
  alpha?: Uint8Array;
}

/**
 * zlib's fastest level: a signature is mostly transparent, long runs of zeros on which the default
 * level (6, pako's too) spends ten times longer for files about 1.5 KB smaller.
 */
const FAST = { level: constants.Z_BEST_SPEED };

/** Largest image this reader decodes (pixels); larger ones are left to the library. */
export const MAX_FLAT_IMAGE_PIXELS = 16 * 1024 * 1024;

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function chunkType(bytes: Uint8Array, offset: number): string {
  return String.fromCharCode(
    bytes[offset]!,
    bytes[offset + 1]!,
    bytes[offset + 2]!,
    bytes[offset + 3]!,
  );
}

function readUint32(bytes: Uint8Array, offset: number): number {
  return (
    bytes[offset]! * 0x1000000 +
    ((bytes[offset + 1]! << 16) | (bytes[offset + 2]! << 8) | bytes[offset + 3]!)
  );
}

export function flatImageOfPng(png: Uint8Array): FlatImage | undefined {
  if (png.length < 8 || SIGNATURE.some((byte, index) => png[index] !== byte)) return undefined;
  let header: { width: number; height: number; colorType: number } | undefined;
  const idat: Uint8Array[] = [];
  let ended = false;
  for (let offset = 8; offset + 12 <= png.length;) {
    const length = readUint32(png, offset);
    const type = chunkType(png, offset + 4);
    const dataStart = offset + 8;
    if (dataStart + length + 4 > png.length) return undefined;
    const data = png.subarray(dataStart, dataStart + length);
    if (type === "IHDR") {
      if (length < 13 || header !== undefined) return undefined;
      const width = readUint32(data, 0);
      const height = readUint32(data, 4);
      const [bitDepth, colorType, compression, filter, interlace] = data.subarray(8, 13);
      if (bitDepth !== 8 || compression !== 0 || filter !== 0 || interlace !== 0) return undefined;
      if (colorType !== 0 && colorType !== 2 && colorType !== 4 && colorType !== 6) {
        return undefined;
      }
      if (width === 0 || height === 0 || width * height > MAX_FLAT_IMAGE_PIXELS) return undefined;
      header = { width, height, colorType };
    } else if (type === "IDAT") {
      if (header === undefined) return undefined;
      idat.push(data);
    } else if (type === "tRNS" || type === "PLTE") {
      return undefined;
    } else if (type === "IEND") {
      ended = true;
      break;
    }
    offset = dataStart + length + 4;
  }
  if (header === undefined || !ended || idat.length === 0) return undefined;

  const { width, height, colorType } = header;
  const colors = colorType === 0 || colorType === 4 ? 1 : 3;
  const hasAlpha = colorType === 4 || colorType === 6;
  const bytesPerPixel = colors + (hasAlpha ? 1 : 0);
  const stride = width * bytesPerPixel;
  const expected = height * (stride + 1);
  const compressed = idat.length === 1 ? idat[0]! : Buffer.concat(idat);
  let rows: Uint8Array;
  try {
    rows = inflateSync(compressed, { maxOutputLength: expected });
  } catch {
    return undefined;
  }
  if (rows.length !== expected) return undefined;
  for (let row = 0; row < height; row++) {
    if (rows[row * (stride + 1)]! > 4) return undefined;
  }
  const common = {
    width,
    height,
    colorSpace: colors === 1 ? ("DeviceGray" as const) : ("DeviceRGB" as const),
    colors: colors as 1 | 3,
  };
  if (!hasAlpha) {
    return { ...common, data: new Uint8Array(compressed), pngPredictor: true };
  }

  const pixels = unfilter(rows, height, stride, bytesPerPixel);
  const color = new Uint8Array(width * height * colors);
  const alpha = new Uint8Array(width * height);
  const count = width * height;
  if (colors === 3) {
    for (let pixel = 0, source = 0, target = 0; pixel < count; pixel++, source += 4, target += 3) {
      color[target] = pixels[source]!;
      color[target + 1] = pixels[source + 1]!;
      color[target + 2] = pixels[source + 2]!;
      alpha[pixel] = pixels[source + 3]!;
    }
  } else {
    for (let pixel = 0, source = 0; pixel < count; pixel++, source += 2) {
      color[pixel] = pixels[source]!;
      alpha[pixel] = pixels[source + 1]!;
    }
  }
  return {
    ...common,
    data: new Uint8Array(deflateSync(color, FAST)),
    pngPredictor: false,
    alpha: new Uint8Array(deflateSync(alpha, FAST)),
  };
}

/** Undoes the PNG row filters (None, Sub, Up, Average, Paeth) of 8-bit samples. */
function unfilter(
  rows: Uint8Array,
  height: number,
  stride: number,
  bytesPerPixel: number,
): Uint8Array {
  const out = new Uint8Array(height * stride);
  const zero = new Uint8Array(stride);
  for (let row = 0; row < height; row++) {
    const filter = rows[row * (stride + 1)]!;
    const input = rows.subarray(row * (stride + 1) + 1, (row + 1) * (stride + 1));
    const line = out.subarray(row * stride, (row + 1) * stride);
    const above = row > 0 ? out.subarray((row - 1) * stride, row * stride) : zero;
    const n = bytesPerPixel;
    switch (filter) {
      case 0:
        line.set(input);
        break;
      case 1:
        for (let i = 0; i < stride; i++) line[i] = (input[i]! + (i >= n ? line[i - n]! : 0)) & 0xff;
        break;
      case 2:
        for (let i = 0; i < stride; i++) line[i] = (input[i]! + above[i]!) & 0xff;
        break;
      case 3:
        for (let i = 0; i < stride; i++) {
          line[i] = (input[i]! + (((i >= n ? line[i - n]! : 0) + above[i]!) >> 1)) & 0xff;
        }
        break;
      default:
        for (let i = 0; i < stride; i++) {
          const left = i >= n ? line[i - n]! : 0;
          const up = above[i]!;
          const upLeft = i >= n ? above[i - n]! : 0;
          const estimate = left + up - upLeft;
          const toLeft = Math.abs(estimate - left);
          const toUp = Math.abs(estimate - up);
          const toUpLeft = Math.abs(estimate - upLeft);
          const predicted =
            toLeft <= toUp && toLeft <= toUpLeft ? left : toUp <= toUpLeft ? up : upLeft;
          line[i] = (input[i]! + predicted) & 0xff;
        }
    }
  }
  return out;
}
