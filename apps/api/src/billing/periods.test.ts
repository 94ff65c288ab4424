import { describe, expect, it } from "vitest";
import { addMonths, calendarMonth, currentPeriod } from "./periods";

const d = (iso: string) => new Date(iso);

describe("billing periods", () => {
  it("adds months in UTC, clamping the day to shorter months", () => {
    expect(addMonths(d("2026-01-31T10:00:00Z"), 1)).toEqual(d("2026-02-28T10:00:00Z"));
    expect(addMonths(d("2026-11-15T00:00:00Z"), 12)).toEqual(d("2027-11-15T00:00:00Z"));
  });

  it("gives a team without a subscription the calendar month", () => {
    expect(calendarMonth(d("2026-11-26T05:00:00Z"))).toEqual({
      start: d("2026-11-01T00:00:00Z"),
      end: d("2026-12-01T00:00:00Z"),
    });
  });

  it("keeps the recorded period until it ends, then rolls forward a month or a year at a time", () => {
    const recorded = { start: d("2026-01-10T00:00:00Z"), end: d("2026-02-10T00:00:00Z") };
    expect(currentPeriod(recorded, "monthly", d("2026-01-20T00:00:00Z"))).toBe(recorded);
    expect(currentPeriod(recorded, "monthly", d("2026-02-10T00:00:00Z"))).toEqual({
      start: d("2026-02-10T00:00:00Z"),
      end: d("2026-03-10T00:00:00Z"),
    });
    expect(currentPeriod(recorded, "monthly", d("2029-07-09T23:59:59Z"))).toEqual({
      start: d("2029-06-10T00:00:00Z"),
      end: d("2029-07-10T00:00:00Z"),
    });
    const annual = { start: d("2026-01-10T00:00:00Z"), end: d("2027-01-10T00:00:00Z") };
    expect(currentPeriod(annual, "annual", d("2028-03-01T00:00:00Z"))).toEqual({
      start: d("2028-01-10T00:00:00Z"),
      end: d("2029-01-10T00:00:00Z"),
    });
  });
});
