/** A billing period: `start` included, `end` excluded. */
export interface Period {
  start: Date;
  end: Date;
}

export type BillingPeriod = "monthly" | "annual";

/** `date` plus `months` calendar months in UTC, the day clamped to the end of shorter months. */
export function addMonths(date: Date, months: number): Date {
  const target = new Date(
    Date.UTC(
      date.getUTCFullYear(),
      date.getUTCMonth() + months,
      1,
      date.getUTCHours(),
      date.getUTCMinutes(),
      date.getUTCSeconds(),
      date.getUTCMilliseconds(),
    ),
  );
  const lastDay = new Date(
    Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0),
  ).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  return target;
}

/** The calendar month (UTC) holding `at`: the period of a team without a subscription. */
export function calendarMonth(at: Date): Period {
  const start = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
  return { start, end: addMonths(start, 1) };
}

/**
 * The period holding `at` in a subscription whose recorded period is `recorded`: the recorded one,
 * or the one it rolls into (one month or one year at a time from its start) once it has ended, so
 * counters start again each period without a job having to renew the row.
 */
export function currentPeriod(recorded: Period, billingPeriod: BillingPeriod, at: Date): Period {
  if (at < recorded.end) return recorded;
  const step = billingPeriod === "annual" ? 12 : 1;
  // Jump close to `at` first, so a long-lived subscription needs few steps.
  const monthsGone =
    (at.getUTCFullYear() - recorded.start.getUTCFullYear()) * 12 +
    (at.getUTCMonth() - recorded.start.getUTCMonth());
  let steps = Math.max(0, Math.floor(monthsGone / step) - 1);
  for (;;) {
    const start = addMonths(recorded.start, steps * step);
    const end = addMonths(recorded.start, (steps + 1) * step);
    if (at < end && at >= start) return { start, end };
    steps += 1;
  }
}
