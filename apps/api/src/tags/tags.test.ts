import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabaseKinds } from "../test/databases";
import { failure, joinTeam, signUpMember, tinyPdf, type TeamMember } from "../test/envelopes";
import { createIdentityHarness, type IdentityHarness } from "../test/identity";

describe.each(testDatabaseKinds)("tags on %s", (kind) => {
  let h: IdentityHarness;
  let owner: TeamMember;

  beforeAll(async () => {
    h = await createIdentityHarness(kind);
    owner = await signUpMember(h, "owner", "Tag team");
  });
  afterAll(async () => {
    await h.destroy();
  });

  async function draft(title: string) {
    return owner.api.envelope.upload({
      title,
      files: [{ filename: `${title}.pdf`, data: await tinyPdf(1) }],
    });
  }

  it("refuses a second tag whose name differs only by case, on create and on rename", async () => {
    await owner.api.tag.create({ name: "Urgent", color: "#dc2626" });
    const refused = await failure(owner.api.tag.create({ name: " urgent ", color: "#2563eb" }));
    expect(refused.code).toBe("VALIDATION_ERROR");
    expect(refused.details).toEqual([
      expect.objectContaining({ path: "name", message: "name_taken" }),
    ]);

    const { tag: other } = await owner.api.tag.create({ name: "Later", color: "#2563eb" });
    const renamed = await failure(
      owner.api.tag.update({ tagUuid: other.uuid, name: "URGENT", color: "#2563eb" }),
    );
    expect(renamed.code).toBe("VALIDATION_ERROR");
    // Another team may use the same name.
    const stranger = await signUpMember(h, "stranger", "Other tags");
    expect((await stranger.api.tag.create({ name: "urgent", color: "#059669" })).tag.name).toBe(
      "urgent",
    );
  });

  it("refuses a tag without a name", async () => {
    expect((await failure(owner.api.tag.create({ name: "  ", color: "#dc2626" }))).code).toBe(
      "VALIDATION_ERROR",
    );
  });

  it("sets tags on an envelope, filters the list by tag, and a deleted tag comes off", async () => {
    const { tag: contracts } = await owner.api.tag.create({ name: "Contracts", color: "#7c3aed" });
    const { tag: hr } = await owner.api.tag.create({ name: "HR", color: "#059669" });
    const tagged = await draft("Employment contract");
    const untagged = await draft("Lunch order");

    const detail = await owner.api.envelope.setTags({
      envelopeUuid: tagged.uuid,
      tagUuids: [hr.uuid, contracts.uuid],
    });
    expect(detail.tags.map((tag) => tag.name)).toEqual(["Contracts", "HR"]);

    const filtered = await owner.api.envelope.list({ tagUuid: hr.uuid });
    expect(filtered.envelopes.map((envelope) => envelope.uuid)).toEqual([tagged.uuid]);
    expect(filtered.envelopes[0]?.tags.map((tag) => tag.uuid).sort()).toEqual(
      [contracts.uuid, hr.uuid].sort(),
    );
    const all = (await owner.api.envelope.list({})).envelopes.map((envelope) => envelope.uuid);
    expect(all).toEqual(expect.arrayContaining([tagged.uuid, untagged.uuid]));
    expect((await owner.api.tag.list({})).tags.find((tag) => tag.uuid === hr.uuid)).toMatchObject({
      envelopeCount: 1,
    });

    await owner.api.tag.delete({ tagUuid: hr.uuid });
    expect(
      (await owner.api.envelope.get({ envelopeUuid: tagged.uuid })).tags.map((tag) => tag.name),
    ).toEqual(["Contracts"]);
  });

  it("refuses a tag of another team on an envelope and leaves its tags as they were", async () => {
    const envelope = await draft("Mine");
    const stranger = await signUpMember(h, "foreign", "Foreign tags");
    const { tag: foreign } = await stranger.api.tag.create({ name: "Theirs", color: "#ca8a04" });
    const refused = await failure(
      owner.api.envelope.setTags({ envelopeUuid: envelope.uuid, tagUuids: [foreign.uuid] }),
    );
    expect(refused.code).toBe("NOT_FOUND");
    expect((await owner.api.envelope.get({ envelopeUuid: envelope.uuid })).tags).toEqual([]);
  });

  it("a Member sets the team's tags on envelopes but does not create tags", async () => {
    const role = await h.database.connection.db
      .selectFrom("role")
      .select("id")
      .where("teamId", "=", owner.teamUuid)
      .where("name", "=", "Member")
      .executeTakeFirstOrThrow();
    const member = await joinTeam(h, owner, "member", () => role.id);
    expect((await failure(member.api.tag.create({ name: "Mine", color: "#dc2626" }))).code).toBe(
      "FORBIDDEN",
    );
    const { tag } = await owner.api.tag.create({ name: "Shared", color: "#dc2626" });
    const envelope = await draft("For the member");
    const detail = await member.api.envelope.setTags({
      envelopeUuid: envelope.uuid,
      tagUuids: [tag.uuid],
    });
    expect(detail.tags.map((row) => row.uuid)).toEqual([tag.uuid]);
  });
});
