import { sql, type Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/database";
import { createIdentityHarness, uniqueEmail, type IdentityHarness } from "../test/identity";
import { JobWorker } from "../jobs/job-worker";
import { sendMailHandler } from "../mail/delivery";
import { createDevMailboxTransport } from "../mail/transport";
import { silentLogger, testDatabaseKinds } from "../test/databases";
import {
  linkFromMail,
  readEveryPage,
  sentEnvelope,
  signingClient,
  signUpMember,
} from "../test/envelopes";

/** Every row of every table of the api's schema, as text: what a database dump holds. */
async function dumpEveryTable(db: Kysely<Database>): Promise<Map<string, string>> {
  const tables = await sql<{ tableName: string }>`
    SELECT table_name FROM information_schema.tables
    WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'
    ORDER BY table_name`.execute(db);
  const dump = new Map<string, string>();
  for (const { tableName } of tables.rows) {
    const rows = await sql<{
      row: string;
    }>`SELECT t::text AS row FROM ${sql.table(tableName)} t`.execute(db);
    dump.set(tableName, rows.rows.map((row) => row.row).join("\n"));
  }
  return dump;
}

describe.each(testDatabaseKinds)("secrets at rest on %s", (kind) => {
  let h: IdentityHarness;

  beforeAll(async () => {
    h = await createIdentityHarness(kind);
  });
  afterAll(async () => {
    await h.destroy();
  });

  it("leaves no signing-link token or secret, and no sign-in code, readable in a dump of the database", async () => {
    const db = h.database.connection.db;
    const sender = await signUpMember(h, "dump-sender");
    const signerEmail = uniqueEmail("dump-signer");
    const envelope = await sentEnvelope(sender, [signerEmail], { title: "Dumped" });
    const link = await linkFromMail(h, signerEmail, envelope.uuid);
    // The link works: the secrets searched for below are the real ones.
    const signer = signingClient(h);
    await readEveryPage(signer, link);
    await h.client().authentication.requestCode({ email: signerEmail });
    const code = await h.lastCode(signerEmail);
    // The signer signs in and lists their requests: the link is rebuilt, not read from a column.
    const { api } = await h.login(signerEmail);
    const { requests } = await api.envelope.listRequests({});
    expect(requests.find((request) => request.envelopeUuid === envelope.uuid)).toMatchObject({
      recipientLink: { token: link.token, secretKey: link.secretKey },
    });
    // Delivered to the development mailbox too, which keeps its own copy.
    const worker = new JobWorker({
      db,
      logger: silentLogger(),
      jobs: [
        sendMailHandler({
          db,
          transport: createDevMailboxTransport(db, h.t.mailKey),
          mailKey: h.t.mailKey,
          from: "Paraphe <no-reply@paraphe.test>",
          logger: silentLogger(),
        }),
      ],
    });
    await worker.runUntilIdle();
    expect(
      await db.selectFrom("devMailbox").select("id").where("toAddress", "=", signerEmail).execute(),
    ).not.toHaveLength(0);

    const dump = await dumpEveryTable(db);
    expect(dump.get("recipient")).toContain(signerEmail);
    for (const [table, text] of dump) {
      expect(text, `the link token in ${table}`).not.toContain(link.token);
      expect(text, `the link secret in ${table}`).not.toContain(link.secretKey);
    }
    for (const table of ["mail_outbox", "dev_mailbox"]) {
      expect(dump.get(table)).toContain(signerEmail);
    }
    for (const [table, text] of dump) {
      expect(text, `the sign-in code in ${table}`).not.toContain(code);
    }
  });
});
