import { execFile } from "node:child_process";
import { cp, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { signUpMember, type TeamMember } from "../test/envelopes";
import { createIdentityHarness, type IdentityHarness } from "../test/identity";
import { AdminError, runAdminCommand } from "./admin-command";

describe("paraphe-admin", () => {
  let h: IdentityHarness;
  let owner: TeamMember;
  const run = (...argv: string[]) =>
    runAdminCommand(h.database.connection.db, argv, () => new Date(h.now()));

  beforeAll(async () => {
    h = await createIdentityHarness("pglite");
    owner = await signUpMember(h, "operated", "Operated team");
  });
  afterAll(async () => {
    await h.destroy();
  });

  it("lists the seeded plans with their prices and limits", async () => {
    const listed = await run("plans", "list");
    expect(listed).toContain("free\tFree / Gratuit\t0.00 EUR/month");
    expect(listed).toMatch(
      /team\tTeam \/ Équipe\t29\.00 EUR\/month\t290\.00 EUR\/year.*recommended/,
    );
    expect(listed).toContain("business\tBusiness / Entreprise");
  });

  it("creates a plan, and a recommended plan takes the flag from the others", async () => {
    expect(
      await run(
        "plans",
        "set",
        "scale",
        "--name-en",
        "Scale",
        "--name-fr",
        "Échelle",
        "--monthly",
        "19900",
        "--annual",
        "199000",
        "--seats",
        "50",
        "--signatures",
        "5000",
        "--recommended",
      ),
    ).toBe("Plan scale saved.");
    const recommended = await h.database.connection.db
      .selectFrom("plan")
      .select("code")
      .where("recommended", "=", true)
      .execute();
    expect(recommended).toEqual([{ code: "scale" }]);
    const scale = await h.database.connection.db
      .selectFrom("plan")
      .selectAll()
      .where("code", "=", "scale")
      .executeTakeFirstOrThrow();
    expect(scale).toMatchObject({
      seats: 50,
      signaturesPerPeriod: 5000,
      apiCreditsPerPeriod: null,
    });
  });

  it("refuses a plan with a missing or out-of-range value and writes nothing", async () => {
    await expect(
      run(
        "plans",
        "set",
        "broken",
        "--name-en",
        "B",
        "--name-fr",
        "B",
        "--monthly",
        "-1",
        "--annual",
        "0",
      ),
    ).rejects.toThrow(AdminError);
    const broken = await h.database.connection.db
      .selectFrom("plan")
      .select("code")
      .where("code", "=", "broken")
      .execute();
    expect(broken).toEqual([]);
  });

  it("puts a team on a plan by its owner's email or its uuid, and logs the change", async () => {
    expect(await run("team", "set-plan", owner.email, "business", "--period", "annual")).toBe(
      `Team ${owner.teamUuid} is on plan business (annual, active).`,
    );
    await run("team", "set-plan", owner.teamUuid, "team");
    const subscription = await h.database.connection.db
      .selectFrom("teamSubscription")
      .selectAll()
      .where("teamId", "=", owner.teamUuid)
      .executeTakeFirstOrThrow();
    expect(subscription).toMatchObject({
      planCode: "team",
      billingPeriod: "monthly",
      status: "active",
      provider: "embedded",
      providerReference: null,
    });
    const events = await h.database.connection.db
      .selectFrom("usageEvent")
      .select(["type", "details"])
      .where("teamId", "=", owner.teamUuid)
      .orderBy("at")
      .execute();
    expect(events.map((event) => event.details)).toEqual([
      { plan: "business", billingPeriod: "annual", status: "active", previousPlan: null },
      { plan: "team", billingPeriod: "monthly", status: "active", previousPlan: "business" },
    ]);
    expect((await owner.api.team.listMembers({})).seats).toEqual({ used: 1, total: 10 });
  });

  it("refuses an unknown team or plan with a clear message", async () => {
    await expect(run("team", "set-plan", "nobody@example.com", "team")).rejects.toThrow(
      'No team found for "nobody@example.com".',
    );
    await expect(run("team", "set-plan", owner.teamUuid, "gold")).rejects.toThrow(
      'There is no plan "gold".',
    );
    await expect(run("team", "delete")).rejects.toThrow(/usage:/);
  });
});

describe("the paraphe-admin command line", () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "paraphe-admin-"));
    await cp(inject("pgliteTemplateDir"), path.join(dataDir, "pglite"), { recursive: true });
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  const admin = (...argv: string[]) =>
    promisify(execFile)(
      "pnpm",
      ["exec", "tsx", "--conditions=@paraphe/source", "src/admin.ts", ...argv],
      {
        cwd: path.resolve(import.meta.dirname, "../.."),
        env: { ...process.env, NODE_ENV: "test", DATA_DIR: dataDir, DATABASE_URL: "" },
      },
    );

  it("lists the plans of the database in DATA_DIR, and exits 1 with a message when refused", async () => {
    const listed = await admin("plans", "list");
    expect(listed.stdout).toContain("business\tBusiness / Entreprise");
    const refused = await admin("team", "set-plan", "nobody@example.com", "team").catch(
      (error: unknown) => error as { code: number; stderr: string },
    );
    expect(refused).toMatchObject({ code: 1, stderr: 'No team found for "nobody@example.com".\n' });
  }, 120_000);
});
