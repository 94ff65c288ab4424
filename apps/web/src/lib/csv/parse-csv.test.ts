import { contactInputSchema } from "@paraphe/api-sdk/contract";
import { describe, expect, it } from "vitest";
import { parseCsv, readCsvFile, type CsvSpec } from "./parse-csv";

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

  it("refuses more rows than allowed", () => {
    const rows = Array.from({ length: 4 }, (_, i) => `p${i}@example.com,P,${i}`).join("\n");
    expect(parseCsv(`email,firstname,lastname\n${rows}\n`, SPEC)).toEqual({
      ok: false,
      error: { kind: "too_many_rows", maxRows: 3 },
    });
  });

  it("refuses a file larger than allowed without reading it", async () => {
    const file = new File(["x".repeat(2048)], "big.csv", { type: "text/csv" });
    expect(await readCsvFile(file, 1024)).toEqual({
      ok: false,
      error: { kind: "too_large", maxBytes: 1024 },
    });
  });
});
