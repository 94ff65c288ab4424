import { afterAll, describe, expect, it } from "vitest";
import { DocumentError } from "./document-error";
import { MAX_PREVIEW_PIXELS, PDFJS_HOSTILE_INPUT_OPTIONS } from "./previews";
import { renderPagePreviews } from "./worker-pool";
import { makePdf } from "../test/documents";
import { deeplyNestedPdf } from "../test/upload-corpus";
import { closeDocumentWorkers } from "./worker-pool";

afterAll(() => closeDocumentWorkers());

async function decode(data: Uint8Array) {
  const { loadImage, createCanvas } = await import("@napi-rs/canvas");
  const image = await loadImage(Buffer.from(data));
  const canvas = createCanvas(image.width, image.height);
  const context = canvas.getContext("2d");
  context.drawImage(image, 0, 0);
  return {
    width: image.width,
    height: image.height,
    pixels: context.getImageData(0, 0, image.width, image.height).data,
  };
}

describe("renderPagePreviews", () => {
  it("renders with a pdf.js fixed for GHSA-hq66-cqwq-w95j (6.2 or newer) and opens uploads with its XFA forms off", async () => {
    const { version } = await import("pdfjs-dist/legacy/build/pdf.mjs");
    const [major = 0, minor = 0] = version.split(".").map(Number);
    expect(major > 6 || (major === 6 && minor >= 2), `pdf.js ${version}`).toBe(true);
    expect(PDFJS_HOSTILE_INPUT_OPTIONS).toMatchObject({ enableXfa: false });
  });

  it("renders each page to a WebP image 1000 px wide, in the page's aspect ratio, with content", async () => {
    const pdf = await makePdf({ pages: 3 });
    const previews = await renderPagePreviews(pdf);

    expect(previews.map((preview) => preview.page)).toEqual([0, 1, 2]);
    for (const preview of previews) {
      expect(preview.contentType).toBe("image/webp");
      expect(preview.width).toBe(1000);
      expect(preview.height / preview.width).toBeCloseTo(841.89 / 595.28, 2);
      expect(new TextDecoder().decode(preview.data.subarray(8, 12))).toBe("WEBP");
      const image = await decode(preview.data);
      expect(image).toMatchObject({ width: preview.width, height: preview.height });
      let dark = 0;
      for (let index = 0; index < image.pixels.length; index += 4) {
        if (image.pixels[index]! < 128) dark++;
      }
      // The heading and text lines are drawn: some pixels are dark, most are the white page.
      expect(dark / (image.width * image.height)).toBeGreaterThan(0.001);
      expect(dark / (image.width * image.height)).toBeLessThan(0.2);
    }
  });

  it("keeps a landscape page's ratio and honours a smaller width", async () => {
    const [preview] = await renderPagePreviews(await makePdf({ width: 842, height: 595 }), {
      maxWidth: 400,
    });
    expect(preview).toMatchObject({ width: 400, height: Math.round((595 / 842) * 400) });
  });

  it("runs off the event loop: timers keep firing while pages render", async () => {
    const pdf = await makePdf({ pages: 6 });
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    try {
      const started = Date.now();
      await renderPagePreviews(pdf);
      const elapsed = Date.now() - started;
      // Ticks at a fifth of the ideal rate at least (the machine is shared).
      expect(ticks).toBeGreaterThan(elapsed / 5 / 5);
    } finally {
      clearInterval(timer);
    }
  });

  it("downscales a huge page so that its preview stays within the pixel cap, keeping its ratio", async () => {
    // 200 x 14,400 points: at the usual 3x this would be 600 x 43,200 pixels (26 megapixels).
    const [preview] = await renderPagePreviews(await makePdf({ width: 200, height: 14_400 }));
    expect(preview!.width * preview!.height).toBeLessThanOrEqual(MAX_PREVIEW_PIXELS);
    expect(preview!.width * preview!.height).toBeGreaterThan(MAX_PREVIEW_PIXELS / 2);
    expect(preview!.height / preview!.width).toBeCloseTo(14_400 / 200, 0);
  });

  it("refuses a PDF pdf.js cannot read with a DocumentError", async () => {
    const broken = new TextEncoder().encode("%PDF-1.7\nnot really\n%%EOF\n");
    const failure = await renderPagePreviews(broken).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(DocumentError);
    expect((failure as DocumentError).code).toBe("unreadable");
  });

  it("refuses a page pdf.js cannot draw (its resources nested 100,000 deep) with a DocumentError", async () => {
    const failure = await renderPagePreviews(deeplyNestedPdf(100_000, "resources")).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(DocumentError);
    expect((failure as DocumentError).code).toBe("unreadable");
    expect((failure as DocumentError).message).toBe("pdf.js could not render page 1 of the PDF.");
  });
});
