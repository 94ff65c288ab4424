import { buildAbility, type PermissionRule } from "@paraphe/permissions";
import fc from "fast-check";
import { sql, type Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, EnvelopeRow, EnvelopeStatus } from "../db/database";
import * as statusCountsMigration from "../db/migrations/20261126110000_envelope-status-counts";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "../test/databases";
import { envelopeSubject } from "./envelope-access";
import { type Member } from "../membership/members";
import { dashboard } from "./dashboard";

const STATUSES: EnvelopeStatus[] = [
  "draft",
  "approving",
  "signing",
  "complete",
  "declined",
  "canceled",
];

/**
 * The counts kept in `envelope_status_count` against a fresh COUNT(*) of the envelopes: after
 * random sequences of writes (single and multi-row inserts, status changes, moves, transfers,
 * deletions, templates, rolled back transactions), and under concurrent status changes.
 */
describe.each(testDatabaseKinds)("envelope counts by status on %s", (kind) => {
  let database: TestDatabase;
  let db: Kysely<Database>;
  const teams: { id: string; workspaces: string[]; users: string[] }[] = [];
  /** Callers whose dashboard is checked: visibility by workspace, team and role conditions. */
  let callers: { label: string; member: Member }[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    db = database.connection.db;
    for (const [index, shape] of [
      { workspaces: 2, users: 3 },
      { workspaces: 1, users: 1 },
    ].entries()) {
      const team = await db
        .insertInto("team")
        .values({ name: `Counting team ${index}` })
        .returning("id")
        .executeTakeFirstOrThrow();
      const workspaces: string[] = [];
      for (let w = 0; w < shape.workspaces; w++) {
        const workspace = await db
          .insertInto("workspace")
          .values({ teamId: team.id, name: `Workspace ${w}`, color: "#336699", isDefault: w === 0 })
          .returning("id")
          .executeTakeFirstOrThrow();
        workspaces.push(workspace.id);
      }
      const users: string[] = [];
      for (let u = 0; u < shape.users; u++) {
        const user = await db
          .insertInto("appUser")
          .values({
            email: `counter.${index}.${u}.${kind}@example.com`,
            firstname: "Count",
            lastname: `${u}`,
            phone: null,
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        users.push(user.id);
      }
      teams.push({ id: team.id, workspaces, users });
    }
    const [a, b] = teams as [(typeof teams)[0], (typeof teams)[0]];
    // In team a: user 0 is in both workspaces, user 1 in the first, user 2 in the second.
    const memberships = [
      [a.workspaces[0], a.users[0]],
      [a.workspaces[1], a.users[0]],
      [a.workspaces[0], a.users[1]],
      [a.workspaces[1], a.users[2]],
      [b.workspaces[0], b.users[0]],
    ] as const;
    for (const [workspaceId, userId] of memberships) {
      await db
        .insertInto("workspaceMember")
        .values({ workspaceId: workspaceId ?? "", userId: userId ?? "" })
        .execute();
    }
    const caller = (
      label: string,
      teamIndex: number,
      userIndex: number,
      rules: (userId: string, workspaces: string[]) => PermissionRule[],
    ) => {
      const team = teams[teamIndex];
      const userId = team?.users[userIndex] ?? "";
      return {
        label,
        member: {
          userId,
          email: `counter.${teamIndex}.${userIndex}.${kind}@example.com`,
          name: "Count",
          language: "en" as const,
          teamId: team?.id ?? "",
          teamName: "Counting team",
          ability: buildAbility(rules(userId, team?.workspaces ?? [])),
        },
      };
    };
    const everything = (): PermissionRule[] => [{ action: "manage", subject: "all" }];
    callers = [
      caller("a member of both workspaces who reads everything", 0, 0, everything),
      caller("a member of one workspace who reads everything", 0, 1, everything),
      caller("a role that reads its own envelopes", 0, 2, (userId) => [
        { action: "read", subject: "Envelope", conditions: { ownerId: userId } },
      ]),
      caller("a role that reads some statuses of one workspace", 0, 0, (_, workspaces) => [
        {
          action: "read",
          subject: "Envelope",
          conditions: { workspaceId: workspaces[1], status: { $in: ["draft", "complete"] } },
        },
      ]),
      caller("a role denied the drafts of others", 0, 0, (userId) => [
        { action: "read", subject: "Envelope" },
        {
          action: "read",
          subject: "Envelope",
          inverted: true,
          conditions: { status: "draft", ownerId: { $ne: userId } },
        },
      ]),
      caller("a role that reads by title (counted row by row)", 0, 1, () => [
        { action: "read", subject: "Envelope", conditions: { title: { $regex: "^Deal 1" } } },
      ]),
      caller("a member of another team", 1, 0, everything),
      caller("a role that reads no envelope", 0, 0, () => [{ action: "read", subject: "Team" }]),
    ];
  });

  afterAll(async () => {
    await database.destroy();
  });

  /** The counts as a GROUP BY of the envelopes computes them now. */
  async function freshCounts(): Promise<string[]> {
    const rows = await db
      .selectFrom("envelope")
      .select([
        "teamId",
        "workspaceId",
        "ownerUserId",
        "status",
        (eb) => eb.fn.countAll<string>().as("count"),
      ])
      .where("kind", "=", "envelope")
      .groupBy(["teamId", "workspaceId", "ownerUserId", "status"])
      .execute();
    return rows
      .map(
        (row) => `${row.teamId} ${row.workspaceId} ${row.ownerUserId} ${row.status} ${row.count}`,
      )
      .sort();
  }

  async function keptCounts(): Promise<string[]> {
    const rows = await db.selectFrom("envelopeStatusCount").selectAll().execute();
    return rows
      .map(
        (row) => `${row.teamId} ${row.workspaceId} ${row.ownerUserId} ${row.status} ${row.count}`,
      )
      .sort();
  }

  /** The dashboard's counts for `member`, from every envelope row they may read. */
  async function countedRowByRow(member: Member) {
    const rows = await db
      .selectFrom("envelope")
      .selectAll()
      .where("kind", "=", "envelope")
      .where("teamId", "=", member.teamId)
      .where(
        "workspaceId",
        "in",
        db.selectFrom("workspaceMember").select("workspaceId").where("userId", "=", member.userId),
      )
      .execute();
    const readable = rows.filter((row: EnvelopeRow) =>
      member.ability.can("read", envelopeSubject(row)),
    );
    const count = (...statuses: string[]) =>
      readable.filter((row) => statuses.includes(row.status)).length;
    return {
      pendingSignature: count("signing", "approving"),
      inProgress: count("draft", "signing", "approving"),
      completed: count("complete"),
      drafts: count("draft"),
    };
  }

  async function expectCountsExact(): Promise<void> {
    expect(await keptCounts()).toEqual(await freshCounts());
    for (const { label, member } of callers) {
      const board = await dashboard({ db }, member);
      expect(
        {
          label,
          pendingSignature: board.pendingSignature,
          inProgress: board.inProgress,
          completed: board.completed,
          drafts: board.drafts,
        },
        label,
      ).toEqual({ label, ...(await countedRowByRow(member)) });
    }
  }

  const teamIndex = fc.integer({ min: 0, max: 1 });
  const pick = fc.nat({ max: 1000 });
  const status = fc.constantFrom(...STATUSES);
  const operation = fc.oneof(
    fc.record({
      op: fc.constant("create" as const),
      team: teamIndex,
      pick,
      status,
      rows: fc.integer({ min: 1, max: 3 }),
    }),
    fc.record({ op: fc.constant("template" as const), team: teamIndex, pick }),
    fc.record({ op: fc.constant("status" as const), pick, status }),
    fc.record({ op: fc.constant("move" as const), pick, to: pick }),
    fc.record({ op: fc.constant("transfer" as const), pick, to: pick }),
    fc.record({ op: fc.constant("touch" as const), pick }),
    fc.record({ op: fc.constant("delete" as const), pick }),
    fc.record({ op: fc.constant("status-of-workspace" as const), team: teamIndex, pick, status }),
    fc.record({ op: fc.constant("rolled-back" as const), pick, status }),
  );

  async function anEnvelope(pickIndex: number): Promise<EnvelopeRow | undefined> {
    const rows = await db.selectFrom("envelope").selectAll().orderBy("id").execute();
    return rows.length === 0 ? undefined : rows[pickIndex % rows.length];
  }

  function teamOf(teamId: string) {
    return teams.find((team) => team.id === teamId) ?? teams[0];
  }

  type Operation = typeof operation extends fc.Arbitrary<infer T> ? T : never;

  /** Writes one random change to the envelopes, as the api's statements would. */
  async function apply(change: Operation): Promise<void> {
    switch (change.op) {
      case "create": {
        const team = teams[change.team];
        if (team === undefined) return;
        const workspaceId = team.workspaces[change.pick % team.workspaces.length] ?? "";
        const ownerUserId = team.users[change.pick % team.users.length] ?? "";
        await db
          .insertInto("envelope")
          .values(
            Array.from({ length: change.rows }, (_, row) => ({
              teamId: team.id,
              workspaceId,
              ownerUserId,
              title: `Deal ${change.pick + row}`,
              status: change.status,
            })),
          )
          .execute();
        return;
      }
      case "template": {
        const team = teams[change.team];
        if (team === undefined) return;
        await db
          .insertInto("envelope")
          .values({
            teamId: team.id,
            workspaceId: team.workspaces[0] ?? "",
            ownerUserId: team.users[change.pick % team.users.length] ?? "",
            title: "A template",
            kind: "template",
            templateStatus: "draft",
          })
          .execute();
        return;
      }
      case "status": {
        const envelope = await anEnvelope(change.pick);
        if (envelope === undefined || envelope.kind === "template") return;
        await db
          .updateTable("envelope")
          .set({ status: change.status })
          .where("id", "=", envelope.id)
          .execute();
        return;
      }
      case "move": {
        const envelope = await anEnvelope(change.pick);
        if (envelope === undefined) return;
        const team = teamOf(envelope.teamId);
        const workspaceId = team?.workspaces[change.to % team.workspaces.length] ?? "";
        await db
          .updateTable("envelope")
          .set({ workspaceId })
          .where("id", "=", envelope.id)
          .execute();
        return;
      }
      case "transfer": {
        const envelope = await anEnvelope(change.pick);
        if (envelope === undefined) return;
        const team = teamOf(envelope.teamId);
        const ownerUserId = team?.users[change.to % team.users.length] ?? "";
        await db
          .updateTable("envelope")
          .set({ ownerUserId })
          .where("id", "=", envelope.id)
          .execute();
        return;
      }
      case "touch": {
        const envelope = await anEnvelope(change.pick);
        if (envelope === undefined) return;
        await db
          .updateTable("envelope")
          .set({ title: "Renamed", updatedAt: sql`now()` })
          .where("id", "=", envelope.id)
          .execute();
        return;
      }
      case "delete": {
        const envelope = await anEnvelope(change.pick);
        if (envelope === undefined) return;
        await db.deleteFrom("envelope").where("id", "=", envelope.id).execute();
        return;
      }
      case "status-of-workspace": {
        const team = teams[change.team];
        if (team === undefined) return;
        await db
          .updateTable("envelope")
          .set({ status: change.status })
          .where("kind", "=", "envelope")
          .where("workspaceId", "=", team.workspaces[change.pick % team.workspaces.length] ?? "")
          .execute();
        return;
      }
      case "rolled-back": {
        const envelope = await anEnvelope(change.pick);
        if (envelope === undefined || envelope.kind === "template") return;
        await expect(
          db.transaction().execute(async (trx) => {
            await trx
              .updateTable("envelope")
              .set({ status: change.status })
              .where("id", "=", envelope.id)
              .execute();
            await trx.deleteFrom("envelope").where("id", "=", envelope.id).execute();
            throw new Error("rolled back");
          }),
        ).rejects.toThrow("rolled back");
        return;
      }
    }
  }

  it("equal a fresh COUNT(*) for every caller after random sequences of writes", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 25 }), async (changes) => {
        await db.deleteFrom("envelope").execute();
        for (const change of changes) await apply(change);
        await expectCountsExact();
      }),
      { seed: 17, numRuns: 20, endOnFailure: true },
    );
    // Twenty sequences of up to 25 writes, each checked for 8 callers: seconds on a busy machine.
  }, 180_000);

  it("stay exact while concurrent transactions change the same workspace's envelopes", async () => {
    await db.deleteFrom("envelope").execute();
    const team = teams[0];
    if (team === undefined) throw new Error("no team");
    const created = await db
      .insertInto("envelope")
      .values(
        Array.from({ length: 24 }, (_, index) => ({
          teamId: team.id,
          workspaceId: team.workspaces[0] ?? "",
          ownerUserId: team.users[0] ?? "",
          title: `Deal ${index}`,
          status: "draft" as const,
        })),
      )
      .returning("id")
      .execute();
    await Promise.all(
      created.map(({ id }, index) =>
        db.transaction().execute(async (trx) => {
          // Send, then complete or cancel; every fourth also lands in the other workspace, and new
          // drafts are created meanwhile: all on the same few count rows.
          await trx
            .updateTable("envelope")
            .set({ status: "signing" })
            .where("id", "=", id)
            .execute();
          await trx
            .updateTable("envelope")
            .set({
              status: index % 2 === 0 ? "complete" : "canceled",
              ...(index % 4 === 0 ? { workspaceId: team.workspaces[1] ?? "" } : {}),
            })
            .where("id", "=", id)
            .execute();
          await trx
            .insertInto("envelope")
            .values({
              teamId: team.id,
              workspaceId: team.workspaces[0] ?? "",
              ownerUserId: team.users[index % team.users.length] ?? "",
              title: `New ${index}`,
            })
            .execute();
        }),
      ),
    );
    await expectCountsExact();
    const [everything] = callers;
    const board = await dashboard({ db }, everything?.member as Member);
    expect({ completed: board.completed, drafts: board.drafts }).toEqual({
      completed: 12,
      drafts: 24,
    });
  });

  it("are backfilled by their migration from the envelopes that exist before it", async () => {
    await db.deleteFrom("envelope").execute();
    await statusCountsMigration.down(db as unknown as Kysely<unknown>);
    const team = teams[0];
    if (team === undefined) throw new Error("no team");
    await db
      .insertInto("envelope")
      .values(
        STATUSES.flatMap((status, index) =>
          Array.from({ length: index + 1 }, (_, row) => ({
            teamId: team.id,
            workspaceId: team.workspaces[row % 2] ?? "",
            ownerUserId: team.users[row % 3] ?? "",
            title: `Before ${status} ${row}`,
            status,
          })),
        ),
      )
      .execute();
    await statusCountsMigration.up(db as unknown as Kysely<unknown>);
    expect(await keptCounts()).toHaveLength((await freshCounts()).length);
    await expectCountsExact();
    // The triggers are back too.
    await db.updateTable("envelope").set({ status: "complete" }).execute();
    await expectCountsExact();
  });
});
