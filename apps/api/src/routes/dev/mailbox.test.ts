import { randomBytes } from "node:crypto";
import { devMailboxResponseSchema } from "@paraphe/api-sdk/contract";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { deriveMailKey } from "../../mail/body-sealing";
import { enqueueMail, type OutgoingMail } from "../../mail/outbox";
import { JobWorker } from "../../jobs/job-worker";
import { sendMailHandler } from "../../mail/delivery";
import { createDevMailboxTransport } from "../../mail/transport";
import { createTestApp, type TestApp } from "../../test/app";
import {
  createTestDatabase,
  silentLogger,
  testDatabaseKinds,
  type TestDatabase,
} from "../../test/databases";

describe.each(testDatabaseKinds)("the development mailbox on %s", (kind) => {
  let database: TestDatabase;
  const masterKey = randomBytes(32);
  const mailKey = deriveMailKey(masterKey);
  const apps: TestApp[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const worker = new JobWorker({
      db: database.connection.db,
      logger: silentLogger(),
      jobs: [
        sendMailHandler({
          db: database.connection.db,
          transport: createDevMailboxTransport(database.connection.db, mailKey),
          mailKey,
          from: "Paraphe <no-reply@paraphe.localhost>",
          logger: silentLogger(),
        }),
      ],
    });
    const mails: OutgoingMail[] = [
      {
        to: "ann@example.com",
        subject: "Your login code",
        text: "Your code is 4F7K2Q.",
        locale: "en",
      },
      {
        to: "mallory@example.com",
        subject: "<script>alert('subject')</script>",
        text: 'Body with <img src=x onerror=alert(1)> & "quotes"',
        html: '<p onclick="steal()">Hello</p>',
      },
    ];
    for (const mail of mails) {
      await database.connection.db.transaction().execute((trx) => enqueueMail(trx, mailKey, mail));
      expect(await worker.processNext()).toBe("done");
    }
  });

  afterEach(async () => {
    for (const app of apps.splice(0)) await app.destroy();
  });

  afterAll(async () => {
    await database.destroy();
  });

  async function app(env: Record<string, string> = { DEV_MAILBOX: "1" }): Promise<TestApp> {
    const created = await createTestApp(database.connection.db, env, { masterKey });
    apps.push(created);
    return created;
  }

  it("lists the messages as JSON, newest first", async () => {
    const response = await (await app()).app.request("/dev/mailbox.json");
    expect(response.status).toBe(200);
    const messages = devMailboxResponseSchema.parse(await response.json());
    expect(messages.map((message) => message.subject)).toEqual([
      "<script>alert('subject')</script>",
      "Your login code",
    ]);
    expect(messages[1]).toMatchObject({
      to: "ann@example.com",
      text: "Your code is 4F7K2Q.",
      locale: "en",
      html: null,
    });
  });

  it("shows the messages on a self-contained page with every value escaped", async () => {
    const response = await (await app()).app.request("/dev/mailbox");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    expect(response.headers.get("content-security-policy")).toContain("default-src 'none'");
    const page = await response.text();
    expect(page).toContain("Your code is 4F7K2Q.");
    expect(page).toContain("ann@example.com");
    expect(page).toContain("&lt;script&gt;alert(&#39;subject&#39;)&lt;/script&gt;");
    expect(page).toContain("&lt;img src=x onerror=alert(1)&gt; &amp; &quot;quotes&quot;");
    expect(page).not.toContain("<script");
    expect(page).not.toContain("<img");
    // The HTML version sits, escaped, in a sandboxed frame.
    expect(page).toContain(
      'sandbox="" title="HTML version" srcdoc="&lt;p onclick=&quot;steal()&quot;&gt;Hello&lt;/p&gt;"',
    );
    expect(page).not.toMatch(/<(script|link)\b|src="http/);
    expect(page.indexOf("alert(&#39;subject")).toBeLessThan(page.indexOf("Your login code"));
  });

  async function expectAbsent(testApp: TestApp): Promise<void> {
    for (const path of ["/dev/mailbox", "/dev/mailbox.json"]) {
      const response = await testApp.app.request(path);
      expect(response.status).toBe(404);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe("NOT_FOUND");
    }
  }

  it("does not exist unless DEV_MAILBOX=1 asks for it", async () => {
    await expectAbsent(await app({}));
    await expectAbsent(await app({ DEV_MAILBOX: "0" }));
  });

  it("does not exist while the api listens on an address other machines reach", async () => {
    for (const host of ["0.0.0.0", "::", "192.168.1.20"]) {
      await expectAbsent(await app({ DEV_MAILBOX: "1", API_HOST: host }));
    }
    for (const host of ["localhost", "::1", "127.0.0.1"]) {
      const response = await (
        await app({ DEV_MAILBOX: "1", API_HOST: host })
      ).app.request("/dev/mailbox.json");
      expect(response.status).toBe(200);
    }
  });

  it("does not exist in production", async () => {
    const production = await app({
      DEV_MAILBOX: "1",
      NODE_ENV: "production",
      SMTP_URL: "smtp://127.0.0.1:2525",
      BLOB_MASTER_KEY: Buffer.alloc(32, 7).toString("base64"),
    });
    for (const path of ["/dev/mailbox", "/dev/mailbox.json"]) {
      const response = await production.app.request(path);
      expect(response.status).toBe(404);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe("NOT_FOUND");
    }
  });

  it("does not exist when an SMTP server is configured", async () => {
    const withSmtp = await app({ DEV_MAILBOX: "1", SMTP_URL: "smtp://127.0.0.1:2525" });
    expect((await withSmtp.app.request("/dev/mailbox.json")).status).toBe(404);
  });
});
