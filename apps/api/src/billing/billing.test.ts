import type { ApiClient } from "@paraphe/api-sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabaseKinds } from "../test/databases";
import { failure, signUpMember, tinyPdf, type TeamMember } from "../test/envelopes";
import { createIdentityHarness, uniqueEmail, type IdentityHarness } from "../test/identity";
import { roleIdOf } from "../test/members";
import { outcome } from "../test/races";
import { embeddedBillingProvider } from "./embedded-provider";

describe.each(testDatabaseKinds)("plan limits on %s", (kind) => {
  let h: IdentityHarness;

  beforeAll(async () => {
    h = await createIdentityHarness(kind);
    await h.database.connection.db
      .insertInto("plan")
      .values({
        code: `tiny-${kind}`,
        nameEn: "Tiny",
        nameFr: "Mini",
        monthlyPriceCents: 100,
        annualPriceCents: 1000,
        currency: "EUR",
        seats: 2,
        signaturesPerPeriod: 3,
        apiCreditsPerPeriod: 3,
        position: 9,
      })
      .onConflict((oc) => oc.column("code").doNothing())
      .execute();
  });
  afterAll(async () => {
    await h.destroy();
  });

  /** A new team on the Tiny plan (2 seats, 3 signatures, 3 API credits a month). */
  async function tinyTeam(name: string): Promise<TeamMember> {
    const owner = await signUpMember(h, name, `${name} team`);
    await h.database.connection.db.transaction().execute((trx) =>
      embeddedBillingProvider.applyChange(trx, {
        teamId: owner.teamUuid,
        planCode: `tiny-${kind}`,
        billingPeriod: "monthly",
        status: "active",
        providerReference: null,
        at: new Date(h.now()),
        userId: null,
      }),
    );
    return owner;
  }

  /** A draft ready to send: one signer with a signature field. */
  async function readyDraft(sender: TeamMember): Promise<string> {
    const draft = await sender.api.envelope.upload({
      files: [{ filename: "Limit.pdf", data: await tinyPdf(1) }],
    });
    const withRecipient = await sender.api.envelope.saveRecipients({
      envelopeUuid: draft.uuid,
      recipients: [{ email: uniqueEmail("signer"), firstname: "Sam", lastname: "Signer" }],
    });
    await sender.api.envelope.saveFields({
      envelopeUuid: draft.uuid,
      fields: withRecipient.recipients.map((recipient) => ({
        documentUuid: draft.documents[0]?.uuid ?? "",
        page: 0,
        x: 0.1,
        y: 0.5,
        width: 0.4,
        height: 0.1,
        kind: "signature" as const,
        recipientUuid: recipient.uuid,
      })),
    });
    return draft.uuid;
  }

  async function counters(teamId: string) {
    return h.database.connection.db
      .selectFrom("usageCounter")
      .select(["signaturesUsed", "apiCreditsUsed"])
      .where("teamId", "=", teamId)
      .executeTakeFirst();
  }

  it("lets exactly one of several sends racing at the last signature through", async () => {
    const owner = await tinyTeam("racer");
    for (let index = 0; index < 2; index += 1) {
      await owner.api.envelope.send({ envelopeUuid: await readyDraft(owner) });
    }
    const drafts: string[] = [];
    for (let index = 0; index < 5; index += 1) drafts.push(await readyDraft(owner));
    const outcomes = await Promise.all(
      drafts.map((envelopeUuid) => outcome(owner.api.envelope.send({ envelopeUuid }))),
    );
    expect(outcomes.filter((result) => result.ok)).toHaveLength(1);
    expect(outcomes.filter((result) => !result.ok)).toEqual(
      Array.from({ length: 4 }, () => ({ ok: false, code: "SIGNATURE_LIMIT_REACHED" })),
    );
    expect(await counters(owner.teamUuid)).toEqual({ signaturesUsed: 3, apiCreditsUsed: 0 });
    const statuses = await Promise.all(
      drafts.map(async (envelopeUuid) => (await owner.api.envelope.get({ envelopeUuid })).status),
    );
    expect(statuses.filter((status) => status === "draft")).toHaveLength(4);
    const sentEvents = await h.database.connection.db
      .selectFrom("usageEvent")
      .select("type")
      .where("teamId", "=", owner.teamUuid)
      .where("type", "=", "envelope_sent")
      .execute();
    expect(sentEvents).toHaveLength(3);
  });

  it("refuses a send at the limit with a message naming the upgrade path", async () => {
    const owner = await tinyTeam("limited");
    for (let index = 0; index < 3; index += 1) {
      await owner.api.envelope.send({ envelopeUuid: await readyDraft(owner) });
    }
    const refused = await failure(
      owner.api.envelope.send({ envelopeUuid: await readyDraft(owner) }),
    );
    expect(refused).toMatchObject({ code: "SIGNATURE_LIMIT_REACHED", statusCode: 409 });
    expect(refused.suggestion).toContain("/settings/subscription");
  });

  it("starts counting again in the next period", async () => {
    const owner = await tinyTeam("renewed");
    for (let index = 0; index < 3; index += 1) {
      await owner.api.envelope.send({ envelopeUuid: await readyDraft(owner) });
    }
    const draft = await readyDraft(owner);
    expect((await failure(owner.api.envelope.send({ envelopeUuid: draft }))).code).toBe(
      "SIGNATURE_LIMIT_REACHED",
    );
    // The recorded period ended a moment ago: the subscription rolls into the next one.
    await h.database.connection.db
      .updateTable("teamSubscription")
      .set({
        periodStart: new Date(h.now() - 31 * 24 * 3600 * 1000),
        periodEnd: new Date(h.now() - 1000),
      })
      .where("teamId", "=", owner.teamUuid)
      .execute();
    expect((await owner.api.envelope.send({ envelopeUuid: draft })).status).toBe("signing");
  });

  it("takes one API credit per key call and lets exactly one racing call take the last", async () => {
    const owner = await tinyTeam("keys");
    const created = await owner.api.apiKey.create({
      description: "Credits",
      permissions: ["read"],
    });
    const key: ApiClient = h.client({
      credential: () => ({
        accessKey: created.apiKey.accessKey,
        secretKey: created.secretKey,
        email: "",
      }),
    });
    await key.template.list({});
    await key.template.list({});
    const outcomes = await Promise.all(
      Array.from({ length: 4 }, () => outcome(key.template.list({}))),
    );
    expect(outcomes.filter((result) => result.ok)).toHaveLength(1);
    expect(outcomes.filter((result) => !result.ok)).toEqual(
      Array.from({ length: 3 }, () => ({ ok: false, code: "API_CREDITS_EXHAUSTED" })),
    );
    expect(await counters(owner.teamUuid)).toEqual({ signaturesUsed: 0, apiCreditsUsed: 3 });
    // The members' own calls take no credit.
    await owner.api.template.list({});
    expect(await counters(owner.teamUuid)).toEqual({ signaturesUsed: 0, apiCreditsUsed: 3 });
  });

  it("takes the seats from the plan: a full plan accepts Viewer invitations only", async () => {
    const owner = await tinyTeam("seats");
    const role = (name: string) => roleIdOf(h, owner.teamUuid, name);
    await owner.api.team.invite({ email: uniqueEmail("one"), roleUuid: await role("Member") });
    expect((await owner.api.team.listMembers({})).seats).toEqual({ used: 2, total: 2 });
    expect(
      (
        await failure(
          owner.api.team.invite({ email: uniqueEmail("two"), roleUuid: await role("Member") }),
        )
      ).code,
    ).toBe("SEATS_FULL");
    await owner.api.team.invite({ email: uniqueEmail("viewer"), roleUuid: await role("Viewer") });
  });

  it("shows a team its own plan, period and use, never another team's", async () => {
    const owner = await tinyTeam("reader");
    await owner.api.envelope.send({ envelopeUuid: await readyDraft(owner) });
    const other = await signUpMember(h, "neighbour", "Neighbour team");
    const mine = await owner.api.subscription.get({});
    expect(mine).toMatchObject({
      plan: { code: `tiny-${kind}`, seats: 2, signaturesPerPeriod: 3 },
      subscribed: true,
      status: "active",
      provider: "embedded",
      seats: { used: 1, total: 2 },
      signatures: { used: 1, total: 3 },
      apiCredits: { used: 0, total: 3 },
    });
    expect(new Date(mine.periodEnd).getTime()).toBeGreaterThan(h.now());
    expect(await other.api.subscription.get({})).toMatchObject({
      plan: { code: "default", seats: null, signaturesPerPeriod: null },
      subscribed: false,
      signatures: { used: 0, total: null },
    });
    const offered = (await other.api.subscription.plans({})).plans.map((plan) => plan.code);
    expect(offered.slice(0, 3)).toEqual(["free", "team", "business"]);
    expect(offered).not.toContain("default");
  });
});
