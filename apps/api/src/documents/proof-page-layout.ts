import { type PDFDocument, type PDFFont, type PDFPage, type RGB, rgb } from "pdf-lib";
import { drawImageXObject, type ImageXObject } from "./native-flate";
import { wrapParagraphs } from "./text-layout";
import type { ProofModel, EventRow } from "./proof-model";

/*
 * The proof's page layout: A4 pages, margins, colours, and a top-down cursor that draws the
 * proof's blocks (brand, headings, key-value rows, signers, the event table) and adds a page when
 * the next block does not fit. `layoutProofInThisThread` (proof-layout.ts) says what goes in.
 */

const PAGE = { width: 595.28, height: 841.89 };

const MARGIN = { left: 48, right: 48, top: 48, bottom: 64 };

const CONTENT_WIDTH = PAGE.width - MARGIN.left - MARGIN.right;

export const COLORS = {
  ink: rgb(0.067, 0.094, 0.153),
  muted: rgb(0.42, 0.447, 0.502),
  rule: rgb(0.855, 0.867, 0.886),
  band: rgb(0.953, 0.957, 0.965),
  brand: rgb(0.263, 0.22, 0.941),
};

export interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
  mono: PDFFont;
}

interface Cell {
  lines: string[];
  font: PDFFont;
  size: number;
  color: RGB;
}

/** A top-down cursor over A4 pages that adds a page when the next block does not fit. */
export class Layout {
  private page!: PDFPage;
  private y = 0;
  private readonly lineGap = 1.3;

  constructor(
    private readonly document: PDFDocument,
    private readonly fonts: Fonts,
    private readonly model: ProofModel,
  ) {
    this.newPage();
  }

  /** The sending team on the cover: its logo (at most 40 points high) and its name. */
  brand(name: string, image: ImageXObject | undefined): void {
    let x = MARGIN.left;
    const height = 40;
    if (image !== undefined) {
      const scale = Math.min(height / image.height, 160 / image.width);
      const width = image.width * scale;
      drawImageXObject(this.page, image, {
        x,
        y: this.y - image.height * scale,
        width,
        height: image.height * scale,
      });
      x += width + 10;
    }
    this.page.drawText(name, {
      x,
      y: this.y - height / 2 - 4,
      size: 12,
      font: this.fonts.bold,
      color: COLORS.ink,
    });
    this.y -= height + 8;
  }

  gap(points: number): void {
    this.y -= points;
  }

  keepTogether(height: number): void {
    if (this.y - height < MARGIN.bottom) this.newPage();
  }

  text(
    value: string,
    options: { font?: PDFFont; size?: number; color?: RGB; x?: number; width?: number } = {},
  ): void {
    const font = options.font ?? this.fonts.regular;
    const size = options.size ?? 10;
    const x = options.x ?? MARGIN.left;
    for (const line of wrapParagraphs(font, value, options.width ?? CONTENT_WIDTH, size)) {
      this.keepTogether(size * this.lineGap);
      this.y -= size * this.lineGap;
      this.page.drawText(line, {
        x,
        y: this.y + size * 0.25,
        size,
        font,
        color: options.color ?? COLORS.ink,
      });
    }
  }

  sectionHeading(label: string): void {
    this.keepTogether(60);
    this.text(label.toLocaleUpperCase(this.model.language), {
      font: this.fonts.bold,
      size: 9,
      color: COLORS.brand,
    });
    this.y -= 4;
    this.rule(COLORS.brand, 0.8);
    this.y -= 2;
  }

  keyValue(label: string, value: string, mono: boolean): void {
    const labelWidth = 150;
    const valueWidth = CONTENT_WIDTH - labelWidth;
    const labelCell: Cell = {
      lines: wrapParagraphs(this.fonts.regular, label, labelWidth - 10, 8.5),
      font: this.fonts.regular,
      size: 8.5,
      color: COLORS.muted,
    };
    const valueFont = mono ? this.fonts.mono : this.fonts.regular;
    const valueSize = mono ? 8 : 9;
    const valueCell: Cell = {
      lines: wrapParagraphs(valueFont, value, valueWidth, valueSize),
      font: valueFont,
      size: valueSize,
      color: COLORS.ink,
    };
    this.row([labelCell, valueCell], [MARGIN.left, MARGIN.left + labelWidth], 6);
  }

  signer(signer: ProofModel["signers"][number], image: ImageXObject | undefined): void {
    const height = 64;
    this.keepTogether(height + 8);
    const top = this.y - 8;
    const { bold, regular } = this.fonts;
    this.page.drawText(signer.name, {
      x: MARGIN.left,
      y: top - 14,
      size: 10.5,
      font: bold,
      color: COLORS.ink,
    });
    this.page.drawText(signer.email, {
      x: MARGIN.left,
      y: top - 29,
      size: 9,
      font: regular,
      color: COLORS.muted,
    });
    this.page.drawText(signer.status, {
      x: MARGIN.left,
      y: top - 44,
      size: 8.5,
      font: regular,
      color: COLORS.ink,
    });

    const box = { width: 170, height: 52, x: PAGE.width - MARGIN.right - 170, y: top - 56 };
    this.page.drawRectangle({ ...box, color: COLORS.band });
    if (image) {
      const scale = Math.min((box.width - 12) / image.width, (box.height - 8) / image.height);
      const width = image.width * scale;
      const imageHeight = image.height * scale;
      drawImageXObject(this.page, image, {
        x: box.x + (box.width - width) / 2,
        y: box.y + (box.height - imageHeight) / 2,
        width,
        height: imageHeight,
      });
    } else {
      const label = this.model.texts.noSignatureImage;
      const size = 8;
      this.page.drawText(label, {
        x: box.x + (box.width - regular.widthOfTextAtSize(label, size)) / 2,
        y: box.y + box.height / 2 - size / 3,
        size,
        font: regular,
        color: COLORS.muted,
      });
    }
    this.y = top - height;
    this.rule(COLORS.rule, 0.5);
  }

  eventTable(rows: EventRow[]): void {
    const widths = [88, 104, 112, 90];
    widths.push(CONTENT_WIDTH - widths.reduce((total, width) => total + width, 0));
    const xs = widths.map(
      (_, index) => MARGIN.left + widths.slice(0, index).reduce((a, b) => a + b, 0),
    );
    const { regular, bold, mono } = this.fonts;
    const header = this.model.texts.columns;
    const wrap = (font: PDFFont, text: string, column: number, size: number) =>
      wrapParagraphs(font, text, widths[column]! - 8, size);
    const drawHeader = () => {
      const cells = header.map((label, column) => ({
        lines: wrap(bold, label, column, 7.5),
        font: bold,
        size: 7.5,
        color: COLORS.ink,
      }));
      this.row(cells, xs, 5, COLORS.band);
    };

    this.keepTogether(80);
    drawHeader();
    for (const row of rows) {
      const cells: Cell[][] = [
        [{ lines: wrap(regular, row.time, 0, 7.5), font: regular, size: 7.5, color: COLORS.ink }],
        [
          { lines: wrap(bold, row.event, 1, 7.5), font: bold, size: 7.5, color: COLORS.ink },
          ...row.details.map((detail) => ({
            lines: wrap(regular, detail, 1, 7),
            font: regular,
            size: 7,
            color: COLORS.muted,
          })),
        ],
        [
          {
            lines: wrap(regular, row.actorName, 2, 7.5),
            font: regular,
            size: 7.5,
            color: COLORS.ink,
          },
          ...(row.actorEmail
            ? [
                {
                  lines: wrap(regular, row.actorEmail, 2, 7),
                  font: regular,
                  size: 7,
                  color: COLORS.muted,
                },
              ]
            : []),
        ],
        [
          row.ipRecorded
            ? { lines: wrap(mono, row.ip, 3, 7), font: mono, size: 7, color: COLORS.ink }
            : {
                lines: wrap(regular, row.ip, 3, 6.5),
                font: regular,
                size: 6.5,
                color: COLORS.muted,
              },
        ],
        [
          {
            lines: wrap(regular, row.userAgent, 4, 6.5),
            font: regular,
            size: 6.5,
            color: COLORS.muted,
          },
        ],
      ];
      const height = this.stackHeight(cells) + 10;
      if (this.y - height < MARGIN.bottom) {
        this.newPage();
        drawHeader();
      }
      this.stackedRow(cells, xs, 5);
    }
  }

  /** One table row of single-style cells starting at `xs`, with an optional background. */
  private row(cells: Cell[], xs: number[], padding: number, background?: RGB): void {
    this.stackedRow(
      cells.map((cell) => [cell]),
      xs,
      padding,
      background,
    );
  }

  private stackHeight(columns: Cell[][]): number {
    return Math.max(
      ...columns.map((stack) =>
        stack.reduce((total, cell) => total + cell.lines.length * cell.size * this.lineGap, 0),
      ),
    );
  }

  private stackedRow(columns: Cell[][], xs: number[], padding: number, background?: RGB): void {
    const height = this.stackHeight(columns) + 2 * padding;
    this.keepTogether(height);
    if (background) {
      this.page.drawRectangle({
        x: MARGIN.left,
        y: this.y - height,
        width: CONTENT_WIDTH,
        height,
        color: background,
      });
    }
    columns.forEach((stack, column) => {
      let y = this.y - padding;
      for (const cell of stack) {
        for (const line of cell.lines) {
          y -= cell.size * this.lineGap;
          this.page.drawText(line, {
            x: xs[column]!,
            y: y + cell.size * 0.25,
            size: cell.size,
            font: cell.font,
            color: cell.color,
          });
        }
      }
    });
    this.y -= height;
    this.rule(COLORS.rule, 0.5);
  }

  private rule(color: RGB, thickness: number): void {
    this.page.drawLine({
      start: { x: MARGIN.left, y: this.y },
      end: { x: PAGE.width - MARGIN.right, y: this.y },
      thickness,
      color,
    });
  }

  private newPage(): void {
    this.page = this.document.addPage([PAGE.width, PAGE.height]);
    const { bold, regular } = this.fonts;
    const top = PAGE.height - MARGIN.top;
    this.page.drawText("Paraphe", {
      x: MARGIN.left,
      y: top - 16,
      size: 16,
      font: bold,
      color: COLORS.brand,
    });
    const tagline = this.model.texts.productTagline;
    this.page.drawText(tagline, {
      x: MARGIN.left + bold.widthOfTextAtSize("Paraphe", 16) + 8,
      y: top - 15,
      size: 8.5,
      font: regular,
      color: COLORS.muted,
    });
    const label = this.model.texts.runningTitle;
    this.page.drawText(label, {
      x: PAGE.width - MARGIN.right - regular.widthOfTextAtSize(label, 8.5),
      y: top - 15,
      size: 8.5,
      font: regular,
      color: COLORS.muted,
    });
    this.y = top - 26;
    this.rule(COLORS.rule, 0.75);
    this.y -= 14;
  }

  /** Footers, once the page count is known. */
  finish(): void {
    const pages = this.document.getPages();
    const { regular } = this.fonts;
    pages.forEach((page, index) => {
      const y = MARGIN.bottom - 30;
      page.drawLine({
        start: { x: MARGIN.left, y: y + 12 },
        end: { x: PAGE.width - MARGIN.right, y: y + 12 },
        thickness: 0.5,
        color: COLORS.rule,
      });
      const text = this.model.texts.footer
        .replace("{page}", String(index + 1))
        .replace("{pages}", String(pages.length));
      page.drawText(text, { x: MARGIN.left, y, size: 7.5, font: regular, color: COLORS.muted });
    });
  }
}
