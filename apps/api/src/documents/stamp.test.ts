import { readFileSync } from "node:fs";
import { PDFDocument, PDFName, PDFRawStream, degrees } from "pdf-lib";
import { beforeAll, describe, expect, it } from "vitest";
import { inspectPdf } from "./inspect";
import { type StampField, stampFields } from "./stamp";
import {
  darkShare,
  makePdf,
  makeSignaturePng,
  pdfText,
  qpdfCheck,
  renderGrey,
  runTool,
  temporaryDirectory,
} from "../test/documents";

const NAME = "Zoë Łukasiewicz-Ñúñez, Ærøskøbing";
let signature: Uint8Array;

beforeAll(async () => {
  signature = await makeSignaturePng();
});

/** A blank page: every dark pixel after stamping comes from the stamp. */
async function blankPdf(rotate = 0): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const page = document.addPage([595.28, 841.89]);
  if (rotate) page.setRotation(degrees(rotate));
  return document.save();
}

describe("stampFields", () => {
  it("writes French and Latin-extended text with an embedded font, extractable as text", async () => {
    const fields: StampField[] = [
      { page: 0, x: 0.1, y: 0.45, width: 0.6, height: 0.04, kind: "name", value: NAME },
      {
        page: 0,
        x: 0.1,
        y: 0.52,
        width: 0.5,
        height: 0.03,
        kind: "email",
        value: "zoe@example.fr",
      },
      {
        page: 1,
        x: 0.1,
        y: 0.6,
        width: 0.3,
        height: 0.03,
        kind: "date",
        value: "22 novembre 2026",
      },
      {
        page: 1,
        x: 0.1,
        y: 0.7,
        width: 0.4,
        height: 0.05,
        kind: "text",
        value: "Réf. « été » — déjà",
      },
    ];
    const stamped = await stampFields(await makePdf({ pages: 2 }), fields);

    const text = pdfText(stamped);
    expect(text).toContain(NAME);
    expect(text).toContain("zoe@example.fr");
    expect(text).toContain("22 novembre 2026");
    expect(text).toContain("Réf. « été » — déjà");
    expect((await inspectPdf(stamped, { maxBytes: 1e8, maxPages: 10 })).pageCount).toBe(2);
    const tmp = temporaryDirectory();
    try {
      const check = runTool("qpdf", ["--check", tmp.file("stamped.pdf", stamped)]);
      expect(check.stdout + check.stderr).toContain("No syntax or stream encoding errors");
      const fonts = runTool("pdffonts", [tmp.file("stamped.pdf")]).stdout;
      expect(fonts).toMatch(/DejaVuSans\S*\s+CID TrueType\s+Identity-H\s+yes/); // embedded
      // A subset: the whole of DejaVu Sans is about 740 KB.
      expect(stamped.length).toBeLessThan(60_000);
    } finally {
      tmp.cleanup();
    }
  });

  it("shrinks long text to fit its box, wrapping it on words", async () => {
    const long = `${NAME} ${NAME} ${NAME}`;
    const stamped = await stampFields(await blankPdf(), [
      { page: 0, x: 0.1, y: 0.1, width: 0.3, height: 0.05, kind: "text", value: long },
    ]);
    const raster = renderGrey(stamped, 1, 72);
    // Ink inside the box, none to its right or below it.
    expect(darkShare(raster, { x: 0.1, y: 0.1, width: 0.3, height: 0.05 })).toBeGreaterThan(0.02);
    expect(darkShare(raster, { x: 0.41, y: 0.08, width: 0.5, height: 0.1 })).toBe(0);
    expect(darkShare(raster, { x: 0.05, y: 0.16, width: 0.9, height: 0.8 })).toBe(0);
    expect(pdfText(stamped).replace(/\s+/g, " ")).toContain(long);
  });

  it("draws a signature image fitted in its box, and a checked checkbox as a check mark", async () => {
    const stamped = await stampFields(await blankPdf(), [
      {
        page: 0,
        x: 0.55,
        y: 0.7,
        width: 0.35,
        height: 0.12,
        kind: "signature",
        value: { png: signature },
      },
      { page: 0, x: 0.1, y: 0.7, width: 0.05, height: 0.035, kind: "checkbox", value: "true" },
      { page: 0, x: 0.2, y: 0.7, width: 0.05, height: 0.035, kind: "checkbox", value: "false" },
    ]);
    const raster = renderGrey(stamped, 1, 72);
    expect(darkShare(raster, { x: 0.55, y: 0.7, width: 0.35, height: 0.12 })).toBeGreaterThan(0.03);
    // Nothing outside the boxes.
    expect(darkShare(raster, { x: 0, y: 0, width: 1, height: 0.68 })).toBe(0);
    expect(darkShare(raster, { x: 0, y: 0.84, width: 1, height: 0.16 })).toBe(0);
    // The check mark's middle is inked in the checked box, empty in the unchecked one.
    const middle = (x: number) => ({ x: x + 0.015, y: 0.7 + 0.01, width: 0.02, height: 0.015 });
    expect(darkShare(raster, middle(0.1))).toBeGreaterThan(0.1);
    expect(darkShare(raster, middle(0.2))).toBe(0);
  });

  it("draws a radio group's choice as a marked radio button followed by the option's text", async () => {
    const stamped = await stampFields(await blankPdf(), [
      { page: 0, x: 0.1, y: 0.5, width: 0.4, height: 0.05, kind: "radio", value: "Premium offer" },
    ]);
    expect(pdfText(stamped)).toContain("Premium offer");
    const raster = renderGrey(stamped, 1, 72);
    // The dot in the middle of the mark, at the left of the box, is inked.
    const side = 0.05 * 0.8 * (842 / 595);
    expect(
      darkShare(raster, { x: 0.1 + side * 0.45, y: 0.52, width: side * 0.2, height: 0.01 }),
    ).toBeGreaterThan(0.5);
    expect(darkShare(raster, { x: 0, y: 0, width: 1, height: 0.49 })).toBe(0);
  });

  it("places fields on a rotated page where the editor showed them", async () => {
    const stamped = await stampFields(await blankPdf(90), [
      {
        page: 0,
        x: 0.05,
        y: 0.05,
        width: 0.3,
        height: 0.15,
        kind: "image",
        value: { png: signature },
      },
    ]);
    const raster = renderGrey(stamped, 1, 72);
    expect(raster.width).toBeGreaterThan(raster.height); // displayed in landscape
    expect(darkShare(raster, { x: 0.05, y: 0.05, width: 0.3, height: 0.15 })).toBeGreaterThan(0.03);
    expect(darkShare(raster, { x: 0.4, y: 0, width: 0.6, height: 1 })).toBe(0);
    expect(darkShare(raster, { x: 0, y: 0.25, width: 1, height: 0.75 })).toBe(0);
  });

  it("refuses a field outside the page or on a page the PDF does not have", async () => {
    const pdf = await blankPdf();
    await expect(
      stampFields(pdf, [
        { page: 0, x: 0.9, y: 0.1, width: 0.2, height: 0.1, kind: "text", value: "x" },
      ]),
    ).rejects.toThrow(/within its page/);
    await expect(
      stampFields(pdf, [
        { page: 3, x: 0.1, y: 0.1, width: 0.2, height: 0.1, kind: "text", value: "x" },
      ]),
    ).rejects.toThrow(/page 4; the PDF has 1/);
  });

  it("stamps a linearized (fast web view) PDF by appending to it", async () => {
    const tmp = temporaryDirectory();
    try {
      const output = tmp.file("linearized.pdf");
      runTool("qpdf", ["--linearize", tmp.file("plain.pdf", await makePdf()), output]);
      const linearized = new Uint8Array(readFileSync(output));
      const stamped = await stampFields(linearized, [
        { page: 0, x: 0.1, y: 0.5, width: 0.5, height: 0.05, kind: "text", value: "Lyon" },
      ]);
      expect(pdfText(stamped)).toContain("Lyon");
      expect(
        Buffer.from(stamped.subarray(0, linearized.length)).equals(Buffer.from(linearized)),
      ).toBe(true);
      expect(qpdfCheck(stamped).status).toBe(0);
    } finally {
      tmp.cleanup();
    }
  });

  it("embeds a signer's image once however many pages show it", async () => {
    const copy = new Uint8Array(signature); // the same picture in other bytes
    const pages = 6;
    const fields: StampField[] = [];
    for (let page = 0; page < pages; page++) {
      fields.push(
        {
          page,
          x: 0.85,
          y: 0.9,
          width: 0.1,
          height: 0.05,
          kind: "initials",
          value: { png: signature },
        },
        { page, x: 0.7, y: 0.9, width: 0.1, height: 0.05, kind: "initials", value: { png: copy } },
      );
    }
    fields.push({
      page: 0,
      x: 0.1,
      y: 0.1,
      width: 0.3,
      height: 0.1,
      kind: "signature",
      value: { png: await makeSignaturePng(300, 100) },
    });
    const stamped = await stampFields(await makePdf({ pages }), fields);

    const document = await PDFDocument.load(stamped);
    const images = document.context
      .enumerateIndirectObjects()
      .filter(
        ([, object]) =>
          object instanceof PDFRawStream &&
          object.dict.get(PDFName.of("Subtype")) === PDFName.of("Image"),
      )
      // A PNG with transparency is an image and its soft mask.
      .filter(
        ([, object]) =>
          (object as PDFRawStream).dict.get(PDFName.of("SMask")) !== undefined ||
          !isSoftMask(document, object as PDFRawStream),
      );
    expect(images).toHaveLength(2);
    // Every page draws the shared image.
    const raster = renderGrey(stamped, pages, 72);
    expect(darkShare(raster, { x: 0.85, y: 0.9, width: 0.1, height: 0.05 })).toBeGreaterThan(0.01);
  });
});

/** Whether an image stream is some image's /SMask. */
function isSoftMask(document: PDFDocument, image: PDFRawStream): boolean {
  return document.context
    .enumerateIndirectObjects()
    .some(
      ([, object]) =>
        object instanceof PDFRawStream &&
        document.context.lookup(object.dict.get(PDFName.of("SMask"))) === image,
    );
}
