import { readFileSync } from "node:fs";
import { crc32, deflateSync } from "node:zlib";
import { PDF, rgb } from "@libpdf/core";
import { PDFDocument, rgb as pdfLibRgb } from "pdf-lib";
import { beforeAll, describe, expect, it } from "vitest";
import { drawImageXObject, embedPngNatively } from "./native-flate";
import { flatImageOfPng } from "./png-image";
import { embedPng } from "./stamp";
import { makeSignaturePng, runToolOrThrow, temporaryDirectory } from "../test/documents";

/** The page rendered in colour by poppler's pdftoppm: the PPM file's bytes. */
function renderColour(pdf: Uint8Array): Buffer {
  const tmp = temporaryDirectory("paraphe-png-");
  try {
    const input = tmp.file("in.pdf", pdf);
    const prefix = tmp.file("page");
    runToolOrThrow("pdftoppm", ["-r", "72", "-singlefile", input, prefix]);
    return readFileSync(`${prefix}.ppm`);
  } finally {
    tmp.cleanup();
  }
}

function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "latin1");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * An 8-bit PNG of the given colour type (0 grey, 2 RGB, 4 grey + alpha, 6 RGBA) with a gradient
 * and a transparent band, each row written with the next of the five PNG filters in turn (None,
 * Sub, Up, Average, Paeth), so that every filter is read back.
 */
function makePng(colorType: 0 | 2 | 4 | 6, width = 61, height = 23, bitDepth = 8): Uint8Array {
  const channels = { 0: 1, 2: 3, 4: 2, 6: 4 }[colorType];
  const stride = width * channels;
  const raw = new Uint8Array(height * stride);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = y * stride + x * channels;
      const sample = [(x * 7 + y * 3) & 0xff, (x * 13) & 0xff, (y * 29 + x) & 0xff];
      if (colorType === 0 || colorType === 4) raw[at] = sample[0]!;
      else raw.set(sample, at);
      if (colorType === 4 || colorType === 6) {
        raw[at + channels - 1] = x > width / 3 && x < (2 * width) / 3 ? 0 : (x * 9 + y) & 0xff;
      }
    }
  }
  const filtered = new Uint8Array(height * (stride + 1));
  for (let y = 0; y < height; y++) {
    const filter = y % 5;
    filtered[y * (stride + 1)] = filter;
    for (let i = 0; i < stride; i++) {
      const value = raw[y * stride + i]!;
      const left = i >= channels ? raw[y * stride + i - channels]! : 0;
      const up = y > 0 ? raw[(y - 1) * stride + i]! : 0;
      const upLeft = y > 0 && i >= channels ? raw[(y - 1) * stride + i - channels]! : 0;
      const estimate = left + up - upLeft;
      const paeth =
        Math.abs(estimate - left) <= Math.abs(estimate - up) &&
        Math.abs(estimate - left) <= Math.abs(estimate - upLeft)
          ? left
          : Math.abs(estimate - up) <= Math.abs(estimate - upLeft)
            ? up
            : upLeft;
      const predicted = [0, left, up, (left + up) >> 1, paeth][filter]!;
      filtered[y * (stride + 1) + 1 + i] = (value - predicted) & 0xff;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = bitDepth;
  header[9] = colorType;
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk("IHDR", header),
      chunk("IDAT", deflateSync(filtered)),
      chunk("IEND", new Uint8Array(0)),
    ]),
  );
}

/** One page with a red square under the image, so that its transparency shows. */
async function drawnWithLibpdf(png: Uint8Array, ours: boolean): Promise<Uint8Array> {
  const document = PDF.create();
  const page = document.addPage({ width: 200, height: 120 });
  page.drawRectangle({ x: 20, y: 20, width: 160, height: 80, color: rgb(1, 0, 0) });
  const image = ours ? embedPng(document, png) : document.embedPng(png);
  page.drawImage(image, { x: 10, y: 10, width: 180, height: 100 });
  return document.save();
}

async function drawnWithPdfLib(png: Uint8Array, ours: boolean): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const page = document.addPage([200, 120]);
  page.drawRectangle({ x: 20, y: 20, width: 160, height: 80, color: pdfLibRgb(1, 0, 0) });
  const box = { x: 10, y: 10, width: 180, height: 100 };
  if (ours) drawImageXObject(page, await embedPngNatively(document, png), box);
  else page.drawImage(await document.embedPng(png), box);
  return document.save();
}

describe("PNG images compressed natively", () => {
  let signature: Uint8Array;
  beforeAll(async () => {
    signature = await makeSignaturePng();
  });

  it.each([
    ["grey", 0],
    ["RGB", 2],
    ["grey with alpha", 4],
    ["RGBA", 6],
  ] as const)(
    "draws a %s PNG with the same pixels as @libpdf/core's own embedPng",
    async (_, type) => {
      const png = makePng(type);
      expect(flatImageOfPng(png)).toBeDefined();
      expect(renderColour(await drawnWithLibpdf(png, true))).toEqual(
        renderColour(await drawnWithLibpdf(png, false)),
      );
    },
  );

  it.each([
    ["grey", 0],
    ["RGB", 2],
    ["grey with alpha", 4],
    ["RGBA", 6],
  ] as const)("draws a %s PNG with the same pixels as pdf-lib's own embedPng", async (_, type) => {
    const png = makePng(type);
    expect(renderColour(await drawnWithPdfLib(png, true))).toEqual(
      renderColour(await drawnWithPdfLib(png, false)),
    );
  });

  it("draws a handwritten signature (canvas RGBA) with the same pixels in both libraries", async () => {
    expect(flatImageOfPng(signature)?.alpha).toBeDefined();
    expect(renderColour(await drawnWithLibpdf(signature, true))).toEqual(
      renderColour(await drawnWithLibpdf(signature, false)),
    );
    expect(renderColour(await drawnWithPdfLib(signature, true))).toEqual(
      renderColour(await drawnWithPdfLib(signature, false)),
    );
  });

  it("passes an image without alpha through as the PNG's own compressed rows", () => {
    const flat = flatImageOfPng(makePng(2))!;
    expect(flat.pngPredictor).toBe(true);
    expect(flat.alpha).toBeUndefined();
  });

  it("leaves 16-bit, palette and broken PNGs to the library", async () => {
    expect(flatImageOfPng(makePng(6, 8, 8, 16))).toBeUndefined();
    const palette = makePng(0);
    palette[8 + 8 + 9] = 3;
    expect(flatImageOfPng(palette)).toBeUndefined();
    const truncated = makePng(6).subarray(0, 60);
    expect(flatImageOfPng(truncated)).toBeUndefined();
    expect(flatImageOfPng(new TextEncoder().encode("not a png at all"))).toBeUndefined();
    // The library still reports the broken file.
    expect(() => embedPng(PDF.create(), truncated)).toThrow();
  });

  it("refuses rows with an unknown filter instead of drawing garbage", () => {
    const width = 4;
    const rows = new Uint8Array(2 * (width * 3 + 1));
    rows[0] = 7;
    const header = Buffer.alloc(13);
    header.writeUInt32BE(width, 0);
    header.writeUInt32BE(2, 4);
    header[8] = 8;
    header[9] = 2;
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk("IHDR", header),
      chunk("IDAT", deflateSync(rows)),
      chunk("IEND", new Uint8Array(0)),
    ]);
    expect(flatImageOfPng(new Uint8Array(png))).toBeUndefined();
  });
});
