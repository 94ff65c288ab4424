import { ApiError } from "@paraphe/api-sdk";
import { endpoints, PROFILE_PICTURE_MAX_BYTES, type Endpoint } from "@paraphe/api-sdk/contract";
import { buildAbility, MANAGED_ROLE_NAMES, MANAGED_ROLE_RULES } from "@paraphe/permissions";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { testDatabaseKinds } from "../test/databases";
import { emailHash } from "./profile";
import { createIdentityHarness, uniqueEmail, type IdentityHarness } from "../test/identity";

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error("the call succeeded");
}

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from("fake png body"),
]);

/** The contract's endpoint without the client-side check: proves the server's own validation. */
function unchecked(endpoint: Endpoint): Endpoint<z.ZodAny> {
  return { ...endpoint, request: z.any() };
}

describe.each(testDatabaseKinds)("profile, team creation and pictures on %s", (kind) => {
  let h: IdentityHarness;

  beforeAll(async () => {
    h = await createIdentityHarness(kind);
  });
  afterAll(async () => {
    await h.destroy();
  });

  it("answers the profile of a new person without a team, with the picture URL from the email hash", async () => {
    const email = uniqueEmail("profile");
    const { api } = await h.login(email);
    const profile = await api.user.profile({});
    expect(profile).toMatchObject({
      email,
      firstname: null,
      lastname: null,
      phone: null,
      preferredLanguage: "en",
      team: null,
      profilePictureUrl: `${h.t.config.publicApiUrl}/public/avatars/${emailHash(email)}`,
      hasProfilePicture: false,
    });
    expect(emailHash(email)).toMatch(/^[0-9a-f]{64}$/);
  });

  it("creates a team with the four managed roles, a default workspace and the creator as Owner", async () => {
    const email = uniqueEmail("owner");
    const { api } = await h.login(email);
    const profile = await api.team.create({
      name: "  Acme Signatures ",
      firstname: "Ada",
      lastname: "Lovelace",
    });
    expect(profile.firstname).toBe("Ada");
    expect(profile.lastname).toBe("Lovelace");
    expect(profile.team).toMatchObject({
      name: "Acme Signatures",
      role: { name: "Owner", origin: "managed" },
      rolePermissions: MANAGED_ROLE_RULES.Owner,
    });
    expect(buildAbility(profile.team?.rolePermissions ?? []).can("delete", "Team")).toBe(true);

    const db = h.database.connection.db;
    const teamId = profile.team?.uuid ?? "";
    const roles = await db.selectFrom("role").selectAll().where("teamId", "=", teamId).execute();
    expect(roles.map((r) => r.name).sort()).toEqual([...MANAGED_ROLE_NAMES].sort());
    for (const role of roles) {
      expect(role.origin).toBe("managed");
      expect(role.permissions).toEqual(MANAGED_ROLE_RULES[role.name as "Owner"]);
    }
    const workspaces = await db
      .selectFrom("workspace")
      .selectAll()
      .where("teamId", "=", teamId)
      .execute();
    expect(workspaces).toHaveLength(1);
    expect(workspaces[0]).toMatchObject({ isDefault: true, name: "Acme Signatures" });
    expect(profile.team?.defaultWorkspaceUuid).toBe(workspaces[0]?.id);
    const workspaceMembers = await db
      .selectFrom("workspaceMember")
      .selectAll()
      .where("workspaceId", "=", workspaces[0]?.id ?? "")
      .execute();
    expect(workspaceMembers).toHaveLength(1);

    await expect(api.user.profile({})).resolves.toEqual(profile);
  });

  it("refuses a second team for a person who has one, with CONFLICT", async () => {
    const { api } = await h.login(uniqueEmail("twice"));
    await api.team.create({ name: "First", firstname: "A", lastname: "B" });
    const error = await failure(api.team.create({ name: "Second", firstname: "A", lastname: "B" }));
    expect(error.statusCode).toBe(409);
    expect(error.code).toBe("CONFLICT");
  });

  it("refuses a team name under 3 characters and missing names, creating nothing", async () => {
    const { api } = await h.login(uniqueEmail("short"));
    const create = unchecked(endpoints.team.create);
    const short = await failure(api.call(create, { name: "Ab", firstname: "A", lastname: "B" }));
    expect(short.statusCode).toBe(400);
    expect(short.code).toBe("VALIDATION_ERROR");
    expect(short.details).toEqual([
      expect.objectContaining({ path: "name", message: "too_short" }),
    ]);

    const names = await failure(
      api.call(create, { name: "Good name", firstname: " ", lastname: "" }),
    );
    expect(names.details?.map((d) => d.path).sort()).toEqual(["firstname", "lastname"]);
    await expect(api.user.profile({})).resolves.toMatchObject({ team: null, firstname: null });
  });

  it("updates names, phone and preferred language, requiring first and last name", async () => {
    const { api } = await h.login(uniqueEmail("update"));
    const profile = await api.user.updateProfile({
      firstname: "Élodie",
      lastname: "Dupont",
      phone: "+33 6 12 34 56 78",
      preferredLanguage: "fr",
    });
    expect(profile).toMatchObject({
      firstname: "Élodie",
      lastname: "Dupont",
      phone: "+33 6 12 34 56 78",
      preferredLanguage: "fr",
    });
    const cleared = await api.user.updateProfile({
      firstname: "Élodie",
      lastname: "Dupont",
      phone: "",
      preferredLanguage: "fr",
    });
    expect(cleared.phone).toBeNull();
    const error = await failure(
      api.call(unchecked(endpoints.user.updateProfile), {
        firstname: "",
        lastname: "Dupont",
        preferredLanguage: "fr",
      }),
    );
    expect(error.details?.[0]).toMatchObject({ path: "firstname", message: "required" });
  });

  it("mails the next code in the preferred language chosen in the profile", async () => {
    const email = uniqueEmail("lang");
    const { api } = await h.login(email);
    await api.user.updateProfile({ firstname: "A", lastname: "B", preferredLanguage: "fr" });
    await h.client().authentication.requestCode({ email, language: "en" });
    const mail = await h.database.connection.db
      .selectFrom("mailOutbox")
      .select(["locale", "createdAt"])
      .where("toAddress", "=", email)
      .orderBy("createdAt", "desc")
      .limit(1)
      .executeTakeFirstOrThrow();
    expect(mail.locale).toBe("fr");
  });

  it("stores a picture, serves it publicly (GET and HEAD) with its type, says so in the profile, and removes it", async () => {
    const email = uniqueEmail("picture");
    const { api } = await h.login(email);
    const path = `/public/avatars/${emailHash(email)}`;
    const missing = await h.t.app.request(path, { method: "HEAD" });
    expect(missing.status).toBe(404);

    const { profilePictureUrl } = await api.user.uploadPicture({
      contentType: "image/png",
      data: PNG.toString("base64"),
    });
    expect(profilePictureUrl).toBe(`${h.t.config.publicApiUrl}${path}`);
    const got = await h.t.app.request(path);
    expect(got.status).toBe(200);
    expect(got.headers.get("content-type")).toBe("image/png");
    expect(got.headers.get("cache-control")).toMatch(/max-age=\d+/);
    expect(Buffer.from(await got.arrayBuffer())).toEqual(PNG);
    const head = await h.t.app.request(path, { method: "HEAD" });
    expect(head.status).toBe(200);
    await expect(api.user.profile({})).resolves.toMatchObject({ hasProfilePicture: true });

    await expect(api.user.removePicture({})).resolves.toEqual({ removed: true });
    await expect(api.user.removePicture({})).resolves.toEqual({ removed: false });
    const gone = await h.t.app.request(path);
    expect(gone.status).toBe(404);
    await expect(api.user.profile({})).resolves.toMatchObject({ hasProfilePicture: false });
    const body = (await gone.json()) as { error: { code: string }; statusCode: number };
    expect(body.statusCode).toBe(404);
    expect(body.error.code).toBe("NOT_FOUND");
  });

  it("refuses a picture over 1 MB with PAYLOAD_TOO_LARGE and stores nothing", async () => {
    const email = uniqueEmail("big");
    const { api } = await h.login(email);
    const big = Buffer.alloc(PROFILE_PICTURE_MAX_BYTES + 1);
    PNG.copy(big);
    const error = await failure(
      api.user.uploadPicture({ contentType: "image/png", data: big.toString("base64") }),
    );
    expect(error.statusCode).toBe(413);
    expect(error.code).toBe("PAYLOAD_TOO_LARGE");
    expect(error.message).toMatch(/1 MB/);
    expect((await h.t.app.request(`/public/avatars/${emailHash(email)}`)).status).toBe(404);
  });

  it("refuses bytes that are not the declared image type and stores nothing", async () => {
    const email = uniqueEmail("type");
    const { api } = await h.login(email);
    for (const [contentType, bytes] of [
      ["image/jpeg", PNG],
      ["image/png", Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'></svg>")],
    ] as const) {
      const error = await failure(
        api.user.uploadPicture({ contentType, data: bytes.toString("base64") }),
      );
      expect(error.statusCode).toBe(400);
      expect(error.details?.[0]).toMatchObject({ message: "invalid_file_type" });
    }
    const svg = await failure(
      api.call(unchecked(endpoints.user.uploadPicture), {
        contentType: "image/svg+xml",
        data: Buffer.from("<svg/>").toString("base64"),
      }),
    );
    expect(svg.details?.[0]).toMatchObject({ path: "contentType", message: "invalid_file_type" });
    expect((await h.t.app.request(`/public/avatars/${emailHash(email)}`)).status).toBe(404);
  });

  it("answers 404 for a malformed avatar name", async () => {
    expect((await h.t.app.request("/public/avatars/..%2F..%2Fetc")).status).toBe(404);
    expect((await h.t.app.request("/public/avatars/ABC")).status).toBe(404);
  });
});
