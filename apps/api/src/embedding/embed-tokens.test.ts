import { endpoints, FRAME_ANCESTORS_HEADER, parseEmbedToken } from "@paraphe/api-sdk/contract";
import type { ApiClient } from "@paraphe/api-sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { testDatabaseKinds } from "../test/databases";
import { failure, joinTeam, signUpMember, tinyPdf, type TeamMember } from "../test/envelopes";
import { createIdentityHarness, uniqueEmail, type IdentityHarness } from "../test/identity";
import { roleIdOf } from "../test/members";

describe.each(testDatabaseKinds)("embedded preparing's editor tokens on %s", (kind) => {
  let h: IdentityHarness;
  let owner: TeamMember;
  let viewer: TeamMember;
  let stranger: TeamMember;
  /** The owner's team's server: a client signing with a team API key (update). */
  let server: ApiClient;
  let revokeServerKey: () => Promise<unknown>;

  beforeAll(async () => {
    h = await createIdentityHarness(kind);
    owner = await signUpMember(h, "editor-owner", "Editor team");
    viewer = await joinTeam(h, owner, "editor-viewer", () => roleIdOf(h, owner.teamUuid, "Viewer"));
    stranger = await signUpMember(h, "editor-stranger", "Another team");
    const created = await owner.api.apiKey.create({
      description: "Team server",
      permissions: ["update"],
    });
    server = keyClient(created.apiKey.accessKey, created.secretKey);
    revokeServerKey = () => owner.api.apiKey.revoke({ apiKeyUuid: created.apiKey.uuid });
  });
  afterAll(async () => {
    await h.destroy();
  });

  function keyClient(accessKey: string, secretKey: string): ApiClient {
    return h.client({
      credential: () => ({ accessKey, secretKey, email: "" }),
      appCredential: null,
    });
  }

  /** The editor in the frame: a client signing with the embed token only. */
  function editorClient(token: string): ApiClient {
    const credential = parseEmbedToken(token);
    if (credential === null) throw new Error(`not an embed token: ${token}`);
    return keyClient(credential.accessKey, credential.secretKey);
  }

  async function draft(title = "Embedded draft") {
    return owner.api.envelope.upload({
      files: [{ filename: `${title}.pdf`, data: await tinyPdf(1) }],
    });
  }

  async function template(title = "Embedded template") {
    return owner.api.template.create({
      title,
      files: [{ filename: `${title}.pdf`, data: await tinyPdf(1) }],
    });
  }

  it("gives a draft's token once, 15 minutes by default and at most an hour, and keeps its hash only", async () => {
    const envelope = await draft();
    const before = Date.now();
    const answer = await server.embed.createToken({ envelopeUuid: envelope.uuid });
    const credential = parseEmbedToken(answer.token);
    expect(credential).not.toBeNull();
    const lifetime = Date.parse(answer.expiresAt) - before;
    expect(lifetime).toBeGreaterThan(899_000);
    expect(lifetime).toBeLessThan(905_000);
    const rows = await h.database.connection.db.selectFrom("embedToken").selectAll().execute();
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(credential?.accessKey);
    expect(stored).not.toContain(credential?.secretKey);

    const longest = await owner.api.embed.createToken({
      envelopeUuid: envelope.uuid,
      expiresIn: 3600,
    });
    expect(Date.parse(longest.expiresAt) - Date.now()).toBeGreaterThan(3_500_000);
    for (const body of [
      { envelopeUuid: envelope.uuid, expiresIn: 3601 },
      { envelopeUuid: envelope.uuid, expiresIn: 10 },
      {},
      { envelopeUuid: envelope.uuid, templateUuid: envelope.uuid },
    ]) {
      const refused = await failure(
        server.call({ ...endpoints.embed.createToken, request: z.any() }, body),
      );
      expect(refused.code).toBe("VALIDATION_ERROR");
    }
  });

  it("opens the editor's calls on its draft only, prepares and sends it, and nothing else", async () => {
    const envelope = await draft();
    const other = await draft("Another draft");
    const { token } = await server.embed.createToken({ envelopeUuid: envelope.uuid });
    const editor = editorClient(token);

    const read = await editor.envelope.get({ envelopeUuid: envelope.uuid });
    expect(read.uuid).toBe(envelope.uuid);
    const documentUuid = read.documents[0]?.uuid ?? "";
    const preview = await editor.envelope.pagePreview({
      envelopeUuid: envelope.uuid,
      documentUuid,
      page: 0,
    });
    expect(preview.contentType).toMatch(/^image\//);
    await editor.envelope.update({
      envelopeUuid: envelope.uuid,
      options: { signingOrder: "sequential" },
    });
    const signer = uniqueEmail("embedded-signer");
    const withRecipient = await editor.envelope.saveRecipients({
      envelopeUuid: envelope.uuid,
      recipients: [{ email: signer, firstname: "Ema", lastname: "Bedded" }],
    });
    await editor.envelope.saveFields({
      envelopeUuid: envelope.uuid,
      fields: [
        {
          documentUuid,
          page: 0,
          x: 0.1,
          y: 0.6,
          width: 0.4,
          height: 0.1,
          kind: "signature",
          recipientUuid: withRecipient.recipients[0]?.uuid ?? "",
        },
      ],
    });

    // Another draft of the team, and every call outside the editor's: refused.
    expect((await failure(editor.envelope.get({ envelopeUuid: other.uuid }))).code).toBe(
      "NOT_FOUND",
    );
    expect(
      (await failure(editor.envelope.saveFields({ envelopeUuid: other.uuid, fields: [] }))).code,
    ).toBe("NOT_FOUND");
    expect((await failure(editor.envelope.delete({ envelopeUuid: envelope.uuid }))).code).toBe(
      "FORBIDDEN",
    );
    expect((await failure(editor.envelope.list({}))).code).toBe("FORBIDDEN");
    expect((await failure(editor.user.profile({}))).code).toBe("FORBIDDEN");
    expect((await failure(editor.embed.createToken({ envelopeUuid: envelope.uuid }))).code).toBe(
      "FORBIDDEN",
    );
    expect((await failure(editor.template.list({}))).code).toBe("FORBIDDEN");
    expect((await failure(editor.template.get({ templateUuid: envelope.uuid }))).code).toBe(
      "NOT_FOUND",
    );

    const sent = await editor.envelope.send({ envelopeUuid: envelope.uuid });
    expect(sent.status).toBe("signing");
    // No session was opened for the frame.
    const sessions = await owner.api.authentication.listSessions({});
    expect(sessions.sessions).toHaveLength(1);
    // A sent envelope has no editor any more.
    const again = await failure(server.embed.createToken({ envelopeUuid: envelope.uuid }));
    expect(again.code).toBe("CONFLICT");
  });

  it("a template's token opens that template and no other template or envelope", async () => {
    const first = await template("First template");
    const second = await template("Second template");
    const envelope = await draft();
    const { token } = await server.embed.createToken({ templateUuid: first.uuid });
    const editor = editorClient(token);

    const read = await editor.template.get({ templateUuid: first.uuid });
    expect(read.uuid).toBe(first.uuid);
    const roles = await editor.template.saveRecipients({
      templateUuid: first.uuid,
      roles: [{ label: "Customer" }],
    });
    expect(roles.roles.map((role) => role.label)).toEqual(["Customer"]);
    await editor.template.pagePreview({
      templateUuid: first.uuid,
      documentUuid: read.documents[0]?.uuid ?? "",
      page: 0,
    });

    expect((await failure(editor.template.get({ templateUuid: second.uuid }))).code).toBe(
      "NOT_FOUND",
    );
    expect(
      (await failure(editor.template.saveRecipients({ templateUuid: second.uuid, roles: [] })))
        .code,
    ).toBe("NOT_FOUND");
    expect((await failure(editor.envelope.get({ envelopeUuid: envelope.uuid }))).code).toBe(
      "NOT_FOUND",
    );
    // Its own template's uuid at an envelope call is not an envelope.
    expect((await failure(editor.envelope.get({ envelopeUuid: first.uuid }))).code).toBe(
      "NOT_FOUND",
    );
    expect((await failure(editor.template.delete({ templateUuid: first.uuid }))).code).toBe(
      "FORBIDDEN",
    );
  });

  it("is refused to a Viewer, another team and a read-only key; dies when it expires or its key is revoked", async () => {
    const envelope = await draft();
    expect(
      (await failure(viewer.api.embed.createToken({ envelopeUuid: envelope.uuid }))).code,
    ).toBe("FORBIDDEN");
    expect(
      (await failure(stranger.api.embed.createToken({ envelopeUuid: envelope.uuid }))).code,
    ).toBe("NOT_FOUND");
    const reader = await owner.api.apiKey.create({ description: "Reader", permissions: ["read"] });
    expect(
      (
        await failure(
          keyClient(reader.apiKey.accessKey, reader.secretKey).embed.createToken({
            envelopeUuid: envelope.uuid,
          }),
        )
      ).code,
    ).toBe("FORBIDDEN");

    const { token } = await server.embed.createToken({ envelopeUuid: envelope.uuid });
    const editor = editorClient(token);
    await editor.envelope.get({ envelopeUuid: envelope.uuid });
    await h.database.connection.db
      .updateTable("embedToken")
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .execute();
    expect((await failure(editor.envelope.get({ envelopeUuid: envelope.uuid }))).code).toBe(
      "AUTHENTICATION_ERROR",
    );

    const fresh = await server.embed.createToken({ envelopeUuid: envelope.uuid });
    await revokeServerKey();
    expect(
      (await failure(editorClient(fresh.token).envelope.get({ envelopeUuid: envelope.uuid }))).code,
    ).toBe("AUTHENTICATION_ERROR");
  });

  it("answers the team's allowed origins for the editor's frame while the token lasts", async () => {
    await owner.api.embedding.save({ origins: ["https://portal.example"] });
    const envelope = await draft();
    const { token } = await owner.api.embed.createToken({ envelopeUuid: envelope.uuid });
    const accessKey = parseEmbedToken(token)?.accessKey ?? "";
    const answer = await h.t.app.request(`/public/frame-ancestors/edit/${accessKey}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get(FRAME_ANCESTORS_HEADER)).toBe("https://portal.example");
    const unknown = await h.t.app.request(`/public/frame-ancestors/edit/pet_${"A".repeat(32)}`);
    expect(unknown.headers.get(FRAME_ANCESTORS_HEADER)).toBe("'none'");
  });
});
