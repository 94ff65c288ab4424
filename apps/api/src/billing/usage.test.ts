import { USAGE_EXPORT_MAX_ROWS, type UsageEventType } from "@paraphe/api-sdk/contract";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabaseKinds } from "../test/databases";
import { failure, joinTeam, signUpMember, type TeamMember } from "../test/envelopes";
import { createIdentityHarness, type IdentityHarness } from "../test/identity";
import { roleIdOf } from "../test/members";

describe.each(testDatabaseKinds)("usage log and series on %s", (kind) => {
  let h: IdentityHarness;

  beforeAll(async () => {
    h = await createIdentityHarness(kind);
  });
  afterAll(async () => {
    await h.destroy();
  });

  async function userIdOf(email: string): Promise<string> {
    const user = await h.database.connection.db
      .selectFrom("appUser")
      .select("id")
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    return user.id;
  }

  /** Writes usage events of `team` as the billing code does (ids returned in the given order). */
  async function record(
    team: TeamMember,
    events: readonly {
      at: string;
      type: UsageEventType;
      details?: Record<string, string | number | null>;
      userId?: string | null;
    }[],
  ): Promise<string[]> {
    const rows = await h.database.connection.db
      .insertInto("usageEvent")
      .values(
        events.map((event) => ({
          teamId: team.teamUuid,
          at: new Date(event.at),
          type: event.type,
          details: JSON.stringify(event.details ?? {}),
          userId: event.userId ?? null,
        })),
      )
      .returning(["id", "at"])
      .execute();
    return rows.map((row) => row.id);
  }

  it("pages the log newest first with a cursor, events sharing a time included once", async () => {
    const owner = await signUpMember(h, "pager", "Pager team");
    const ownerId = await userIdOf(owner.email);
    const sameTime = "2026-03-02T10:00:00.000Z";
    await record(owner, [
      { at: "2026-03-01T09:00:00.000Z", type: "envelope_sent", userId: ownerId },
      { at: sameTime, type: "envelope_sent", userId: ownerId },
      { at: sameTime, type: "api_credit", details: { path: "/template/list" } },
      { at: sameTime, type: "plan_changed", details: { plan: "team" } },
      { at: "2026-03-03T08:00:00.000Z", type: "envelope_sent", userId: ownerId },
    ]);

    const seen: { id: string; at: string }[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await owner.api.usage.list({ limit: 2, ...(cursor ? { cursor } : {}) });
      seen.push(...page.events.map((event) => ({ id: event.id, at: event.at })));
      cursor = page.nextCursor ?? undefined;
      pages += 1;
    } while (cursor !== undefined);

    expect(pages).toBe(3);
    expect(new Set(seen.map((event) => event.id)).size).toBe(5);
    expect(seen.map((event) => event.at)).toEqual([
      "2026-03-03T08:00:00.000Z",
      sameTime,
      sameTime,
      sameTime,
      "2026-03-01T09:00:00.000Z",
    ]);
  });

  it("names the user of each event, and no one for the operator's", async () => {
    const owner = await signUpMember(h, "named", "Named team");
    const ownerId = await userIdOf(owner.email);
    await record(owner, [
      {
        at: "2026-04-01T09:00:00.000Z",
        type: "envelope_sent",
        userId: ownerId,
        details: { envelopeId: "e1" },
      },
      {
        at: "2026-04-01T10:00:00.000Z",
        type: "plan_changed",
        details: { plan: "team", previousPlan: null },
      },
    ]);
    const { events } = await owner.api.usage.list({});
    expect(events.map(({ type, user, details }) => ({ type, user, details }))).toEqual([
      { type: "plan_changed", user: null, details: { plan: "team", previousPlan: null } },
      {
        type: "envelope_sent",
        user: { id: ownerId, name: "Ada named", email: owner.email },
        details: { envelopeId: "e1" },
      },
    ]);
  });

  it("filters the log by type and by a range whose end is excluded", async () => {
    const owner = await signUpMember(h, "filter", "Filter team");
    await record(owner, [
      { at: "2026-05-01T00:00:00.000Z", type: "envelope_sent" },
      { at: "2026-05-02T12:00:00.000Z", type: "api_credit" },
      { at: "2026-05-03T00:00:00.000Z", type: "envelope_sent" },
      { at: "2026-05-04T00:00:00.000Z", type: "envelope_sent" },
    ]);
    const sent = await owner.api.usage.list({ types: ["envelope_sent"] });
    expect(sent.events.map((event) => event.at)).toEqual([
      "2026-05-04T00:00:00.000Z",
      "2026-05-03T00:00:00.000Z",
      "2026-05-01T00:00:00.000Z",
    ]);
    const ranged = await owner.api.usage.list({
      from: "2026-05-01T00:00:00.000Z",
      to: "2026-05-04T00:00:00.000Z",
    });
    expect(ranged.events.map((event) => event.type)).toEqual([
      "envelope_sent",
      "api_credit",
      "envelope_sent",
    ]);
    const both = await owner.api.usage.list({
      types: ["api_credit"],
      from: "2026-05-03T00:00:00.000Z",
    });
    expect(both.events).toEqual([]);
  });

  it("refuses a page over 100, a made-up cursor and a range that ends before it starts", async () => {
    const owner = await signUpMember(h, "refused", "Refused team");
    expect((await failure(owner.api.usage.list({ limit: 101 }))).code).toBe("VALIDATION_ERROR");
    expect((await failure(owner.api.usage.list({ cursor: "not-a-cursor" }))).code).toBe(
      "VALIDATION_ERROR",
    );
    const backwards = await failure(
      owner.api.usage.export({ from: "2026-05-02T00:00:00.000Z", to: "2026-05-01T00:00:00.000Z" }),
    );
    expect(backwards.code).toBe("VALIDATION_ERROR");
    expect(backwards.details?.map((field) => field.path)).toContain("to");
  });

  it("counts sends and API credits per day, the days without events at zero", async () => {
    const owner = await signUpMember(h, "daily", "Daily team");
    await record(owner, [
      { at: "2026-06-01T00:00:00.000Z", type: "envelope_sent" },
      { at: "2026-06-01T23:59:59.999Z", type: "envelope_sent" },
      { at: "2026-06-01T12:00:00.000Z", type: "api_credit" },
      { at: "2026-06-01T13:00:00.000Z", type: "plan_changed" },
      { at: "2026-06-03T00:00:00.000Z", type: "api_credit" },
      { at: "2026-06-04T00:00:00.000Z", type: "envelope_sent" },
    ]);
    const series = await owner.api.usage.series({
      bucket: "day",
      from: "2026-06-01T00:00:00.000Z",
      to: "2026-06-04T00:00:00.000Z",
    });
    expect(series).toEqual({
      bucket: "day",
      points: [
        { start: "2026-06-01T00:00:00.000Z", envelopesSent: 2, apiCredits: 1 },
        { start: "2026-06-02T00:00:00.000Z", envelopesSent: 0, apiCredits: 0 },
        { start: "2026-06-03T00:00:00.000Z", envelopesSent: 0, apiCredits: 1 },
      ],
    });
  });

  it("starts weeks on Monday in UTC and months on the first", async () => {
    const owner = await signUpMember(h, "weekly", "Weekly team");
    await record(owner, [
      // Sunday 2026-06-07, last instant: the week of Monday 2026-06-01.
      { at: "2026-06-07T23:59:59.999Z", type: "envelope_sent" },
      // Monday 2026-06-08, first instant: the next week.
      { at: "2026-06-08T00:00:00.000Z", type: "envelope_sent" },
      { at: "2026-06-30T23:59:59.999Z", type: "api_credit" },
      { at: "2026-07-01T00:00:00.000Z", type: "api_credit" },
    ]);
    const weeks = await owner.api.usage.series({
      bucket: "week",
      from: "2026-06-03T00:00:00.000Z",
      to: "2026-06-16T00:00:00.000Z",
    });
    expect(weeks.points).toEqual([
      { start: "2026-06-01T00:00:00.000Z", envelopesSent: 1, apiCredits: 0 },
      { start: "2026-06-08T00:00:00.000Z", envelopesSent: 1, apiCredits: 0 },
      { start: "2026-06-15T00:00:00.000Z", envelopesSent: 0, apiCredits: 0 },
    ]);
    const months = await owner.api.usage.series({
      bucket: "month",
      from: "2026-05-15T00:00:00.000Z",
      to: "2026-08-01T00:00:00.000Z",
    });
    expect(months.points).toEqual([
      { start: "2026-05-01T00:00:00.000Z", envelopesSent: 0, apiCredits: 0 },
      { start: "2026-06-01T00:00:00.000Z", envelopesSent: 2, apiCredits: 1 },
      { start: "2026-07-01T00:00:00.000Z", envelopesSent: 0, apiCredits: 1 },
    ]);
  });

  it("bounds the series to a year by day, two years by week and three years by month", async () => {
    const owner = await signUpMember(h, "bounded", "Bounded team");
    const year = await owner.api.usage.series({
      bucket: "day",
      from: "2024-01-01T00:00:00.000Z",
      to: "2025-01-01T00:00:00.000Z",
    });
    expect(year.points).toHaveLength(366);
    const cases = [
      { bucket: "day", from: "2024-01-01T00:00:00.000Z", to: "2025-01-02T00:00:00.000Z" },
      { bucket: "week", from: "2024-01-01T00:00:00.000Z", to: "2026-01-01T00:00:00.000Z" },
      { bucket: "month", from: "2020-01-01T00:00:00.000Z", to: "2023-01-02T00:00:00.000Z" },
      { bucket: "day", from: "0001-01-01T00:00:00.000Z", to: "9999-12-31T00:00:00.000Z" },
    ] as const;
    for (const input of cases) {
      const refused = await failure(owner.api.usage.series(input));
      expect(refused.code).toBe("VALIDATION_ERROR");
      expect(refused.details?.[0]?.message).toMatch(/choose a shorter range or a longer bucket/);
    }
    const threeYears = await owner.api.usage.series({
      bucket: "month",
      from: "2020-01-01T00:00:00.000Z",
      to: "2023-01-01T00:00:00.000Z",
    });
    expect(threeYears.points).toHaveLength(36);
  });

  it("exports the range's events with formula-like details as they were written", async () => {
    const owner = await signUpMember(h, "exporter", "Exporter team");
    await record(owner, [
      { at: "2026-07-01T00:00:00.000Z", type: "api_credit", details: { path: "=HYPERLINK(1)" } },
      { at: "2026-07-02T00:00:00.000Z", type: "envelope_sent" },
      { at: "2026-08-01T00:00:00.000Z", type: "envelope_sent" },
    ]);
    const july = await owner.api.usage.export({
      from: "2026-07-01T00:00:00.000Z",
      to: "2026-08-01T00:00:00.000Z",
    });
    expect(july.truncated).toBe(false);
    expect(july.events.map((event) => [event.type, event.details])).toEqual([
      ["envelope_sent", {}],
      ["api_credit", { path: "=HYPERLINK(1)" }],
    ]);
  });

  it("exports at most 10,000 events, the newest, and says that the range held more", async () => {
    const owner = await signUpMember(h, "bulk", "Bulk team");
    await sql`
      INSERT INTO usage_event (team_id, at, type, details)
      SELECT ${owner.teamUuid}::uuid,
        timestamptz '2026-01-01 00:00:00+00' + make_interval(secs => n),
        'api_credit', '{}'::jsonb
      FROM generate_series(1, ${USAGE_EXPORT_MAX_ROWS + 1}) AS n
    `.execute(h.database.connection.db);
    const answer = await owner.api.usage.export({});
    expect(answer.truncated).toBe(true);
    expect(answer.events).toHaveLength(USAGE_EXPORT_MAX_ROWS);
    expect(answer.events[0]?.at).toBe("2026-01-01T02:46:41.000Z");
    const exact = await owner.api.usage.export({ from: "2026-01-01T00:00:02.000Z" });
    expect(exact).toMatchObject({ truncated: false });
    expect(exact.events).toHaveLength(USAGE_EXPORT_MAX_ROWS);
  });

  it("shows a team's usage to its viewers and none of it to another team", async () => {
    const owner = await signUpMember(h, "scoped", "Scoped team");
    const viewer = await joinTeam(h, owner, "scoped-viewer", () =>
      roleIdOf(h, owner.teamUuid, "Viewer"),
    );
    const stranger = await signUpMember(h, "stranger", "Stranger team");
    const [eventId] = await record(owner, [{ at: "2026-09-01T10:00:00.000Z", type: "api_credit" }]);
    const range = { from: "2026-09-01T00:00:00.000Z", to: "2026-09-02T00:00:00.000Z" };

    expect((await viewer.api.usage.list({})).events.map((event) => event.id)).toEqual([eventId]);
    expect((await stranger.api.usage.list({})).events).toEqual([]);
    expect((await stranger.api.usage.export(range)).events).toEqual([]);
    expect((await stranger.api.usage.series({ bucket: "day", ...range })).points).toEqual([
      { start: range.from, envelopesSent: 0, apiCredits: 0 },
    ]);
    expect((await viewer.api.usage.series({ bucket: "day", ...range })).points).toEqual([
      { start: range.from, envelopesSent: 0, apiCredits: 1 },
    ]);
    // A cursor made from the owner's page leads the stranger nowhere into the owner's log.
    await record(owner, [{ at: "2026-08-01T10:00:00.000Z", type: "api_credit" }]);
    const first = await owner.api.usage.list({ limit: 1 });
    const next = await stranger.api.usage.list({ cursor: first.nextCursor ?? "" });
    expect(next.events).toEqual([]);
  });
});
