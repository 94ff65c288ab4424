import { describe, expect, it } from "vitest";
import { compileFieldPattern } from "./field-pattern";
import {
  fieldConditionProblems,
  fieldSettingsProblems,
  fieldValueProblem,
  isValidIban,
  normalizeFieldValue,
  shownFieldIds,
} from "./field-rules";
import { fieldInputSchema } from "./envelope";

const matches = (pattern: string, value: string) => {
  const compiled = compileFieldPattern(pattern);
  if ("problem" in compiled) throw new Error(compiled.problem);
  return compiled.pattern.matches(value);
};

describe("sender patterns", () => {
  it("match the whole value with the common syntax", () => {
    expect(matches("[A-Z]{2}-\\d{3}", "AB-123")).toBe(true);
    expect(matches("[A-Z]{2}-\\d{3}", "AB-1234")).toBe(false);
    expect(matches("^(?:cat|dog)s?$", "dogs")).toBe(true);
    expect(matches("(cat|dog)s?", "cow")).toBe(false);
    expect(matches("[^0-9]+", "abc")).toBe(true);
    expect(matches("[^0-9]+", "ab1")).toBe(false);
    expect(matches("a.c\\.", "abc.")).toBe(true);
    expect(matches("x{2,}", "xxxx")).toBe(true);
    expect(matches("x{2,3}", "xxxx")).toBe(false);
    expect(matches("(ab)*", "")).toBe(true);
  });

  it("refuse back references, lookarounds and invalid syntax", () => {
    expect(compileFieldPattern("(a)\\1")).toEqual({ problem: "unsupported_pattern" });
    expect(compileFieldPattern("(?=a)a")).toEqual({ problem: "unsupported_pattern" });
    expect(compileFieldPattern("a**")).toEqual({ problem: "invalid_pattern" });
    expect(compileFieldPattern("(a")).toEqual({ problem: "invalid_pattern" });
    expect(compileFieldPattern("a{1000}")).toEqual({ problem: "pattern_too_complex" });
    expect(compileFieldPattern("x".repeat(201))).toEqual({ problem: "invalid_pattern" });
  });

  it("run in linear time on patterns that make backtracking engines hang", () => {
    const started = performance.now();
    expect(matches("(a+)+b", `${"a".repeat(1000)}c`)).toBe(false);
    expect(matches("(a|a)*b", `${"a".repeat(1000)}c`)).toBe(false);
    expect(matches("\\w+\\w+\\w+\\w+!", "a".repeat(1000))).toBe(false);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe("field values", () => {
  const settings = {};
  it("checks numbers against decimals, minimum and maximum", () => {
    const field = { kind: "number", settings: { min: 1, max: 10, decimals: 2 } };
    expect(fieldValueProblem(field, "9.99")).toBeNull();
    expect(fieldValueProblem(field, normalizeFieldValue(field, "2,5"))).toBeNull();
    expect(fieldValueProblem(field, "1.234")).toBe("too_many_decimals");
    expect(fieldValueProblem(field, "0")).toBe("below_minimum");
    expect(fieldValueProblem(field, "11")).toBe("above_maximum");
    expect(fieldValueProblem(field, "1e3")).toBe("invalid_number");
    expect(fieldValueProblem({ kind: "number", settings }, "1.5")).toBe("too_many_decimals");
  });

  it("checks phones as E.164, IBANs by checksum, and choices against the options", () => {
    const phone = { kind: "phone", settings };
    expect(fieldValueProblem(phone, normalizeFieldValue(phone, "+33 6 12 34 56 78"))).toBeNull();
    expect(fieldValueProblem(phone, "0612345678")).toBe("invalid_phone");
    expect(isValidIban("FR1420041010050500013M02606")).toBe(true);
    expect(isValidIban("FR1520041010050500013M02606")).toBe(false);
    const iban = {
      kind: "text",
      settings: { validation: { kind: "preset" as const, preset: "iban" as const } },
    };
    expect(
      fieldValueProblem(iban, normalizeFieldValue(iban, "gb82 west 1234 5698 7654 32")),
    ).toBeNull();
    expect(fieldValueProblem(iban, "GB82WEST12345698765433")).toBe("invalid_iban");
    const radio = { kind: "radio", settings: { options: ["Yes", "No"] } };
    expect(fieldValueProblem(radio, "Yes")).toBeNull();
    expect(fieldValueProblem(radio, "Maybe")).toBe("not_an_option");
  });

  it("shows a conditional field only when its source is shown and has the value", () => {
    const fields = [
      { uuid: "a", settings: {} },
      { uuid: "b", settings: { condition: { fieldUuid: "a", value: "true" } } },
      { uuid: "c", settings: { condition: { fieldUuid: "b", value: "Yes" } } },
    ];
    expect([...shownFieldIds(fields, { a: "false", b: "Yes" })]).toEqual(["a"]);
    expect([...shownFieldIds(fields, { a: "true", b: "Yes" })]).toEqual(["a", "b", "c"]);
  });
});

describe("field settings", () => {
  it("refuse a radio group without options, a read-only field without text, and a bad default", () => {
    expect(
      fieldSettingsProblems({ kind: "radio", required: true, settings: { options: ["A"] } }),
    ).toEqual([["options", "too_few_options"]]);
    expect(fieldSettingsProblems({ kind: "readonly", required: false, settings: {} })).toEqual([
      ["defaultValue", "required"],
    ]);
    expect(
      fieldSettingsProblems({
        kind: "number",
        required: true,
        settings: { max: 5, defaultValue: "9" },
      }),
    ).toEqual([["defaultValue", "invalid_default"]]);
  });

  it("refuse an unsafe pattern in the request schema", () => {
    const parsed = fieldInputSchema.safeParse({
      documentUuid: crypto.randomUUID(),
      recipientUuid: crypto.randomUUID(),
      page: 0,
      x: 0.1,
      y: 0.1,
      width: 0.2,
      height: 0.1,
      kind: "text",
      settings: { validation: { kind: "pattern", pattern: "(a)\\1", message: "No" } },
    });
    expect(parsed.success).toBe(false);
  });

  it("refuse cyclic conditions and conditions on other signers' fields", () => {
    const [a, b, c] = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    const problems = fieldConditionProblems([
      {
        uuid: a,
        kind: "checkbox",
        recipientUuid: "r1",
        settings: { condition: { fieldUuid: b, value: "true" } },
      },
      {
        uuid: b,
        kind: "checkbox",
        recipientUuid: "r1",
        settings: { condition: { fieldUuid: a, value: "true" } },
      },
      {
        uuid: c,
        kind: "text",
        recipientUuid: "r2",
        settings: { condition: { fieldUuid: a, value: "true" } },
      },
    ]);
    expect(problems).toContainEqual([0, "condition_cycle"]);
    expect(problems).toContainEqual([1, "condition_cycle"]);
    expect(problems).toContainEqual([2, "condition_field_not_found"]);
  });
});
