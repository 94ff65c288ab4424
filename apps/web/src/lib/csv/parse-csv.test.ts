import { contactInputSchema } from "@paraphe/api-sdk/contract";
import { describe, expect, it } from "vitest";
import { decodeCsvBytes, detectDelimiter, parseCsv, readCsvFile, type CsvSpec } from "./parse-csv";

const SPEC: CsvSpec<typeof contactInputSchema> = {
  requiredColumns: ["email", "firstname", "lastname"],
  optionalColumns: ["phone"],
  schema: contactInputSchema,
  maxRows: 3,
  maxBytes: 1024,
  uniqueColumn: "email",
};

describe("parsing a CSV file against the rows' rules", () => {
  it("reads every row in any column order, case-insensitive headers, a byte-order mark and an optional column", () => {
    const result = parseCsv(
      "\uFEFFLastname,Email,Firstname,Phone\nLovelace,ADA@example.com,Ada,+33 6 12 34 56 78\nHopper,grace@example.com,Grace,\n",
      SPEC,
    );
    expect(result).toEqual({
      ok: true,
      delimiter: ",",
      rows: [
        expect.objectContaining({
          line: 2,
          errors: [],
          value: {
            email: "ada@example.com",
            firstname: "Ada",
            lastname: "Lovelace",
            phone: "+33612345678",
          },
        }),
        expect.objectContaining({
          line: 3,
          errors: [],
          value: expect.objectContaining({ phone: null }),
        }),
      ],
    });
  });

  it("gives each bad row its errors by column, and no value", () => {
    const result = parseCsv(
      "email,firstname,lastname,phone\nnot-an-email,Ada,Lovelace,\nok@example.com,,Hopper,0612\n",
      SPEC,
    );
    if (!result.ok) throw new Error("the file was refused");
    expect(result.rows.map((row) => [row.value, row.errors])).toEqual([
      [null, [{ column: "email", word: "invalid_email" }]],
      [
        null,
        [
          { column: "firstname", word: "required" },
          { column: "phone", word: "invalid_phone" },
        ],
      ],
    ]);
  });

  it("marks the second row with an email already in the file as a duplicate", () => {
    const result = parseCsv(
      "email,firstname,lastname\na@example.com,A,One\nA@EXAMPLE.COM,A,Two\n",
      SPEC,
    );
    if (!result.ok) throw new Error("the file was refused");
    expect(result.rows[1]?.errors).toEqual([{ column: "email", word: "duplicate" }]);
  });

  it("refuses an empty file, a header without rows, and blank lines only", () => {
    for (const text of ["", "   \n\n", "email,firstname,lastname\n\n"]) {
      expect(parseCsv(text, SPEC)).toEqual({ ok: false, error: { kind: "empty" } });
    }
  });

  it("refuses a file that lacks required columns, naming them", () => {
    expect(parseCsv("email,name\na@example.com,Ada\n", SPEC)).toEqual({
      ok: false,
      error: { kind: "missing_columns", columns: ["firstname", "lastname"] },
    });
  });

  it("refuses a file that cannot be parsed (an unclosed quote)", () => {
    expect(parseCsv('email,firstname,lastname\n"a@example.com,Ada,Lovelace\n', SPEC)).toEqual({
      ok: false,
      error: { kind: "unparsable", line: expect.any(Number) },
    });
  });

  it("refuses more rows than allowed, saying how many the file has", () => {
    const rows = Array.from({ length: 4 }, (_, i) => `p${i}@example.com,P,${i}`).join("\n");
    expect(parseCsv(`email,firstname,lastname\n${rows}\n`, SPEC)).toEqual({
      ok: false,
      error: { kind: "too_many_rows", rows: 4, maxRows: 3 },
    });
  });

  it("refuses a file larger than allowed without reading it, saying its size", async () => {
    const file = new File(["x".repeat(2048)], "big.csv", { type: "text/csv" });
    expect(await readCsvFile(file, 1024)).toEqual({
      ok: false,
      error: { kind: "too_large", bytes: 2048, maxBytes: 1024 },
    });
  });
});

describe("reading a CSV file saved by a spreadsheet", () => {
  // "email;firstname;lastname\nzoe@example.com;Zoë;Lefèvre\n" as Excel in French saves it.
  const excelFrench = new Uint8Array([
    ...new TextEncoder().encode("email;firstname;lastname\r\nzoe@example.com;Zo"),
    0xeb,
    ...new TextEncoder().encode(";Lef"),
    0xe8,
    ...new TextEncoder().encode("vre\r\n"),
  ]);

  it("reads Windows-1252 and semicolons as Excel in French saves them, and says so", () => {
    const decoded = decodeCsvBytes(excelFrench);
    expect(decoded.encoding).toBe("windows-1252");
    const result = parseCsv(decoded.text, SPEC);
    if (!result.ok) throw new Error("the file was refused");
    expect(result.delimiter).toBe(";");
    expect(result.rows[0]).toMatchObject({
      errors: [],
      value: { email: "zoe@example.com", firstname: "Zoë", lastname: "Lefèvre" },
    });
  });

  it("reads UTF-8 with or without its byte-order mark, and UTF-16 by its mark", () => {
    const text = "email,firstname,lastname\nzoe@example.com,Zoë,Łukasiewicz\n";
    const utf8 = new TextEncoder().encode(text);
    expect(decodeCsvBytes(utf8)).toEqual({ text, encoding: "utf-8" });
    expect(decodeCsvBytes(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8]))).toEqual({
      text,
      encoding: "utf-8",
    });
    const utf16 = new Uint8Array(2 + text.length * 2);
    utf16.set([0xff, 0xfe]);
    for (let index = 0; index < text.length; index++) {
      const code = text.charCodeAt(index);
      utf16[2 + index * 2] = code & 0xff;
      utf16[3 + index * 2] = code >> 8;
    }
    expect(decodeCsvBytes(utf16)).toEqual({ text, encoding: "utf-16le" });
  });

  it("takes the delimiter of the header, tabs too, and ignores those inside quotes", () => {
    expect(detectDelimiter("email\tfirstname\tlastname\na,b,c;d\n")).toBe("\t");
    expect(detectDelimiter('"a;b;c",email,firstname\n')).toBe(",");
    expect(detectDelimiter("email\n")).toBe(",");
  });

  it("never marks ready a row holding a character its encoding could not give", () => {
    const result = parseCsv("email,firstname,lastname\nzoe@example.com,Zo\uFFFD,Lefèvre\n", SPEC);
    if (!result.ok) throw new Error("the file was refused");
    expect(result.rows[0]).toMatchObject({
      value: null,
      errors: [{ column: "firstname", word: "encoding" }],
    });
  });
});
