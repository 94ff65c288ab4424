import { verifyWebhookSignature } from "@paraphe/api-sdk";
import type { WebhookEventPayload } from "@paraphe/api-sdk/contract";
import { sql } from "kysely";
import type { LookupAddress } from "node:dns";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "../errors/app-error";
import { requireMember } from "../membership/members";
import { testDatabaseKinds } from "../test/databases";
import {
  failure,
  joinTeam,
  linkFromMail,
  readEveryPage,
  sentEnvelope,
  sign,
  signingClient,
  signUpMember,
  type TeamMember,
} from "../test/envelopes";
import { createIdentityHarness, uniqueEmail, type IdentityHarness } from "../test/identity";
import { roleIdOf } from "../test/members";
import { startWebhookReceiver, type WebhookReceiver } from "../test/webhook-receiver";
import { deliverWebhook, WEBHOOK_MAX_ATTEMPTS } from "./webhook-delivery";
import type { WebhookDeps } from "./webhook-deps";
import { createWebhook } from "./webhook-endpoints";
import { openWebhookSecret } from "./webhook-secret";

describe.each(testDatabaseKinds)("webhooks on %s", (kind) => {
  let h: IdentityHarness;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    h = await createIdentityHarness(kind);
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    await h.destroy();
  });

  const db = () => h.database.connection.db;

  /** Makes every waiting webhook attempt due now: the job runner's own time control. */
  async function makeAttemptsDue(): Promise<void> {
    await db()
      .updateTable("job")
      .set({ runAt: sql<Date>`now()` })
      .where("name", "=", "deliver-webhook")
      .where("status", "=", "pending")
      .execute();
  }

  async function deliveriesOf(endpointUuid: string) {
    return db()
      .selectFrom("webhookDelivery")
      .selectAll()
      .where("endpointId", "=", endpointUuid)
      .orderBy("createdAt")
      .orderBy("id")
      .execute();
  }

  async function userIdOf(person: { email: string }): Promise<string> {
    const row = await db()
      .selectFrom("appUser")
      .select("id")
      .where("email", "=", person.email)
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** The requests the receiver got since `from`, with their parsed bodies. */
  const receivedSince = (from: number) =>
    receiver.received.slice(from).map((request) => ({
      ...request,
      payload: JSON.parse(request.body) as WebhookEventPayload,
    }));

  it("creates an endpoint whose secret is answered once and stored encrypted, never listed", async () => {
    const owner = await signUpMember(h, "creator");
    const { endpoint, secret } = await owner.api.webhook.create({
      url: receiver.url,
      events: ["envelope.sent", "envelope.completed"],
    });
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(endpoint).toMatchObject({
      url: receiver.url,
      events: ["envelope.sent", "envelope.completed"],
      enabled: true,
    });
    const listed = await owner.api.webhook.list({});
    expect(listed.endpoints.map((item) => item.uuid)).toEqual([endpoint.uuid]);
    expect(JSON.stringify(listed)).not.toContain(secret);
    const row = await db()
      .selectFrom("webhookEndpoint")
      .selectAll()
      .where("id", "=", endpoint.uuid)
      .executeTakeFirstOrThrow();
    expect(row.secretSealed).not.toContain(secret.slice(6));
    expect(openWebhookSecret(h.t.webhookKey, endpoint.uuid, row.secretSealed)).toBe(secret);

    const { endpoint: updated } = await owner.api.webhook.update({
      uuid: endpoint.uuid,
      events: ["envelope.declined"],
      enabled: false,
    });
    expect(updated).toMatchObject({
      events: ["envelope.declined"],
      enabled: false,
      url: receiver.url,
    });
    const rotated = await owner.api.webhook.rotateSecret({ uuid: endpoint.uuid });
    expect(rotated.secret).not.toBe(secret);
    await owner.api.webhook.delete({ uuid: endpoint.uuid });
    expect((await owner.api.webhook.list({})).endpoints).toEqual([]);
  });

  it("refuses invalid input, duplicate events and an eleventh endpoint, changing nothing", async () => {
    const owner = await signUpMember(h, "limits");
    const tooLong = await failure(
      owner.api.webhook.create({
        url: `https://hooks.example/${"a".repeat(2048)}`,
        events: ["envelope.sent"],
      }),
    );
    expect(tooLong.code).toBe("VALIDATION_ERROR");
    const duplicate = await failure(
      owner.api.webhook.create({ url: receiver.url, events: ["envelope.sent", "envelope.sent"] }),
    );
    expect(duplicate.code).toBe("VALIDATION_ERROR");
    const none = await failure(owner.api.webhook.create({ url: receiver.url, events: [] }));
    expect(none.code).toBe("VALIDATION_ERROR");
    for (let index = 0; index < 10; index++) {
      await owner.api.webhook.create({
        url: `${receiver.url}/${index}`,
        events: ["envelope.sent"],
      });
    }
    const eleventh = await failure(
      owner.api.webhook.create({ url: receiver.url, events: ["envelope.sent"] }),
    );
    expect(eleventh.code).toBe("CONFLICT");
    expect((await owner.api.webhook.list({})).endpoints).toHaveLength(10);
  });

  it("refuses javascript: and data: URLs with invalid_url on the URL, at creation and at update, changing nothing", async () => {
    const owner = await signUpMember(h, "scripted-url");
    const { endpoint } = await owner.api.webhook.create({
      url: receiver.url,
      events: ["envelope.sent"],
    });
    for (const url of [
      "javascript:window.__pwned=1",
      "JavaScript:alert(1)//https://hooks.example",
      "data:text/html,<script>window.__pwned=1</script>",
    ]) {
      const created = await failure(owner.api.webhook.create({ url, events: ["envelope.sent"] }));
      expect(created.code).toBe("VALIDATION_ERROR");
      expect(created.details).toEqual([
        expect.objectContaining({ path: "url", message: "invalid_url" }),
      ]);
      const updated = await failure(owner.api.webhook.update({ uuid: endpoint.uuid, url }));
      expect(updated.details).toEqual([
        expect.objectContaining({ path: "url", message: "invalid_url" }),
      ]);
    }
    expect((await owner.api.webhook.list({})).endpoints).toEqual([
      expect.objectContaining({ uuid: endpoint.uuid, url: receiver.url }),
    ]);
  });

  it("delivers a signed event, retries after failures on the schedule, and logs every attempt", async () => {
    const owner = await signUpMember(h, "sender");
    const { endpoint, secret } = await owner.api.webhook.create({
      url: receiver.url,
      events: ["envelope.sent"],
    });
    const from = receiver.received.length;
    receiver.answerWith(500, 500);
    const envelope = await sentEnvelope(owner, [uniqueEmail("signer")], { title: "Lease" });

    // The delivery was written with the change (outbox); its first attempt answers 500.
    const [pending] = await deliveriesOf(endpoint.uuid);
    expect(pending).toMatchObject({ eventType: "envelope.sent", status: "pending", attempts: 0 });
    await h.t.jobs.runUntilIdle();
    let [delivery] = await deliveriesOf(endpoint.uuid);
    expect(delivery).toMatchObject({
      status: "pending",
      attempts: 1,
      lastResponseStatus: 500,
      lastError: "HTTP 500: receiver failure 500",
    });
    expect((delivery?.nextAttemptAt?.getTime() ?? 0) - (delivery?.updatedAt.getTime() ?? 0)).toBe(
      60_000,
    );

    // Not due yet: nothing is sent.
    await h.t.jobs.runUntilIdle();
    expect(receiver.received.length - from).toBe(1);

    await makeAttemptsDue();
    await h.t.jobs.runUntilIdle();
    [delivery] = await deliveriesOf(endpoint.uuid);
    expect(delivery).toMatchObject({ status: "pending", attempts: 2, lastResponseStatus: 500 });
    expect((delivery?.nextAttemptAt?.getTime() ?? 0) - (delivery?.updatedAt.getTime() ?? 0)).toBe(
      5 * 60_000,
    );

    await makeAttemptsDue();
    await h.t.jobs.runUntilIdle();
    [delivery] = await deliveriesOf(endpoint.uuid);
    expect(delivery).toMatchObject({
      status: "delivered",
      attempts: 3,
      lastResponseStatus: 200,
      lastError: null,
      nextAttemptAt: null,
    });
    expect(delivery?.deliveredAt).not.toBeNull();

    const requests = receivedSince(from);
    expect(requests).toHaveLength(3);
    for (const request of requests) {
      const header = request.headers["paraphe-signature"];
      expect(
        await verifyWebhookSignature({
          payload: request.body,
          header: typeof header === "string" ? header : undefined,
          secret,
          now: h.now(),
        }),
      ).toMatchObject({ ok: true });
      expect(
        await verifyWebhookSignature({
          payload: request.body,
          header: typeof header === "string" ? header : undefined,
          secret: "whsec_wrong",
          now: h.now(),
        }),
      ).toEqual({ ok: false, reason: "signature_mismatch" });
      expect(header).toBe(
        `t=${request.headers["paraphe-webhook-timestamp"] as string},v1=${String(header).split("v1=")[1]}`,
      );
      expect(request.headers["paraphe-webhook-id"]).toBe(delivery?.eventId);
      expect(request.headers["content-type"]).toBe("application/json");
      expect(request.payload).toEqual({
        id: delivery?.eventId,
        type: "envelope.sent",
        createdAt: expect.any(String) as string,
        team: { uuid: owner.teamUuid },
        data: { envelopeUuid: envelope.uuid, title: "Lease", status: "signing" },
      });
    }

    // The log, as the settings page reads it.
    const log = await owner.api.webhook.deliveries({ endpointUuid: endpoint.uuid });
    expect(log.deliveries).toMatchObject([
      { uuid: delivery?.id, status: "delivered", attempts: 3, lastResponseStatus: 200 },
    ]);
    expect(log.nextCursor).toBeNull();
  });

  it("fails a delivery after six attempts, then a replay sends the event again as a new delivery", async () => {
    const owner = await signUpMember(h, "replayer");
    const { endpoint, secret } = await owner.api.webhook.create({
      url: receiver.url,
      events: ["envelope.sent"],
    });
    const from = receiver.received.length;
    receiver.answerWith(...Array.from({ length: WEBHOOK_MAX_ATTEMPTS }, () => 503));
    await sentEnvelope(owner, [uniqueEmail("signer")]);
    await h.t.jobs.runUntilIdle();
    for (let attempt = 2; attempt <= WEBHOOK_MAX_ATTEMPTS; attempt++) {
      await makeAttemptsDue();
      await h.t.jobs.runUntilIdle();
    }
    const [failed] = await deliveriesOf(endpoint.uuid);
    expect(failed).toMatchObject({
      status: "failed",
      attempts: 6,
      lastResponseStatus: 503,
      lastError: "HTTP 503: receiver failure 503",
      nextAttemptAt: null,
    });
    await makeAttemptsDue();
    await h.t.jobs.runUntilIdle();
    expect(receiver.received.length - from).toBe(6);

    const { delivery: replay } = await owner.api.webhook.replay({ deliveryUuid: failed?.id ?? "" });
    expect(replay).toMatchObject({
      status: "pending",
      attempts: 0,
      replayOfUuid: failed?.id,
      eventId: failed?.eventId,
    });
    await h.t.jobs.runUntilIdle();
    const [request] = receivedSince(from + 6);
    expect(request?.headers["paraphe-webhook-id"]).toBe(failed?.eventId);
    expect(request?.body).toBe(failed?.payload);
    const header = request?.headers["paraphe-signature"];
    expect(
      await verifyWebhookSignature({
        payload: request?.body ?? "",
        header: typeof header === "string" ? header : undefined,
        secret,
        now: h.now(),
      }),
    ).toMatchObject({ ok: true });

    // Newest first, one per page: the replay, then the failed delivery.
    const first = await owner.api.webhook.deliveries({ endpointUuid: endpoint.uuid, limit: 1 });
    expect(first.deliveries).toMatchObject([
      { uuid: replay.uuid, status: "delivered", attempts: 1 },
    ]);
    const second = await owner.api.webhook.deliveries({
      endpointUuid: endpoint.uuid,
      limit: 1,
      cursor: first.nextCursor ?? "",
    });
    expect(second.deliveries).toMatchObject([{ uuid: failed?.id, status: "failed", attempts: 6 }]);
    expect(second.nextCursor).toBeNull();
    const garbled = await failure(
      owner.api.webhook.deliveries({ endpointUuid: endpoint.uuid, cursor: "not-a-cursor" }),
    );
    expect(garbled.code).toBe("VALIDATION_ERROR");
  });

  it("signs with the rotated secret from the rotation on, and sends nothing to a disabled endpoint", async () => {
    const owner = await signUpMember(h, "rotator");
    const { endpoint, secret: old } = await owner.api.webhook.create({
      url: receiver.url,
      events: ["envelope.sent"],
    });
    const { secret } = await owner.api.webhook.rotateSecret({ uuid: endpoint.uuid });
    const from = receiver.received.length;
    await sentEnvelope(owner, [uniqueEmail("signer")]);
    await h.t.jobs.runUntilIdle();
    const [request] = receivedSince(from);
    const header = request?.headers["paraphe-signature"] as string;
    const check = (key: string) =>
      verifyWebhookSignature({ payload: request?.body ?? "", header, secret: key, now: h.now() });
    expect(await check(secret)).toMatchObject({ ok: true });
    expect(await check(old)).toMatchObject({ ok: false });

    await owner.api.webhook.update({ uuid: endpoint.uuid, enabled: false });
    await sentEnvelope(owner, [uniqueEmail("signer")]);
    await h.t.jobs.runUntilIdle();
    expect(await deliveriesOf(endpoint.uuid)).toHaveLength(1);
    expect(receiver.received.length - from).toBe(1);
    const [only] = await deliveriesOf(endpoint.uuid);
    const disabled = await failure(owner.api.webhook.replay({ deliveryUuid: only?.id ?? "" }));
    expect(disabled.code).toBe("CONFLICT");
  });

  it("sends opened, signed and completed events with the recipient, and nothing of the document", async () => {
    const owner = await signUpMember(h, "flow");
    const { endpoint } = await owner.api.webhook.create({
      url: receiver.url,
      events: [
        "envelope.created",
        "envelope.sent",
        "envelope.opened",
        "envelope.signed",
        "envelope.completed",
      ],
    });
    const from = receiver.received.length;
    const email = uniqueEmail("signer");
    const envelope = await sentEnvelope(owner, [email], { title: "Contract" });
    const link = await linkFromMail(h, email, envelope.uuid);
    const signer = signingClient(h);
    await readEveryPage(signer, link);
    await sign(signer, link);
    await h.t.jobs.runUntilIdle();
    await h.t.jobs.runUntilIdle();
    const types = receivedSince(from).map((request) => request.payload.type);
    expect(new Set(types)).toEqual(
      new Set([
        "envelope.created",
        "envelope.sent",
        "envelope.opened",
        "envelope.signed",
        "envelope.completed",
      ]),
    );
    const signed = receivedSince(from).find(
      (request) => request.payload.type === "envelope.signed",
    );
    expect(signed?.payload.data).toMatchObject({
      envelopeUuid: envelope.uuid,
      title: "Contract",
      recipient: { email },
    });
    const completed = receivedSince(from).find(
      (request) => request.payload.type === "envelope.completed",
    );
    expect(completed?.payload.data.status).toBe("complete");
    for (const request of receivedSince(from)) {
      expect(Object.keys(request.payload.data).sort()).toEqual(
        expect.arrayContaining(["envelopeUuid", "status", "title"]),
      );
      expect(request.body).not.toMatch(/token|secret|JVBER/i);
    }
    expect((await deliveriesOf(endpoint.uuid)).every((row) => row.status === "delivered")).toBe(
      true,
    );
  });

  it("sends envelope.approved and envelope.rejected when approvers act, and the log names the envelope", async () => {
    const owner = await signUpMember(h, "approvals");
    const { endpoint } = await owner.api.webhook.create({
      url: receiver.url,
      events: ["envelope.approved", "envelope.rejected", "envelope.declined"],
    });
    const from = receiver.received.length;
    const client = signingClient(h);
    const approver = uniqueEmail("approver");
    const approved = await sentEnvelope(owner, [uniqueEmail("signer")], {
      title: "Approved lease",
      approvers: [approver],
    });
    const approverLink = await linkFromMail(h, approver, approved.uuid);
    await readEveryPage(client, approverLink);
    await client.envelope.approve(approverLink);
    const rejecter = uniqueEmail("rejecter");
    const rejected = await sentEnvelope(owner, [uniqueEmail("signer")], {
      title: "Rejected lease",
      approvers: [rejecter],
    });
    const rejecterLink = await linkFromMail(h, rejecter, rejected.uuid);
    await readEveryPage(client, rejecterLink);
    await client.envelope.reject({ ...rejecterLink, reason: "Wrong figures." });
    await h.t.jobs.runUntilIdle();

    const received = receivedSince(from).map((request) => [
      request.payload.type,
      request.payload.data.title,
      request.payload.data.status,
      request.payload.data.recipient?.email,
    ]);
    expect(received).toEqual(
      expect.arrayContaining([
        ["envelope.approved", "Approved lease", "signing", approver],
        ["envelope.rejected", "Rejected lease", "declined", rejecter],
        ["envelope.declined", "Rejected lease", "declined", rejecter],
      ]),
    );
    expect(received).toHaveLength(3);

    const log = await owner.api.webhook.deliveries({ endpointUuid: endpoint.uuid });
    const workspaceUuid = owner.defaultWorkspaceUuid;
    expect(
      log.deliveries.map((delivery) => [delivery.eventType, delivery.envelope]).sort(),
    ).toEqual(
      [
        ["envelope.approved", { uuid: approved.uuid, title: "Approved lease", workspaceUuid }],
        ["envelope.declined", { uuid: rejected.uuid, title: "Rejected lease", workspaceUuid }],
        ["envelope.rejected", { uuid: rejected.uuid, title: "Rejected lease", workspaceUuid }],
      ].sort(),
    );
  });

  it("names in the log only the envelopes the caller may read", async () => {
    const owner = await signUpMember(h, "named");
    const { endpoint } = await owner.api.webhook.create({
      url: receiver.url,
      events: ["envelope.sent"],
    });
    const envelope = await sentEnvelope(owner, [uniqueEmail("signer")], { title: "Private deal" });
    await h.t.jobs.runUntilIdle();
    const { workspace: board } = await owner.api.workspace.create({
      name: "Board",
      color: "#334455",
    });
    const admin = await joinTeam(
      h,
      owner,
      "admin-reader",
      () => roleIdOf(h, owner.teamUuid, "Admin"),
      [board.uuid],
    );
    const [delivery] = (await admin.api.webhook.deliveries({ endpointUuid: endpoint.uuid }))
      .deliveries;
    // The Admin belongs to another workspace than the envelope's: its title is not theirs to see.
    expect(delivery?.envelope).toEqual({ uuid: envelope.uuid, title: null, workspaceUuid: null });
    const replay = await owner.api.webhook.replay({ deliveryUuid: delivery?.uuid ?? "" });
    expect(replay.delivery.envelope).toEqual({
      uuid: envelope.uuid,
      title: "Private deal",
      workspaceUuid: owner.defaultWorkspaceUuid,
    });
  });

  it("hands a pending delivery whose attempt job was lost back to the worker at its sweep", async () => {
    const owner = await signUpMember(h, "swept");
    const { endpoint } = await owner.api.webhook.create({
      url: receiver.url,
      events: ["envelope.sent"],
    });
    await sentEnvelope(owner, [uniqueEmail("signer")]);
    const [pending] = await deliveriesOf(endpoint.uuid);
    // The job is lost (a process died before committing it elsewhere, a table restored).
    await db()
      .deleteFrom("job")
      .where("dedupeKey", "=", `webhook-delivery:${pending?.id ?? ""}:1`)
      .execute();
    await h.t.jobs.runUntilIdle();
    expect((await deliveriesOf(endpoint.uuid))[0]).toMatchObject({
      status: "pending",
      attempts: 0,
    });
    expect(await h.t.jobs.sweep()).toBeGreaterThanOrEqual(1);
    await h.t.jobs.runUntilIdle();
    expect((await deliveriesOf(endpoint.uuid))[0]).toMatchObject({
      status: "delivered",
      attempts: 1,
    });
    // A second sweep finds nothing more to hand back for it.
    await h.t.jobs.sweep();
    const jobs = await db()
      .selectFrom("job")
      .select("id")
      .where("dedupeKey", "like", `webhook-delivery:${pending?.id ?? ""}:%`)
      .execute();
    expect(jobs).toHaveLength(1);
  });

  it("refuses private, loopback and link-local targets outside development, at creation and at delivery", async () => {
    const owner = await signUpMember(h, "guarded");
    const answers = new Map<string, string[]>([
      ["internal.example", ["10.1.2.3"]],
      ["metadata.example", ["169.254.169.254"]],
      ["mixed.example", ["93.184.216.34", "127.0.0.1"]],
      // A name that answers a public address at creation, then loopback (DNS rebinding).
      ["rebind.example", ["93.184.216.34", "127.0.0.1"]],
    ]);
    const lookups: string[] = [];
    const resolveHost = (hostname: string): Promise<LookupAddress[]> => {
      lookups.push(hostname);
      const list = answers.get(hostname);
      if (list === undefined) {
        return Promise.reject(Object.assign(new Error("not found"), { code: "ENOTFOUND" }));
      }
      if (hostname === "rebind.example") {
        const next = list.shift() ?? "127.0.0.1";
        return Promise.resolve([{ address: next, family: 4 }]);
      }
      return Promise.resolve(list.map((address) => ({ address, family: 4 })));
    };
    const deps: WebhookDeps = {
      db: db(),
      config: h.t.config,
      logger: h.t.logger,
      webhookKey: h.t.webhookKey,
      now: h.now,
      allowLocalTargets: false,
      resolveHost,
    };
    const member = await requireMember(deps, await userIdOf(owner));
    const refusal = async (url: string) => {
      try {
        await createWebhook(deps, member, {
          url,
          events: ["envelope.sent"],
          enabled: true,
          workspaceUuids: null,
        });
      } catch (error) {
        if (error instanceof AppError) return error.fields?.[0]?.message;
        throw error;
      }
      return "accepted";
    };
    expect(await refusal("http://hooks.example/plain")).toBe("https_required");
    expect(await refusal("https://127.0.0.1/hook")).toBe("non_public_address");
    expect(await refusal("https://[::1]/hook")).toBe("non_public_address");
    expect(await refusal("https://internal.example/hook")).toBe("non_public_address");
    expect(await refusal("https://metadata.example/latest")).toBe("non_public_address");
    expect(await refusal("https://mixed.example/hook")).toBe("non_public_address");
    expect(await refusal("https://unknown.example/hook")).toBe("unresolvable_host");
    expect(
      await db()
        .selectFrom("webhookEndpoint")
        .select("id")
        .where("teamId", "=", owner.teamUuid)
        .execute(),
    ).toEqual([]);

    const { endpoint } = await createWebhook(deps, member, {
      url: "https://rebind.example/hook",
      events: ["envelope.sent"],
      enabled: true,
      workspaceUuids: null,
    });
    await sentEnvelope(owner, [uniqueEmail("signer")]);
    const [delivery] = await deliveriesOf(endpoint.uuid);
    const from = receiver.received.length;
    await deliverWebhook(deps, { deliveryId: delivery?.id ?? "", attempt: 1 });
    const [after] = await deliveriesOf(endpoint.uuid);
    expect(after).toMatchObject({
      status: "pending",
      attempts: 1,
      lastResponseStatus: null,
      lastError:
        "Refused: the endpoint's host resolves to a private, loopback or link-local address.",
    });
    expect(lookups.filter((name) => name === "rebind.example")).toHaveLength(2);
    expect(receiver.received.length - from).toBe(0);
    // Run again for the same attempt (a job run twice): nothing more happens.
    await deliverWebhook(deps, { deliveryId: delivery?.id ?? "", attempt: 1 });
    expect((await deliveriesOf(endpoint.uuid))[0]?.attempts).toBe(1);
  });

  it("is reserved to those who may update the team, and another team's webhooks are NOT_FOUND", async () => {
    const owner: TeamMember = await signUpMember(h, "scoped");
    const member = await joinTeam(h, owner, "member", () => roleIdOf(h, owner.teamUuid, "Member"));
    const admin = await joinTeam(h, owner, "admin", () => roleIdOf(h, owner.teamUuid, "Admin"));
    const stranger = await signUpMember(h, "stranger", "Other team");
    const { endpoint } = await admin.api.webhook.create({
      url: receiver.url,
      events: ["envelope.sent"],
    });
    expect((await failure(member.api.webhook.list({}))).code).toBe("FORBIDDEN");
    expect(
      (await failure(member.api.webhook.create({ url: receiver.url, events: ["envelope.sent"] })))
        .code,
    ).toBe("FORBIDDEN");

    await sentEnvelope(owner, [uniqueEmail("signer")]);
    await h.t.jobs.runUntilIdle();
    const [delivery] = await deliveriesOf(endpoint.uuid);
    const before = await db()
      .selectFrom("webhookEndpoint")
      .selectAll()
      .where("id", "=", endpoint.uuid)
      .executeTakeFirstOrThrow();

    expect((await stranger.api.webhook.list({})).endpoints).toEqual([]);
    // One call at a time: each is made only when its refusal is awaited.
    const refused = [
      () => stranger.api.webhook.update({ uuid: endpoint.uuid, enabled: false }),
      () => stranger.api.webhook.rotateSecret({ uuid: endpoint.uuid }),
      () => stranger.api.webhook.delete({ uuid: endpoint.uuid }),
      () => stranger.api.webhook.deliveries({ endpointUuid: endpoint.uuid }),
      () => stranger.api.webhook.replay({ deliveryUuid: delivery?.id ?? "" }),
    ];
    for (const call of refused) expect((await failure(call())).code).toBe("NOT_FOUND");
    expect(
      await db()
        .selectFrom("webhookEndpoint")
        .selectAll()
        .where("id", "=", endpoint.uuid)
        .executeTakeFirstOrThrow(),
    ).toEqual(before);
    expect(await deliveriesOf(endpoint.uuid)).toHaveLength(1);
    // The stranger's own team's events never reach this team's endpoint.
    await sentEnvelope(stranger, [uniqueEmail("signer")]);
    expect(await deliveriesOf(endpoint.uuid)).toHaveLength(1);
  });
  it("delivers an envelope's events only to endpoints whose accountable member may read its workspace", async () => {
    const owner = await signUpMember(h, "workspaces-owner");
    const { workspace: board } = await owner.api.workspace.create({
      name: "Board",
      color: "#334455",
    });
    const admin = await joinTeam(h, owner, "workspaces-admin", () =>
      roleIdOf(h, owner.teamUuid, "Admin"),
    );
    // The Admin belongs to the default workspace only: an endpoint they create covers it alone.
    const { endpoint: adminHook } = await admin.api.webhook.create({
      url: receiver.url,
      events: ["envelope.sent"],
    });
    expect(adminHook).toMatchObject({
      workspaces: null,
      accountable: { uuid: await userIdOf(admin), name: expect.any(String) as string },
    });
    const { endpoint: boardHook } = await owner.api.webhook.create({
      url: `${receiver.url}?board`,
      events: ["envelope.sent"],
      workspaceUuids: [board.uuid],
    });
    expect(boardHook.workspaces).toEqual([{ uuid: board.uuid, name: "Board" }]);

    const from = receiver.received.length;
    await sentEnvelope(owner, [uniqueEmail("board-signer")], {
      title: "Board minutes",
      workspaceUuid: board.uuid,
    });
    expect(await deliveriesOf(adminHook.uuid)).toEqual([]);
    expect(await deliveriesOf(boardHook.uuid)).toHaveLength(1);
    await sentEnvelope(owner, [uniqueEmail("signer")], { title: "Lease" });
    expect(await deliveriesOf(adminHook.uuid)).toHaveLength(1);
    expect(await deliveriesOf(boardHook.uuid)).toHaveLength(1);
    await h.t.jobs.runUntilIdle();
    // Each title reached the one endpoint covering its workspace.
    expect(
      receivedSince(from)
        .map((request) => request.payload.data.title)
        .sort(),
    ).toEqual(["Board minutes", "Lease"]);

    // The Admin can neither choose the Board nor take over the endpoint that covers it.
    const chosen = await failure(
      admin.api.webhook.create({
        url: receiver.url,
        events: ["envelope.sent"],
        workspaceUuids: [board.uuid],
      }),
    );
    expect(chosen.code).toBe("NOT_FOUND");
    const before = await db()
      .selectFrom("webhookEndpoint")
      .selectAll()
      .where("id", "=", boardHook.uuid)
      .executeTakeFirstOrThrow();
    const takeover = await failure(
      admin.api.webhook.update({ uuid: boardHook.uuid, url: `${receiver.url}/stolen` }),
    );
    expect(takeover.code).toBe("NOT_FOUND");
    expect(
      await db()
        .selectFrom("webhookEndpoint")
        .selectAll()
        .where("id", "=", boardHook.uuid)
        .executeTakeFirstOrThrow(),
    ).toEqual(before);
    // Enabling or subscribing is no takeover: the endpoint keeps answering to the Owner.
    const { endpoint: resubscribed } = await admin.api.webhook.update({
      uuid: boardHook.uuid,
      events: ["envelope.sent", "envelope.completed"],
    });
    expect(resubscribed.accountable?.uuid).toBe(await userIdOf(owner));
  });

  it("stops an endpoint's events of a workspace its accountable member left, pending attempts included", async () => {
    const owner = await signUpMember(h, "left-owner");
    const admin = await joinTeam(h, owner, "left-admin", () =>
      roleIdOf(h, owner.teamUuid, "Admin"),
    );
    const { endpoint } = await admin.api.webhook.create({
      url: receiver.url,
      events: ["envelope.sent"],
      workspaceUuids: [owner.defaultWorkspaceUuid],
    });
    receiver.answerWith(500);
    await sentEnvelope(owner, [uniqueEmail("signer")]);
    await h.t.jobs.runUntilIdle();
    expect(await deliveriesOf(endpoint.uuid)).toMatchObject([{ status: "pending", attempts: 1 }]);

    await owner.api.workspace.removeMember({
      workspaceUuid: owner.defaultWorkspaceUuid,
      userUuid: await userIdOf(admin),
    });
    const from = receiver.received.length;
    await makeAttemptsDue();
    await h.t.jobs.runUntilIdle();
    expect(receiver.received.length - from).toBe(0);
    expect(await deliveriesOf(endpoint.uuid)).toMatchObject([
      {
        status: "failed",
        attempts: 2,
        lastError:
          "Not sent: the endpoint no longer covers this workspace, or its accountable member may no longer read it.",
      },
    ]);
    await sentEnvelope(owner, [uniqueEmail("signer")]);
    expect(await deliveriesOf(endpoint.uuid)).toHaveLength(1);
    const [listed] = (await owner.api.webhook.list({})).endpoints;
    expect(listed?.workspaces).toEqual([
      { uuid: owner.defaultWorkspaceUuid, name: expect.any(String) as string },
    ]);
  });
});
