import { endpoints } from "@paraphe/api-sdk/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { testDatabaseKinds, silentLogger } from "../test/databases";
import { failure, joinTeam, sentEnvelope, signUpMember, type TeamMember } from "../test/envelopes";
import { createIdentityHarness, uniqueEmail, type IdentityHarness } from "../test/identity";
import { createLocalCa, trustLocalCa, type LocalCa } from "../test/local-ca";
import { roleIdOf } from "../test/members";
import { startSmtpServer, type TestSmtpServer } from "../test/smtp";
import { JobWorker } from "../jobs/job-worker";
import { deliverMail, MailDeliveryError, sendMailHandler } from "../mail/delivery";
import { openSmtpPassword } from "../mail/sender-secret";
import type { MailMessage, MailTransport } from "../mail/transport";

const PASSWORD = "s3cret-Pässwörd-7781";
const USER = "acme-mailer";

/** A transport standing for the deployment's server: keeps what it is given. */
function deploymentTransport(): MailTransport & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    kind: "smtp",
    sent,
    async send(message) {
      sent.push(message);
      return { messageId: message.messageId };
    },
    async close() {},
  };
}

describe.each(testDatabaseKinds)("the team's mail sender on %s", (kind) => {
  let h: IdentityHarness;
  let ca: LocalCa;
  let server: TestSmtpServer;
  let port: number;
  let owner: TeamMember;
  let admin: TeamMember;
  let member: TeamMember;
  const stops: (() => Promise<void>)[] = [];

  const smtpSettings = () => ({
    mode: "smtp" as const,
    host: "localhost",
    port,
    tls: "starttls" as const,
    user: USER,
    password: PASSWORD,
    fromAddress: "signatures@acme.example",
  });

  const deliveryDeps = (transport: MailTransport) => ({
    db: h.database.connection.db,
    transport,
    mailKey: h.t.mailKey,
    from: "Paraphe <no-reply@paraphe.test>",
    logger: silentLogger(),
    teamTimeouts: { connectionMs: 2000, greetingMs: 2000, socketMs: 5000 },
  });

  /** The outbox's messages to `to` not sent yet, oldest first. */
  const unsentTo = (to: string) =>
    h.database.connection.db
      .selectFrom("mailOutbox")
      .selectAll()
      .where("toAddress", "=", to)
      .where("sentAt", "is", null)
      .orderBy("createdAt")
      .execute();

  beforeAll(async () => {
    ca = await createLocalCa();
    // The local authority is trusted as a system one would be: the api checks certificates.
    trustLocalCa(ca.caPem);
    server = await startSmtpServer(
      { user: USER, password: PASSWORD },
      { key: ca.keyPem, cert: ca.certPem },
    );
    port = Number(new URL(server.url).port);
    h = await createIdentityHarness(kind);
    owner = await signUpMember(h, "sender-owner", "Acme Legal");
    admin = await joinTeam(h, owner, "sender-admin", () => roleIdOf(h, owner.teamUuid, "Admin"));
    member = await joinTeam(h, owner, "sender-member", () => roleIdOf(h, owner.teamUuid, "Member"));
  });
  afterAll(async () => {
    for (const stop of stops.splice(0).reverse()) await stop();
    await server.close();
    await h.destroy();
  });

  it("answers the deployment's server by default, and refuses the settings to a Member", async () => {
    await expect(owner.api.mailSender.get({})).resolves.toEqual({
      sender: {
        mode: "deployment",
        server: null,
        verifiedAt: null,
        inUse: false,
        lastError: null,
        lastErrorAt: null,
        lastDeliveredAt: null,
        undelivered: 0,
      },
    });
    expect((await failure(member.api.mailSender.get({}))).code).toBe("FORBIDDEN");
    expect((await failure(member.api.mailSender.save(smtpSettings()))).code).toBe("FORBIDDEN");
    expect((await failure(member.api.mailSender.test({}))).code).toBe("FORBIDDEN");
    // Nothing saved to test yet.
    expect((await failure(admin.api.mailSender.test({}))).code).toBe("CONFLICT");
  });

  it("validates the host, port, TLS mode and From address, and asks for the password", async () => {
    const raw = (input: unknown) =>
      owner.api.call({ ...endpoints.mailSender.save, request: z.any() }, input);
    const fields = async (input: unknown) =>
      (await failure(raw(input))).details?.map((detail) => `${detail.path}:${detail.message}`);
    await expect(fields({ ...smtpSettings(), host: "smtp example.com" })).resolves.toEqual([
      "host:invalid_host",
    ]);
    await expect(fields({ ...smtpSettings(), port: 70000 })).resolves.toEqual([
      "port:invalid_port",
    ]);
    expect((await failure(raw({ ...smtpSettings(), tls: "ssl3" }))).code).toBe("VALIDATION_ERROR");
    await expect(fields({ ...smtpSettings(), fromAddress: "not an address" })).resolves.toEqual([
      "fromAddress:invalid_email",
    ]);
    const { password: _, ...withoutPassword } = smtpSettings();
    await expect(fields(withoutPassword)).resolves.toEqual(["password:required"]);
  });

  it("stores the password encrypted, never answers it, and leaves the settings unverified", async () => {
    const { sender } = await admin.api.mailSender.save(smtpSettings());
    expect(sender).toMatchObject({
      mode: "smtp",
      server: {
        host: "localhost",
        port,
        tls: "starttls",
        user: USER,
        hasPassword: true,
        fromAddress: "signatures@acme.example",
      },
      verifiedAt: null,
      inUse: false,
    });
    expect(JSON.stringify(sender)).not.toContain(PASSWORD);
    const row = await h.database.connection.db
      .selectFrom("teamMailSender")
      .selectAll()
      .where("teamId", "=", owner.teamUuid)
      .executeTakeFirstOrThrow();
    expect(row.passwordSealed).toMatch(/^sealed:v1:/);
    expect(JSON.stringify(row)).not.toContain(PASSWORD);
    expect(JSON.stringify(row)).not.toContain(Buffer.from(PASSWORD).toString("base64"));
    expect(openSmtpPassword(h.t.mailKey, owner.teamUuid, row.passwordSealed ?? "")).toBe(PASSWORD);
    // Bound to its team: copied to another team's row, it does not open.
    const other = await signUpMember(h, "sender-other", "Other");
    expect(() => openSmtpPassword(h.t.mailKey, other.teamUuid, row.passwordSealed ?? "")).toThrow();
    // Another team's owner sees their own (default) settings, not these.
    const theirs = await other.api.mailSender.get({});
    expect(theirs.sender.server).toBeNull();
    // Unverified, the team's mail still leaves from the deployment's server.
    const transport = deploymentTransport();
    const signer = uniqueEmail("unverified-signer");
    await sentEnvelope(owner, [signer]);
    const [invitation] = await unsentTo(signer);
    await deliverMail(deliveryDeps(transport), invitation?.id ?? "");
    expect(transport.sent.map((message) => message.to)).toEqual([signer]);
    expect(server.received).toHaveLength(0);
  });

  it("keeps the password when the settings are saved again without it, unless the host changes", async () => {
    const { password: _, ...withoutPassword } = smtpSettings();
    const { sender } = await owner.api.mailSender.save({ ...withoutPassword, port: port });
    expect(sender.server?.hasPassword).toBe(true);
    const moved = await failure(
      owner.api.mailSender.save({ ...withoutPassword, host: "127.0.0.1" }),
    );
    expect(moved.details?.map((detail) => detail.path)).toEqual(["password"]);
  });

  it("refuses a wrong password in the test message, with the server's answer and no secret", async () => {
    await owner.api.mailSender.save({ ...smtpSettings(), password: "wrong-password-123" });
    const answer = await owner.api.mailSender.test({});
    expect(answer.delivered).toBe(false);
    expect(answer.error).toMatch(/auth|Invalid username or password|535/i);
    expect(answer.error).not.toContain("wrong-password-123");
    expect(answer.sender.inUse).toBe(false);
    expect(answer.sender.lastError).toBe(answer.error);
    expect(JSON.stringify(h.t.logs)).not.toContain("wrong-password-123");
  });

  it("verifies the server with a test message over STARTTLS with authentication", async () => {
    await owner.api.mailSender.save(smtpSettings());
    const before = server.received.length;
    const answer = await admin.api.mailSender.test({});
    expect(answer).toMatchObject({ delivered: true, error: null, to: admin.email });
    expect(answer.sender.inUse).toBe(true);
    expect(answer.sender.verifiedAt).not.toBeNull();
    const [received] = (await server.waitFor(before + 1)).slice(before);
    expect(received).toMatchObject({
      to: [admin.email],
      from: "signatures@acme.example",
      secure: true,
      user: USER,
    });
    expect(received?.raw).toMatch(/^From: "?Acme Legal"? <signatures@acme\.example>/m);
    expect(JSON.stringify(h.t.logs)).not.toContain(PASSWORD);
  });

  it("verifies a server that speaks TLS from the start (implicit TLS), and refuses STARTTLS to a server that offers none", async () => {
    const implicit = await startSmtpServer(
      { user: USER, password: PASSWORD },
      { key: ca.keyPem, cert: ca.certPem, implicit: true },
    );
    const plain = await startSmtpServer({ user: USER, password: PASSWORD });
    stops.push(
      () => implicit.close(),
      () => plain.close(),
    );
    const team = await signUpMember(h, "implicit-owner", "Implicit");
    await team.api.mailSender.save({
      ...smtpSettings(),
      port: Number(new URL(implicit.url).port),
      tls: "tls",
    });
    const answer = await team.api.mailSender.test({});
    expect(answer).toMatchObject({ delivered: true, sender: { inUse: true } });
    const [received] = await implicit.waitFor(1);
    expect(received).toMatchObject({ to: [team.email], secure: true, user: USER });

    // STARTTLS required: a server without it is refused, the password never sent in clear.
    await team.api.mailSender.save({
      ...smtpSettings(),
      port: Number(new URL(plain.url).port),
      tls: "starttls",
    });
    const refused = await team.api.mailSender.test({});
    expect(refused.delivered).toBe(false);
    expect(refused.error).toMatch(/STARTTLS/i);
    expect(plain.received).toHaveLength(0);
  });

  it("delivers the team's envelope mail through its verified server, with the sender as Reply-To", async () => {
    const transport = deploymentTransport();
    const signer = uniqueEmail("team-server-signer");
    await sentEnvelope(owner, [signer], { title: "Lease" });
    const [invitation] = await unsentTo(signer);
    expect(invitation).toMatchObject({ teamId: owner.teamUuid, replyTo: owner.email });
    const before = server.received.length;
    await deliverMail(deliveryDeps(transport), invitation?.id ?? "");
    const [received] = (await server.waitFor(before + 1)).slice(before);
    expect(received).toMatchObject({ to: [signer], secure: true, user: USER });
    expect(received?.raw).toMatch(
      new RegExp(`^Reply-To: .*${owner.email.replace(/\./g, "\\.")}`, "mi"),
    );
    expect(transport.sent).toHaveLength(0);
    const { sender } = await owner.api.mailSender.get({});
    expect(sender.lastDeliveredAt).not.toBeNull();
  });

  it("shows a failure on the settings and the envelope, retries it through the team's server only, and delivers once it recovers", async () => {
    const transport = deploymentTransport();
    const signer = uniqueEmail("retried-signer");
    const envelope = await sentEnvelope(owner, [signer], { title: "Retried" });
    const [invitation] = await unsentTo(signer);
    const id = invitation?.id ?? "";
    server.failNext(1);
    await expect(deliverMail(deliveryDeps(transport), id)).rejects.toBeInstanceOf(
      MailDeliveryError,
    );
    const { sender } = await owner.api.mailSender.get({});
    expect(sender.lastError).toMatch(/451|temporarily/i);
    expect(sender.lastErrorAt).not.toBeNull();
    expect(sender.undelivered).toBe(1);
    expect(sender.inUse).toBe(true);
    const view = await owner.api.envelope.get({ envelopeUuid: envelope.uuid });
    expect(view.undeliveredMails).toEqual([
      expect.objectContaining({ to: signer, via: "team", error: sender.lastError }),
    ]);
    // Never through the deployment's server instead.
    expect(transport.sent).toHaveLength(0);

    // The job queue retries it: delivered once the server takes it again.
    const before = server.received.length;
    const worker = new JobWorker({
      db: h.database.connection.db,
      logger: silentLogger(),
      pollIntervalMs: 100,
      backoffBaseMs: 50,
      backoffMaxMs: 200,
      jobs: [sendMailHandler(deliveryDeps(transport))],
    });
    stops.push(() => worker.stop());
    await h.database.connection.db
      .updateTable("job")
      .set({ runAt: new Date(Date.now() - 1000) })
      .where("dedupeKey", "=", `send-mail:${id}`)
      .execute();
    await worker.runUntilIdle();
    const delivered = await server.waitFor(before + 1);
    expect(delivered.slice(before).some((mail) => mail.to.includes(signer))).toBe(true);
    const after = await owner.api.envelope.get({ envelopeUuid: envelope.uuid });
    expect(after.undeliveredMails).toEqual([]);
    expect((await owner.api.mailSender.get({})).sender.undelivered).toBe(0);
    expect(transport.sent.filter((message) => message.to === signer)).toHaveLength(0);
  });

  it("makes a changed server unverified again, and the deployment's server then sends with the team's name", async () => {
    const { sender } = await owner.api.mailSender.save({
      ...smtpSettings(),
      fromAddress: "legal@acme.example",
    });
    expect(sender).toMatchObject({ verifiedAt: null, inUse: false });
    await owner.api.mailSender.save({ mode: "deployment" });
    const transport = deploymentTransport();
    const signer = uniqueEmail("deployment-signer");
    await sentEnvelope(owner, [signer]);
    const [invitation] = await unsentTo(signer);
    await deliverMail(deliveryDeps(transport), invitation?.id ?? "");
    expect(transport.sent).toEqual([
      expect.objectContaining({
        to: signer,
        fromName: "Acme Legal",
        replyTo: owner.email,
        from: "Paraphe <no-reply@paraphe.test>",
      }),
    ]);
  });
});
