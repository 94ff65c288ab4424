import { randomBytes } from "node:crypto";
import { Migrator, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { linkSecretKey } from "../../envelopes/access-links";
import {
  failure,
  sentEnvelope,
  signingClient,
  signUpMember,
  type TeamMember,
} from "../../test/envelopes";
import { createIdentityHarness, uniqueEmail, type IdentityHarness } from "../../test/identity";
import { silentLogger, testDatabaseKinds } from "../../test/databases";
import { migrateToLatest } from "../migrate";
import { migrations } from "./index";

describe.each(testDatabaseKinds)("the secrets-at-rest migration on %s", (kind) => {
  let h: IdentityHarness;
  let sender: TeamMember;

  beforeAll(async () => {
    h = await createIdentityHarness(kind);
    sender = await signUpMember(h, "migration-sender");
  });
  afterAll(async () => {
    await h.destroy();
  });

  it("hashes the link tokens already stored, so mailed links keep working until the next mail replaces them, and clears delivered bodies", async () => {
    const db = h.database.connection.db;
    const email = uniqueEmail("legacy");
    const envelope = await sentEnvelope(sender, [email]);
    const { rows } = await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(db);
    const migrator = new Migrator({
      db,
      provider: { getMigrations: async () => migrations },
      migrationTableSchema: rows[0]?.schema ?? "public",
    });
    // Back to before the migration, with what an older version stored: a random token in clear,
    // and a delivered mail whose body holds it.
    const down = await migrator.migrateTo("20261122170000_recipient-reminders");
    expect(down.error).toBeUndefined();
    const legacyToken = randomBytes(24).toString("base64url");
    await sql`UPDATE recipient SET link_token = ${legacyToken} WHERE email = ${email}`.execute(db);
    await sql`INSERT INTO mail_outbox (to_address, subject, text_body, status)
      VALUES (${email}, 'Old invitation', ${`Sign: #token=${legacyToken}`}, 'sent')`.execute(db);

    await migrateToLatest(db, silentLogger());

    const stored = await sql<{ row: string }>`SELECT r::text AS row FROM recipient r`.execute(db);
    expect(stored.rows.map((row) => row.row).join("\n")).not.toContain(legacyToken);
    const outbox = await sql<{ row: string }>`SELECT m::text AS row FROM mail_outbox m`.execute(db);
    expect(outbox.rows.map((row) => row.row).join("\n")).not.toContain(legacyToken);

    // The link mailed before the migration still opens the envelope ...
    const legacyLink = {
      envelopeUuid: envelope.uuid,
      token: legacyToken,
      secretKey: linkSecretKey(h.t.linkKey, legacyToken),
    };
    await expect(signingClient(h).envelope.open(legacyLink)).resolves.toBeDefined();

    // ... until the platform rebuilds the recipient's link (here for their list of requests).
    const signer = await h.login(email);
    const { requests } = await signer.api.envelope.listRequests({});
    const current = requests.find((request) => request.envelopeUuid === envelope.uuid);
    expect(current?.recipientLink.token).not.toBe(legacyToken);
    await expect(
      signingClient(h).envelope.open({
        envelopeUuid: envelope.uuid,
        token: current?.recipientLink.token ?? "",
        secretKey: current?.recipientLink.secretKey ?? "",
      }),
    ).resolves.toBeDefined();
    expect((await failure(signingClient(h).envelope.open(legacyLink))).code).toBe(
      "ACCESS_LINK_INVALID",
    );
  });
});
