/**
 * Seeds the browser tests' database before the api starts on it: a team owned by `--owner`, and
 * `--viewer` as its member with the managed Viewer role, in the team's default workspace. The api
 * has no call that adds a member to a team yet (team administration comes later), and the browser
 * tests need a person whose role may only read. Both people then sign in as anyone does (their
 * account exists; the login code is mailed). Not part of the server: `tooling/e2e` runs it on its
 * fresh DATA_DIR, with the api's environment, before `node dist/server.js`:
 *
 *   tsx --conditions=@paraphe/source src/test/e2e-seed.ts --owner a@example.com --viewer b@example.com
 *
 * With `--admin` and `--keeper`, the team also gets a custom role "Keepers" (envelopes, templates
 * and contacts managed, the team and its workspaces read; nothing denied yet), `--admin` as a member
 * with the managed Admin role and `--keeper` as a member with the Keepers role, both in the default
 * workspace: the roles test changes the Keepers rules while the keeper works.
 *
 * `--team`, `--owner` and `--viewer` may be repeated to seed several teams in one run (the n-th
 * team gets the n-th owner and viewer; `--admin` and `--keeper` join the first): each run compiles
 * these sources and opens the database again.
 *
 * It refuses to run unless NODE_ENV is `test`.
 */
import { parseArgs } from "node:util";
import { deriveSessionCredentialKey } from "../auth/session-credentials";
import { LocalEncryptedBlobStore } from "../blob/local-encrypted-blob-store";
import { loadMasterKey } from "../blob/master-key";
import { loadConfig } from "../config";
import { migrateToLatest } from "../db/migrate";
import { openDatabase } from "../db/open-database";
import { createTeam } from "../identity/teams";
import { createLogger } from "../logger";
import { deriveMailKey } from "../mail/body-sealing";

const { values } = parseArgs({
  options: {
    owner: { type: "string", multiple: true },
    viewer: { type: "string", multiple: true },
    team: { type: "string", multiple: true },
    admin: { type: "string" },
    keeper: { type: "string" },
  },
});
const { owner: owners = [], viewer: viewers = [], team: names = [], admin, keeper } = values;
if (owners.length === 0 || viewers.length !== owners.length || names.length > owners.length) {
  throw new Error(
    "usage: e2e-seed.ts (--owner <email> --viewer <email> [--team <name>])... [--admin <email> --keeper <email>]",
  );
}

const config = loadConfig(process.env);
if (config.nodeEnv !== "test") throw new Error("e2e-seed.ts only seeds a test database");
const logger = createLogger(config);
const masterKey = await loadMasterKey(config);
const database = await openDatabase(
  config.databaseUrl === undefined
    ? { pgliteDir: config.pgliteDir, logger }
    : { databaseUrl: config.databaseUrl, logger },
);
/** One team: its owner, its viewer and, with `admin` and `keeper`, those two and the Keepers role. */
async function seedTeam(
  db: Awaited<ReturnType<typeof openDatabase>>["db"],
  team: string,
  owner: string,
  viewer: string,
  { admin, keeper }: { admin?: string | undefined; keeper?: string | undefined },
): Promise<void> {
  const [ownerRow, viewerRow] = await db
    .insertInto("appUser")
    .values([owner, viewer].map((email) => ({ email, preferredLanguage: "en" as const })))
    .returning(["id", "email"])
    .execute();
  if (ownerRow === undefined || viewerRow === undefined) throw new Error("no users were created");

  // The team as its owner creates it: managed roles, default workspace, the owner as Owner.
  await createTeam(
    {
      db,
      config,
      logger,
      blobStore: new LocalEncryptedBlobStore({
        directory: config.blobDir,
        masterKey: masterKey.key,
      }),
      sessionCredentialKey: deriveSessionCredentialKey(masterKey.key),
      mailKey: deriveMailKey(masterKey.key),
      now: () => Date.now(),
    },
    ownerRow.id,
    { name: team, firstname: "Olivia", lastname: "Owner" },
  );
  const { teamId } = await db
    .selectFrom("teamMember")
    .select("teamId")
    .where("userId", "=", ownerRow.id)
    .executeTakeFirstOrThrow();
  const viewerRole = await db
    .selectFrom("role")
    .select("id")
    .where("teamId", "=", teamId)
    .where("name", "=", "Viewer")
    .executeTakeFirstOrThrow();
  const workspace = await db
    .selectFrom("workspace")
    .select("id")
    .where("teamId", "=", teamId)
    .where("isDefault", "=", true)
    .executeTakeFirstOrThrow();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("teamMember")
      .values({ teamId, userId: viewerRow.id, roleId: viewerRole.id })
      .execute();
    await trx
      .insertInto("workspaceMember")
      .values({ workspaceId: workspace.id, userId: viewerRow.id })
      .execute();
    await trx
      .updateTable("appUser")
      .set({ firstname: "Victor", lastname: "Viewer" })
      .where("id", "=", viewerRow.id)
      .execute();
  });
  if (admin !== undefined && keeper !== undefined) {
    const [adminRow, keeperRow] = await db
      .insertInto("appUser")
      .values([admin, keeper].map((email) => ({ email, preferredLanguage: "en" as const })))
      .returning(["id", "email"])
      .execute();
    if (adminRow === undefined || keeperRow === undefined) throw new Error("no users were created");
    const adminRole = await db
      .selectFrom("role")
      .select("id")
      .where("teamId", "=", teamId)
      .where("name", "=", "Admin")
      .executeTakeFirstOrThrow();
    await db.transaction().execute(async (trx) => {
      const keepers = await trx
        .insertInto("role")
        .values({
          teamId,
          name: "Keepers",
          origin: "custom",
          permissions: JSON.stringify([
            { action: "manage", subject: ["Envelope", "Template", "Contact"] },
            { action: "read", subject: ["Team", "Workspace"] },
          ]),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await trx
        .insertInto("teamMember")
        .values([
          { teamId, userId: adminRow.id, roleId: adminRole.id },
          { teamId, userId: keeperRow.id, roleId: keepers.id },
        ])
        .execute();
      await trx
        .insertInto("workspaceMember")
        .values(
          [adminRow.id, keeperRow.id].map((userId) => ({ workspaceId: workspace.id, userId })),
        )
        .execute();
      await trx
        .updateTable("appUser")
        .set({ firstname: "Ada", lastname: "Admin" })
        .where("id", "=", adminRow.id)
        .execute();
      await trx
        .updateTable("appUser")
        .set({ firstname: "Kim", lastname: "Keeper" })
        .where("id", "=", keeperRow.id)
        .execute();
    });
  }
  logger.info({ team, owner, viewer, admin, keeper }, "browser-test team seeded");
}

try {
  const db = database.db;
  await migrateToLatest(db, logger);
  for (const [index, owner] of owners.entries()) {
    const viewer = viewers[index] ?? owner;
    const team = names[index] ?? "Seeded Team";
    await seedTeam(db, team, owner, viewer, index === 0 ? { admin, keeper } : {});
  }
} finally {
  await database.close();
}
