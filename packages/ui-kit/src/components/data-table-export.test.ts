import { describe, expect, it } from "vitest";
import { toCsv, toJson, type ExportColumn } from "./data-table-export";

interface Row {
  name: string;
  note: string | null;
  when: Date;
  ok: boolean;
}

const columns: ExportColumn<Row>[] = [
  { id: "name", header: "Name", value: (row) => row.name },
  { id: "note", header: "Note", value: (row) => row.note },
  { id: "when", header: "When", value: (row) => row.when },
  { id: "ok", header: "OK", value: (row) => row.ok },
];

const when = new Date(Date.UTC(2026, 10, 23, 12, 0, 0));

describe("toCsv", () => {
  it("starts with a byte-order mark, so that Excel opens accents right", async () => {
    const csv = await toCsv(columns.slice(0, 1), [
      { name: "Zoë Lefèvre", note: null, when, ok: true },
    ]);
    expect(csv.startsWith("\uFEFFName\r\nZoë Lefèvre")).toBe(true);
  });

  it("quotes fields with commas, quotes, line breaks or outer spaces, and ends lines with CRLF", async () => {
    const csv = await toCsv(columns, [
      { name: "Ada, Countess", note: 'said "hi"', when, ok: true },
      { name: " padded", note: "two\nlines", when, ok: false },
      { name: "Plain", note: null, when, ok: true },
    ]);
    expect(csv).toBe(
      [
        "\uFEFFName,Note,When,OK",
        '"Ada, Countess","said ""hi""",2026-11-23T12:00:00.000Z,true',
        '" padded","two\nlines",2026-11-23T12:00:00.000Z,false',
        "Plain,,2026-11-23T12:00:00.000Z,true",
        "",
      ].join("\r\n"),
    );
  });

  it("neutralises text that a spreadsheet would run as a formula", async () => {
    const csv = await toCsv(columns.slice(0, 1), [
      { name: "=1+1", note: null, when, ok: true },
      { name: "+33 1 23", note: null, when, ok: true },
      { name: "-5", note: null, when, ok: true },
      { name: "@SUM(A1)", note: null, when, ok: true },
    ]);
    expect(csv.split("\r\n").slice(1, 5)).toEqual(["'=1+1", "'+33 1 23", "'-5", "'@SUM(A1)"]);
  });

  it("quotes and neutralises a cell holding a semicolon or a tab, which semicolon-list spreadsheets (French Excel) would split into a formula", async () => {
    const csv = await toCsv(columns.slice(0, 2), [
      { name: 'Ada;=HYPERLINK("https://evil.example","Click")', note: null, when, ok: true },
      { name: "Grace\t=1+1", note: "Dupont; Marie", when, ok: true },
    ]);
    expect(csv.split("\r\n").slice(1, 3)).toEqual([
      `"'Ada;=HYPERLINK(""https://evil.example"",""Click"")",`,
      `"'Grace\t=1+1","'Dupont; Marie"`,
    ]);
  });

  it("neutralises formulas in headers too", async () => {
    const csv = await toCsv([{ id: "x", header: "=cmd;x", value: () => "ok" }], [{}]);
    expect(csv).toBe(`\uFEFF"'=cmd;x"\r\nok\r\n`);
  });

  it("leaves numbers alone, negative ones included", async () => {
    const csv = await toCsv(
      [{ id: "n", header: "N", value: (row: { n: number }) => row.n }],
      [{ n: -5 }],
    );
    expect(csv).toBe("\uFEFFN\r\n-5\r\n");
  });
});

describe("toJson", () => {
  it("writes one record per row keyed by column id, dates as ISO strings and missing values as null", () => {
    expect(JSON.parse(toJson(columns, [{ name: "Ada", note: null, when, ok: true }]))).toEqual([
      { name: "Ada", note: null, when: "2026-11-23T12:00:00.000Z", ok: true },
    ]);
  });
});
