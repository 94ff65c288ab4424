import type { ApiClient } from "@paraphe/api-sdk";
import {
  API_KEY_DESCRIPTION_MAX_LENGTH,
  endpoints,
  type ApiKeyPermission,
  type CreateApiKeyResponse,
} from "@paraphe/api-sdk/contract";
import { z } from "zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabaseKinds } from "../test/databases";
import { failure, joinTeam, signUpMember, tinyPdf, type TeamMember } from "../test/envelopes";
import { createIdentityHarness, uniqueEmail, type IdentityHarness } from "../test/identity";
import { roleIdOf } from "../test/members";
import { signableTemplate } from "../test/templates";

describe.each(testDatabaseKinds)("team API keys on %s", (kind) => {
  let h: IdentityHarness;
  let owner: TeamMember;
  let member: TeamMember;
  let stranger: TeamMember;

  beforeAll(async () => {
    h = await createIdentityHarness(kind);
    owner = await signUpMember(h, "owner", "Key team");
    member = await joinTeam(h, owner, "member", () => roleIdOf(h, owner.teamUuid, "Member"));
    stranger = await signUpMember(h, "stranger", "Other team");
  });
  afterAll(async () => {
    await h.destroy();
  });

  /** An SDK client that signs every member call with the key. */
  const keyClient = (created: CreateApiKeyResponse): ApiClient =>
    h.client({
      credential: () => ({
        accessKey: created.apiKey.accessKey,
        secretKey: created.secretKey,
        email: "",
      }),
    });

  const newKey = (permissions: ApiKeyPermission[], by: TeamMember = owner) =>
    by.api.apiKey.create({ description: `Integration ${permissions.join("+")}`, permissions });

  /** An active template of `by`'s default workspace with one role and its signature field. */
  async function activeTemplate(by: TeamMember = owner) {
    const created = await signableTemplate(by, {
      title: "Service contract",
      filename: "Contract.pdf",
    });
    const role = created.roles[0];
    if (role === undefined) throw new Error("no role");
    return { templateUuid: created.uuid, roleUuid: role.uuid };
  }

  describe("administration", () => {
    it("creates an active key, answers its secret key once and lists it without the secret", async () => {
      const created = await owner.api.apiKey.create({
        description: "  CRM integration  ",
        permissions: ["read", "create"],
      });
      expect(created.apiKey).toMatchObject({
        description: "CRM integration",
        permissions: ["read", "create"],
        status: "active",
        revokedAt: null,
        createdBy: { email: owner.email },
      });
      expect(created.apiKey.accessKey).toMatch(/^pak_/);
      expect(created.secretKey).toHaveLength(43);
      const { apiKeys } = await owner.api.apiKey.list({});
      const listed = apiKeys.find((key) => key.uuid === created.apiKey.uuid);
      expect(listed).toEqual(created.apiKey);
      expect(JSON.stringify(apiKeys)).not.toContain(created.secretKey);
    });

    it("stores nothing readable that signs a call: the row holds no secret key", async () => {
      const created = await newKey(["read"]);
      const row = await h.database.connection.db
        .selectFrom("apiKey")
        .selectAll()
        .where("id", "=", created.apiKey.uuid)
        .executeTakeFirstOrThrow();
      expect(JSON.stringify(row)).not.toContain(created.secretKey);
    });

    it("requires a description of at most 128 characters and at least one permission", async () => {
      const before = (await owner.api.apiKey.list({})).apiKeys.length;
      const blank = await failure(
        owner.api.apiKey.create({ description: "  ", permissions: ["read"] }),
      );
      expect(blank.code).toBe("VALIDATION_ERROR");
      const long = await failure(
        owner.api.apiKey.create({
          description: "x".repeat(API_KEY_DESCRIPTION_MAX_LENGTH + 1),
          permissions: ["read"],
        }),
      );
      expect(long.code).toBe("VALIDATION_ERROR");
      const none = await failure(
        owner.api.apiKey.create({ description: "No rights", permissions: [] }),
      );
      expect(none.code).toBe("VALIDATION_ERROR");
      // Sent past the client's own check, the server refuses it too.
      const unchecked = { ...endpoints.apiKey.create, request: z.unknown() };
      const raw = await failure(
        owner.api.call(unchecked, { description: "x".repeat(129), permissions: ["read"] }),
      );
      expect(raw.code).toBe("VALIDATION_ERROR");
      const exact = await owner.api.apiKey.create({
        description: "x".repeat(API_KEY_DESCRIPTION_MAX_LENGTH),
        permissions: ["read"],
      });
      expect(exact.apiKey.description).toHaveLength(128);
      expect((await owner.api.apiKey.list({})).apiKeys).toHaveLength(before + 1);
    });

    it("refuses a role that cannot manage API keys, and changes nothing", async () => {
      const before = await owner.api.apiKey.list({});
      expect((await failure(member.api.apiKey.list({}))).code).toBe("FORBIDDEN");
      expect(
        (await failure(member.api.apiKey.create({ description: "Mine", permissions: ["read"] })))
          .code,
      ).toBe("FORBIDDEN");
      const target = before.apiKeys[0];
      if (target === undefined) throw new Error("no key");
      expect((await failure(member.api.apiKey.revoke({ apiKeyUuid: target.uuid }))).code).toBe(
        "FORBIDDEN",
      );
      expect(await owner.api.apiKey.list({})).toEqual(before);
    });

    it("refuses a key with a permission its creator's role lacks: an API-only role gets none, and nothing is created", async () => {
      const apiOnly = await owner.api.team.createRole({
        name: "Integrations only",
        permissions: [{ action: "manage", subject: "API" }],
      });
      const integrator = await joinTeam(h, owner, "integrator", () => apiOnly.uuid);
      const before = await owner.api.apiKey.list({});
      for (const permissions of [["manage"], ["create"], ["read"]] satisfies ApiKeyPermission[][]) {
        const refused = await failure(
          integrator.api.apiKey.create({ description: "Too much", permissions }),
        );
        expect(refused.code).toBe("FORBIDDEN");
      }
      const refused = await failure(
        integrator.api.apiKey.create({ description: "Too much", permissions: ["manage"] }),
      );
      expect(refused.message).toBe(
        "Your role does not allow you to read templates, so an API key of yours cannot either.",
      );
      expect(await owner.api.apiKey.list({})).toEqual(before);
      // A Viewer-like reader of templates may create a reading key, not a writing one.
      const reader = await owner.api.team.createRole({
        name: "Template reader with keys",
        permissions: [
          { action: "manage", subject: "API" },
          { action: "read", subject: ["Template", "Workspace", "Team"] },
        ],
      });
      const readerMember = await joinTeam(h, owner, "keyreader", () => reader.uuid);
      expect((await newKey(["read"], readerMember)).apiKey.permissions).toEqual(["read"]);
      expect((await failure(newKey(["read", "update"], readerMember))).code).toBe("FORBIDDEN");
    });

    it("keeps each team's keys to itself: another team neither lists nor revokes them", async () => {
      const created = await newKey(["read"]);
      const theirs = await stranger.api.apiKey.list({});
      expect(theirs.apiKeys.map((key) => key.uuid)).not.toContain(created.apiKey.uuid);
      const refused = await failure(
        stranger.api.apiKey.revoke({ apiKeyUuid: created.apiKey.uuid }),
      );
      expect(refused.code).toBe("NOT_FOUND");
      const listed = (await owner.api.apiKey.list({})).apiKeys.find(
        (key) => key.uuid === created.apiKey.uuid,
      );
      expect(listed?.status).toBe("active");
    });

    it("revokes a key for good: it stops working at once, and a second revocation is a conflict", async () => {
      const created = await newKey(["read"]);
      const api = keyClient(created);
      await api.template.list({ limit: 10 });
      const revoked = await owner.api.apiKey.revoke({ apiKeyUuid: created.apiKey.uuid });
      expect(revoked.apiKey.status).toBe("revoked");
      expect(revoked.apiKey.revokedAt).not.toBeNull();
      expect((await failure(api.template.list({ limit: 10 }))).code).toBe("AUTHENTICATION_ERROR");
      const again = await failure(owner.api.apiKey.revoke({ apiKeyUuid: created.apiKey.uuid }));
      expect(again.code).toBe("CONFLICT");
    });
  });

  describe("calls signed with a key", () => {
    it("lists and reads the templates of its creator's workspaces with the read permission", async () => {
      const template = await activeTemplate();
      const api = keyClient(await newKey(["read"]));
      const { templates } = await api.template.list({ limit: 100 });
      expect(templates.map((item) => item.uuid)).toContain(template.templateUuid);
      const detail = await api.template.get({ templateUuid: template.templateUuid });
      expect(detail.uuid).toBe(template.templateUuid);
    });

    it("does only what its permissions allow on templates", async () => {
      const template = await activeTemplate();
      const reader = keyClient(await newKey(["read"]));
      const change = await failure(
        reader.template.update({ templateUuid: template.templateUuid, title: "Changed" }),
      );
      expect(change.code).toBe("FORBIDDEN");
      const remove = await failure(reader.template.delete({ templateUuid: template.templateUuid }));
      expect(remove.code).toBe("FORBIDDEN");
      const send = await failure(
        reader.template.createEnvelope({
          templateUuid: template.templateUuid,
          recipients: [
            { roleUuid: template.roleUuid, email: uniqueEmail("c"), firstname: "C", lastname: "D" },
          ],
          send: true,
        }),
      );
      expect(send.code).toBe("FORBIDDEN");
      const updater = keyClient(await newKey(["read", "update"]));
      const renamed = await updater.template.update({
        templateUuid: template.templateUuid,
        title: "Renamed by a key",
      });
      expect(renamed.title).toBe("Renamed by a key");
    });

    it("reaches no route but the template ones: any other answers what an unsigned caller gets", async () => {
      const api = keyClient(await newKey(["manage"]));
      for (const call of [
        () => api.envelope.list({}),
        () => api.user.profile({}),
        () => api.team.listMembers({}),
        () => api.apiKey.list({}),
        () => api.apiKey.create({ description: "From a key", permissions: ["manage"] }),
        () => api.contact.list({}),
        () => api.template.listBulkSends({ limit: 10 }),
      ]) {
        expect((await failure(call())).code).toBe("AUTHENTICATION_ERROR");
      }
    });

    it("never sees another team's templates", async () => {
      const theirs = await activeTemplate(stranger);
      const api = keyClient(await newKey(["manage"]));
      const { templates } = await api.template.list({ limit: 100 });
      expect(templates.map((item) => item.uuid)).not.toContain(theirs.templateUuid);
      const refused = await failure(api.template.get({ templateUuid: theirs.templateUuid }));
      expect(refused.code).toBe("NOT_FOUND");
    });

    it("creates and sends an envelope from a template in its creator's name, logged as via the key, and reads its status", async () => {
      const template = await activeTemplate();
      const created = await newKey(["read", "create"]);
      const api = keyClient(created);
      const envelope = await api.template.createEnvelope({
        templateUuid: template.templateUuid,
        recipients: [
          {
            roleUuid: template.roleUuid,
            email: uniqueEmail("client"),
            firstname: "Cleo",
            lastname: "Client",
          },
        ],
        send: true,
      });
      expect(envelope.status).toBe("signing");
      const status = await api.template.envelopeStatus({ envelopeUuid: envelope.uuid });
      expect(status.uuid).toBe(envelope.uuid);
      expect(status.status).toBe("signing");

      // The creator sees it as theirs, created through the key.
      const seen = await owner.api.envelope.get({ envelopeUuid: envelope.uuid });
      expect(seen.uuid).toBe(envelope.uuid);
      const { events } = await owner.api.envelope.activity({ envelopeUuid: envelope.uuid });
      const createdEvent = events.find((event) => event.type === "envelopeCreated");
      expect(createdEvent?.actor?.email).toBe(owner.email);
      expect(createdEvent?.viaApiKey).toEqual({
        uuid: created.apiKey.uuid,
        description: created.apiKey.description,
      });

      // Another key of the team does not read that envelope, nor the key one it did not create.
      const other = keyClient(await newKey(["manage"]));
      const hidden = await failure(other.template.envelopeStatus({ envelopeUuid: envelope.uuid }));
      expect(hidden.code).toBe("NOT_FOUND");
    });

    it("writes no template once its creator's role is limited to API keys", async () => {
      const integrations = await owner.api.team.createRole({
        name: "Integrations",
        permissions: [
          { action: "manage", subject: ["API", "Template", "Envelope"] },
          { action: "read", subject: ["Workspace", "Team"] },
        ],
      });
      const integrator = await joinTeam(h, owner, "apionly", () => integrations.uuid);
      const template = await activeTemplate();
      const api = keyClient(await newKey(["manage"], integrator));
      const renamed = await api.template.update({
        templateUuid: template.templateUuid,
        title: "Renamed while allowed",
      });
      expect(renamed.title).toBe("Renamed while allowed");

      await owner.api.team.updateRole({
        roleUuid: integrations.uuid,
        permissions: [{ action: "manage", subject: "API" }],
      });
      const files = [{ filename: "Contract.pdf", data: await tinyPdf(1) }];
      expect((await failure(api.template.create({ title: "By the key", files }))).code).toBe(
        "FORBIDDEN",
      );
      expect(
        (
          await failure(
            api.template.update({ templateUuid: template.templateUuid, title: "Renamed after" }),
          )
        ).code,
      ).toBe("NOT_FOUND");
      expect((await api.template.list({ limit: 100 })).templates).toEqual([]);
      const kept = await owner.api.template.get({ templateUuid: template.templateUuid });
      expect(kept.title).toBe("Renamed while allowed");
    });

    it("loses the rights its creator loses, on the next call, and finds them again with them", async () => {
      const adminRole = await roleIdOf(h, owner.teamUuid, "Admin");
      const admin = await joinTeam(h, owner, "demoted", () => adminRole);
      const { userUuid } = await userOf(admin.email);
      const template = await activeTemplate();
      const api = keyClient(await newKey(["manage"], admin));
      await api.template.update({
        templateUuid: template.templateUuid,
        title: "By the admin's key",
      });

      const demote = (role: string) =>
        roleIdOf(h, owner.teamUuid, role).then((roleUuid) =>
          owner.api.team.updateMember({ userUuid, roleUuid, firstname: "De", lastname: "Moted" }),
        );
      await demote("Viewer");
      const refused = await failure(
        api.template.update({ templateUuid: template.templateUuid, title: "After the demotion" }),
      );
      expect(refused.code).toBe("FORBIDDEN");
      expect(
        (await failure(api.template.delete({ templateUuid: template.templateUuid }))).code,
      ).toBe("FORBIDDEN");
      // Reading is what a Viewer holds: the key still reads.
      expect((await api.template.get({ templateUuid: template.templateUuid })).title).toBe(
        "By the admin's key",
      );

      await demote("Member");
      const again = await api.template.update({
        templateUuid: template.templateUuid,
        title: "Allowed again",
      });
      expect(again.title).toBe("Allowed again");
    });

    it("fails clearly once its creator has left the team", async () => {
      const adminRole = await roleIdOf(h, owner.teamUuid, "Admin");
      const admin = await joinTeam(h, owner, "leaver", () => adminRole);
      const api = keyClient(await newKey(["read"], admin));
      await api.template.list({ limit: 10 });
      const { userUuid } = await userOf(admin.email);
      await owner.api.team.removeMember({ userUuid });
      const refused = await failure(api.template.list({ limit: 10 }));
      expect(refused.code).toBe("FORBIDDEN");
      expect(refused.message).toContain("no longer in the team");
    });
  });

  async function userOf(email: string): Promise<{ userUuid: string }> {
    const row = await h.database.connection.db
      .selectFrom("appUser")
      .select("id")
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    return { userUuid: row.id };
  }
});
