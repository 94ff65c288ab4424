import {
  EMBED_ORIGINS_MAX,
  FRAME_ANCESTORS_HEADER,
  endpoints,
  frameAncestorsResponseSchema,
} from "@paraphe/api-sdk/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { testDatabaseKinds } from "../test/databases";
import { failure, joinTeam, sentEnvelope, signUpMember, type TeamMember } from "../test/envelopes";
import { createIdentityHarness, uniqueEmail, type IdentityHarness } from "../test/identity";
import { roleIdOf } from "../test/members";
import { signableTemplate } from "../test/templates";
import { AppError } from "../errors/app-error";
import { refuseLoopbackInProduction } from "./team-embedding";

describe.each(testDatabaseKinds)(
  "the origins a team allows to embed its signing pages on %s",
  (kind) => {
    let h: IdentityHarness;
    let owner: TeamMember;
    let admin: TeamMember;
    let member: TeamMember;

    beforeAll(async () => {
      h = await createIdentityHarness(kind);
      owner = await signUpMember(h, "embed-owner", "Embedding team");
      admin = await joinTeam(h, owner, "embed-admin", () => roleIdOf(h, owner.teamUuid, "Admin"));
      member = await joinTeam(h, owner, "embed-member", () =>
        roleIdOf(h, owner.teamUuid, "Member"),
      );
    });
    afterAll(async () => {
      await h.destroy();
    });

    /** The frame-ancestors answer of an embedded page's path (`sign/<uuid>`, `d/<token>`). */
    async function ancestors(path: string) {
      const response = await h.t.app.request(`/public/frame-ancestors/${path}`);
      expect(response.status).toBe(200);
      return {
        origins: frameAncestorsResponseSchema.parse(await response.json()).origins,
        header: response.headers.get(FRAME_ANCESTORS_HEADER),
      };
    }

    /** A save call that skips the client's own validation, so that the api's is what answers. */
    const rawSave = (caller: TeamMember, origins: unknown) =>
      caller.api.call({ ...endpoints.embedding.save, request: z.any() }, { origins });

    it("allows none by default; Owner and Admin save plain origins, normalised, and clear them", async () => {
      await expect(owner.api.embedding.get({})).resolves.toEqual({ embedding: { origins: [] } });
      const saved = await admin.api.embedding.save({
        origins: [
          "https://App.Example.com/",
          "https://portal.example:8443",
          "http://localhost:5181",
        ],
      });
      expect(saved.embedding.origins).toEqual([
        "https://app.example.com",
        "https://portal.example:8443",
        "http://localhost:5181",
      ]);
      await expect(owner.api.embedding.get({})).resolves.toEqual(saved);
      await owner.api.embedding.save({ origins: [] });
      await expect(admin.api.embedding.get({})).resolves.toEqual({ embedding: { origins: [] } });
    });

    it("refuses what is not a plain https origin, duplicates and more than the maximum", async () => {
      for (const bad of [
        "http://app.example",
        "https://app.example/path",
        "https://app.example?x=1",
        "https://user:pw@app.example",
        "javascript:alert(1)",
        "*",
        "https://*.example",
        "app.example",
      ]) {
        const refused = await failure(rawSave(owner, [bad]));
        expect(refused.code, bad).toBe("VALIDATION_ERROR");
        expect(refused.details?.[0]?.message, bad).toBe("invalid_origin");
      }
      const twice = await failure(rawSave(owner, ["https://a.example", "https://A.example/"]));
      expect(twice.details?.[0]?.message).toBe("duplicate_origin");
      const many = Array.from({ length: EMBED_ORIGINS_MAX + 1 }, (_, i) => `https://s${i}.example`);
      expect((await failure(rawSave(owner, many))).code).toBe("VALIDATION_ERROR");
    });

    it("refuses the settings to a Member, and keeps each team's list its own", async () => {
      expect((await failure(member.api.embedding.get({}))).code).toBe("FORBIDDEN");
      expect((await failure(member.api.embedding.save({ origins: [] }))).code).toBe("FORBIDDEN");
      await owner.api.embedding.save({ origins: ["https://mine.example"] });
      const other = await signUpMember(h, "embed-other", "Other team");
      await expect(other.api.embedding.get({})).resolves.toEqual({ embedding: { origins: [] } });
      await other.api.embedding.save({ origins: ["https://theirs.example"] });
      await expect(owner.api.embedding.get({})).resolves.toEqual({
        embedding: { origins: ["https://mine.example"] },
      });
    });

    it("answers an envelope's and a direct link's page with its team's origins only", async () => {
      await owner.api.embedding.save({ origins: ["https://mine.example", "https://b.example"] });
      const envelope = await sentEnvelope(owner, [uniqueEmail("signer")]);
      await expect(ancestors(`sign/${envelope.uuid}`)).resolves.toEqual({
        origins: ["https://mine.example", "https://b.example"],
        header: "https://mine.example https://b.example",
      });
      // Another team's envelope: that team's list (none).
      const other = await signUpMember(h, "embed-none", "No embedding");
      const theirs = await sentEnvelope(other, [uniqueEmail("signer")]);
      const none = { origins: [], header: "'none'" };
      await expect(ancestors(`sign/${theirs.uuid}`)).resolves.toEqual(none);
      // Unknown and malformed pages say nothing more.
      await expect(ancestors("sign/00000000-0000-4000-8000-000000000000")).resolves.toEqual(none);
      await expect(ancestors("sign/not-a-uuid")).resolves.toEqual(none);
      await expect(ancestors(`d/${"A".repeat(32)}`)).resolves.toEqual(none);

      const created = await signableTemplate(owner, { title: "Embedded form" });
      const role = created.roles[0]?.uuid ?? "";
      const link = await owner.api.template.saveDirectLink({
        templateUuid: created.uuid,
        roleUuid: role,
        others: [],
      });
      const token = link.token ?? "";
      expect((await ancestors(`d/${token}`)).origins).toEqual([
        "https://mine.example",
        "https://b.example",
      ]);
      await owner.api.template.disableDirectLink({ templateUuid: created.uuid });
      await expect(ancestors(`d/${token}`)).resolves.toEqual(none);
    });
  },
);

describe("embedding origins in production", () => {
  it("refuses a localhost origin there, and only there", () => {
    const origins = ["https://ok.example", "http://localhost:3000"];
    expect(() => refuseLoopbackInProduction({ nodeEnv: "development" }, origins)).not.toThrow();
    let refused: unknown;
    try {
      refuseLoopbackInProduction({ nodeEnv: "production" }, origins);
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({
      code: "VALIDATION_ERROR",
      fields: [{ path: "origins.1", message: "loopback_origin" }],
    });
  });
});
