import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabaseKinds } from "../test/databases";
import {
  failure,
  joinTeam,
  readEveryPage,
  signaturePng,
  signingClient,
  signUpMember,
  type TeamMember,
} from "../test/envelopes";
import { createIdentityHarness, uniqueEmail, type IdentityHarness } from "../test/identity";
import { signableTemplate } from "../test/templates";
import { roleIdOf } from "../test/members";
import { embeddedBillingProvider } from "../billing/embedded-provider";

const reasonOf = (error: { details?: readonly { path: string; message: string }[] | undefined }) =>
  error.details?.find((detail) => detail.path === "conflict")?.message;
const fieldOf = (error: { details?: readonly { path: string; message: string }[] | undefined }) =>
  error.details?.[0]?.message;

describe.each(testDatabaseKinds)("direct template links on %s", (kind) => {
  let h: IdentityHarness;
  let owner: TeamMember;

  beforeAll(async () => {
    h = await createIdentityHarness(kind);
    owner = await signUpMember(h, "owner", "Direct team");
  });
  afterAll(async () => {
    await h.destroy();
  });

  /** An active template with a client role and a manager role, each with a signature field. */
  async function activeTemplate(title = "Membership form") {
    const template = await signableTemplate(owner, {
      title,
      roles: [{ label: "Client" }, { label: "Manager" }],
    });
    const [client, manager] = template.roles;
    return {
      uuid: template.uuid,
      clientUuid: client?.uuid ?? "",
      managerUuid: manager?.uuid ?? "",
    };
  }

  async function withLink(options: { maxUses?: number; usesPerHour?: number } = {}) {
    const template = await activeTemplate();
    const saved = await owner.api.template.saveDirectLink({
      templateUuid: template.uuid,
      roleUuid: template.clientUuid,
      others: [
        {
          roleUuid: template.managerUuid,
          email: uniqueEmail("manager"),
          firstname: "Max",
          lastname: "Manager",
        },
      ],
      ...options,
    });
    return { template, token: saved.token ?? "", saved };
  }

  /** A visitor asks for a code and confirms it: the access link of their envelope. */
  async function visit(token: string, ip = "198.51.100.20") {
    const visitor = signingClient(h, ip);
    const email = uniqueEmail("visitor");
    await visitor.directLink.sendCode({ token, firstname: "Vera", lastname: "Visitor", email });
    const code = await h.lastCode(email);
    const link = await visitor.directLink.confirm({ token, email, code });
    return { visitor, email, link };
  }

  it("shows the token once, and each visitor who confirms their email gets an envelope of their own", async () => {
    const { template, token, saved } = await withLink();
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(saved.link).toMatchObject({ enabled: true, roleUuid: template.clientUuid, uses: 0 });
    const stored = await h.database.connection.db
      .selectFrom("templateDirectLink")
      .select("tokenHash")
      .where("templateId", "=", template.uuid)
      .executeTakeFirstOrThrow();
    expect(stored.tokenHash).not.toContain(token);
    const got = await owner.api.template.getDirectLink({ templateUuid: template.uuid });
    expect(got.link).toMatchObject({ enabled: true, uses: 0 });
    expect(JSON.stringify(got)).not.toContain(token);

    // The visitor sees the team's branding, as a signer does.
    await owner.api.branding.save({
      displayName: "Direct & Co",
      color: "#1e3a8a",
      showPoweredBy: false,
    });
    const opened = await signingClient(h).directLink.open({ token });
    expect(opened).toEqual({
      templateTitle: "Membership form",
      teamName: "Direct team",
      branding: expect.objectContaining({
        name: "Direct & Co",
        readableColor: "#1e3a8a",
        showPoweredBy: false,
        logoUrl: null,
      }),
    });

    const first = await visit(token);
    const second = await visit(token);
    expect(first.link.envelopeUuid).not.toBe(second.link.envelopeUuid);
    const envelope = await first.visitor.envelope.open({
      envelopeUuid: first.link.envelopeUuid,
      token: first.link.token,
      secretKey: first.link.secretKey,
    });
    expect(envelope.recipient).toMatchObject({ email: first.email, verification: "email_code" });
    expect(envelope.recipient.verifiedAt).not.toBeNull();
    const activity = await owner.api.envelope.activity({ envelopeUuid: first.link.envelopeUuid });
    const created = activity.events.find((event) => event.type === "envelopeCreated");
    expect(created).toMatchObject({ viaDirectLink: true, fromTemplate: { uuid: template.uuid } });
    expect(activity.events.some((event) => event.type === "signerVerified")).toBe(true);
    const after = await owner.api.template.getDirectLink({ templateUuid: template.uuid });
    expect(after.link?.uses).toBe(2);
    // The visitor signs like any signer.
    const access = {
      envelopeUuid: first.link.envelopeUuid,
      token: first.link.token,
      secretKey: first.link.secretKey,
    };
    await readEveryPage(first.visitor, access);
    await first.visitor.envelope.sign({
      ...access,
      signature: { kind: "drawn", image: await signaturePng() },
    });
    const signed = await first.visitor.envelope.open(access);
    expect(signed.recipient.status).toBe("signed");
  });

  it("stops the old link on rotation and every link once turned off", async () => {
    const { template, token } = await withLink();
    const rotated = await owner.api.template.rotateDirectLink({ templateUuid: template.uuid });
    expect(rotated.token).not.toBe(token);
    const old = await failure(signingClient(h).directLink.open({ token }));
    expect(old.code).toBe("ACCESS_LINK_INVALID");
    expect(reasonOf(old)).toBe("direct_link_off");
    await signingClient(h).directLink.open({ token: rotated.token });
    await owner.api.template.disableDirectLink({ templateUuid: template.uuid });
    const off = await failure(signingClient(h).directLink.open({ token: rotated.token }));
    expect(off.code).toBe("ACCESS_LINK_INVALID");
    // Turned on again, the same token works.
    await owner.api.template.saveDirectLink({
      templateUuid: template.uuid,
      roleUuid: template.clientUuid,
    });
    await signingClient(h).directLink.open({ token: rotated.token });
  });

  it("refuses a visitor past the maximum number of uses", async () => {
    const { token } = await withLink({ maxUses: 1 });
    await visit(token, "198.51.100.31");
    const email = uniqueEmail("late");
    const refused = await failure(
      signingClient(h).directLink.sendCode({ token, firstname: "L", lastname: "Late", email }),
    );
    expect(refused.code).toBe("CONFLICT");
    expect(reasonOf(refused)).toBe("direct_link_used_up");
  });

  it("limits the uses per hour of a link", async () => {
    h.freshWindow();
    const { token } = await withLink({ usesPerHour: 1 });
    await visit(token, "198.51.100.41");
    const refused = await failure(visit(token, "198.51.100.42"));
    expect(refused.code).toBe("RATE_LIMITED");
  });

  it("leaves a visitor's code when a limit refuses their envelope, and makes it once allowed, with that code only once", async () => {
    h.freshWindow();
    const { template, token } = await withLink({ usesPerHour: 1 });
    await visit(token, "198.51.100.43");
    const visitor = signingClient(h, "198.51.100.44");
    const email = uniqueEmail("patient");
    await visitor.directLink.sendCode({ token, firstname: "Pat", lastname: "Patient", email });
    const code = await h.lastCode(email);
    const refused = await failure(visitor.directLink.confirm({ token, email, code }));
    expect(refused.code).toBe("RATE_LIMITED");
    await owner.api.template.saveDirectLink({
      templateUuid: template.uuid,
      roleUuid: template.clientUuid,
      others: [
        {
          roleUuid: template.managerUuid,
          email: uniqueEmail("manager"),
          firstname: "Max",
          lastname: "Manager",
        },
      ],
      usesPerHour: 10,
    });
    const link = await visitor.directLink.confirm({ token, email, code });
    const made = await visitor.envelope.open({
      envelopeUuid: link.envelopeUuid,
      token: link.token,
      secretKey: link.secretKey,
    });
    expect(made.recipient).toMatchObject({ email, verification: "email_code" });
    const again = await failure(visitor.directLink.confirm({ token, email, code }));
    expect(fieldOf(again)).toBe("code_incorrect");
  });

  it("refuses a wrong code and kills it after five wrong tries", async () => {
    const { token } = await withLink();
    const visitor = signingClient(h, "198.51.100.51");
    const email = uniqueEmail("guesser");
    await visitor.directLink.sendCode({ token, firstname: "G", lastname: "Guess", email });
    const code = await h.lastCode(email);
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 0; i < 4; i++) {
      const refused = await failure(visitor.directLink.confirm({ token, email, code: wrong }));
      expect(fieldOf(refused)).toBe("code_incorrect");
    }
    const fifth = await failure(visitor.directLink.confirm({ token, email, code: wrong }));
    expect(fieldOf(fifth)).toBe("code_attempts_exceeded");
    const right = await failure(visitor.directLink.confirm({ token, email, code }));
    expect(fieldOf(right)).toBe("code_attempts_exceeded");
  });

  it("limits the codes mailed to one address", async () => {
    h.freshWindow();
    const { token } = await withLink();
    const email = uniqueEmail("flooded");
    for (let i = 0; i < 5; i++) {
      await signingClient(h, `198.51.100.${60 + i}`).directLink.sendCode({
        token,
        firstname: "F",
        lastname: "Flood",
        email,
      });
    }
    const refused = await failure(
      signingClient(h, "198.51.100.70").directLink.sendCode({
        token,
        firstname: "F",
        lastname: "Flood",
        email,
      }),
    );
    expect(refused.code).toBe("RATE_LIMITED");
  });

  it("needs an active template, a signer role and a person for every other role", async () => {
    const template = await activeTemplate();
    const missing = await failure(
      owner.api.template.saveDirectLink({
        templateUuid: template.uuid,
        roleUuid: template.clientUuid,
      }),
    );
    expect(missing.code).toBe("VALIDATION_ERROR");
    expect(fieldOf(missing)).toBe("select_all_recipients");
    await owner.api.template.archive({ templateUuid: template.uuid });
    const archived = await failure(
      owner.api.template.saveDirectLink({
        templateUuid: template.uuid,
        roleUuid: template.clientUuid,
      }),
    );
    expect(archived.code).toBe("CONFLICT");
    expect(reasonOf(archived)).toBe("template_not_active");
  });

  it("stops the link while its template is archived", async () => {
    const { template, token } = await withLink();
    await owner.api.template.archive({ templateUuid: template.uuid });
    const refused = await failure(signingClient(h).directLink.open({ token }));
    expect(refused.code).toBe("ACCESS_LINK_INVALID");
  });

  it("makes nothing once the team is at its signature limit, and says so", async () => {
    await h.database.connection.db
      .insertInto("plan")
      .values({
        code: `direct-tiny-${kind}`,
        nameEn: "Tiny",
        nameFr: "Mini",
        monthlyPriceCents: 100,
        annualPriceCents: 1000,
        currency: "EUR",
        seats: 2,
        signaturesPerPeriod: 1,
        apiCreditsPerPeriod: 1,
        position: 9,
      })
      .onConflict((oc) => oc.column("code").doNothing())
      .execute();
    await h.database.connection.db.transaction().execute((trx) =>
      embeddedBillingProvider.applyChange(trx, {
        teamId: owner.teamUuid,
        planCode: `direct-tiny-${kind}`,
        billingPeriod: "monthly",
        status: "active",
        providerReference: null,
        at: new Date(h.now()),
        userId: null,
      }),
    );
    const { template, token } = await withLink();
    // One signature left: the first visitor gets their envelope, the second nothing.
    await visit(token, "198.51.100.81");
    const refused = await failure(visit(token, "198.51.100.82"));
    expect(refused.code).toBe("SIGNATURE_LIMIT_REACHED");
    const after = await owner.api.template.getDirectLink({ templateUuid: template.uuid });
    expect(after.link?.uses).toBe(1);
  });

  it("lets only who may update the template manage its link", async () => {
    const { template } = await withLink();
    const viewer = await joinTeam(h, owner, "viewer", () => roleIdOf(h, owner.teamUuid, "Viewer"));
    const got = await viewer.api.template.getDirectLink({ templateUuid: template.uuid });
    expect(got.link?.enabled).toBe(true);
    const refused = await failure(
      viewer.api.template.rotateDirectLink({ templateUuid: template.uuid }),
    );
    expect(refused.code).toBe("FORBIDDEN");
    const stranger = await signUpMember(h, "stranger", "Other team");
    const hidden = await failure(
      stranger.api.template.disableDirectLink({ templateUuid: template.uuid }),
    );
    expect(hidden.code).toBe("NOT_FOUND");
  });
});
