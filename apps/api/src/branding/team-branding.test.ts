import { BRAND_LOGO_MAX_BYTES, BRAND_LOGO_MAX_SIDE, endpoints } from "@paraphe/api-sdk/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { testDatabaseKinds } from "../test/databases";
import {
  failure,
  joinTeam,
  linkFromMail,
  sentEnvelope,
  signingClient,
  signUpMember,
  type TeamMember,
} from "../test/envelopes";
import { createIdentityHarness, uniqueEmail, type IdentityHarness } from "../test/identity";
import { roleIdOf } from "../test/members";
import { outboxMails } from "../test/outbox";

/** A PNG header (signature and IHDR) of `width` x `height`, padded to `size` bytes. */
function png(width: number, height: number, size = 64): Buffer {
  const bytes = Buffer.alloc(size);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(bytes);
  bytes.writeUInt32BE(13, 8);
  bytes.write("IHDR", 12, "ascii");
  bytes.writeUInt32BE(width, 16);
  bytes.writeUInt32BE(height, 20);
  return bytes;
}

const branding = {
  displayName: "Acme <Legal>",
  color: "#FFD700",
  footer: "Acme SAS, 1 rue de la Paix, Paris",
  websiteUrl: "https://acme.example",
  privacyUrl: "https://acme.example/privacy",
  showPoweredBy: false,
};

describe.each(testDatabaseKinds)("the team's branding on %s", (kind) => {
  let h: IdentityHarness;
  let owner: TeamMember;
  let admin: TeamMember;
  let member: TeamMember;

  beforeAll(async () => {
    h = await createIdentityHarness(kind);
    owner = await signUpMember(h, "brand-owner", "Acme");
    admin = await joinTeam(h, owner, "brand-admin", () => roleIdOf(h, owner.teamUuid, "Admin"));
    member = await joinTeam(h, owner, "brand-member", () => roleIdOf(h, owner.teamUuid, "Member"));
  });
  afterAll(async () => {
    await h.destroy();
  });

  it("answers the defaults, saves the texts, colour and links, and gives the readable colour", async () => {
    const fresh = await signUpMember(h, "brand-fresh", "Fresh");
    await expect(fresh.api.branding.get({})).resolves.toEqual({
      branding: {
        displayName: null,
        color: null,
        readableColor: null,
        footer: null,
        websiteUrl: null,
        privacyUrl: null,
        showPoweredBy: true,
        logoUrl: null,
      },
    });
    const { branding: saved } = await admin.api.branding.save(branding);
    expect(saved).toMatchObject({ ...branding, color: "#ffd700" });
    // Gold on white is 1.4:1: buttons use a darker gold that reaches 4.5:1.
    expect(saved.readableColor).not.toBe("#ffd700");
    await expect(owner.api.branding.get({})).resolves.toEqual({ branding: saved });
  });

  it("refuses the branding to a Member, and an http link to anyone", async () => {
    expect((await failure(member.api.branding.get({}))).code).toBe("FORBIDDEN");
    expect((await failure(member.api.branding.save(branding))).code).toBe("FORBIDDEN");
    const http = await failure(
      owner.api.call(
        { ...endpoints.branding.save, request: z.any() },
        {
          ...branding,
          websiteUrl: "http://acme.example",
        },
      ),
    );
    expect(http.code).toBe("VALIDATION_ERROR");
    expect(http.details?.[0]).toMatchObject({ path: "websiteUrl", message: "https_required" });
  });

  it("stores a logo as public data under a new key and removes the previous one", async () => {
    const first = await owner.api.branding.uploadLogo({
      contentType: "image/png",
      data: png(200, 80).toString("base64"),
    });
    const firstUrl = first.branding.logoUrl ?? "";
    const path = new URL(firstUrl).pathname;
    expect(path).toMatch(/^\/public\/team-logos\/[0-9a-f]{32}$/);
    const served = await h.t.app.request(path);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    const second = await owner.api.branding.uploadLogo({
      contentType: "image/png",
      data: png(100, 100).toString("base64"),
    });
    expect(second.branding.logoUrl).not.toBe(firstUrl);
    expect((await h.t.app.request(path)).status).toBe(404);
    const removed = await owner.api.branding.removeLogo({});
    expect(removed.branding.logoUrl).toBeNull();
    expect((await h.t.app.request(new URL(second.branding.logoUrl ?? "").pathname)).status).toBe(
      404,
    );
  });

  it("refuses an oversized logo, one too large in pixels, and a file that is not an image", async () => {
    const unchecked = { ...endpoints.branding.uploadLogo, request: z.any() };
    const big = png(100, 100, BRAND_LOGO_MAX_BYTES + 1);
    const tooBig = await failure(
      owner.api.call(unchecked, { contentType: "image/png", data: big.toString("base64") }),
    );
    expect(tooBig.code).toBe("PAYLOAD_TOO_LARGE");
    const wide = await failure(
      owner.api.branding.uploadLogo({
        contentType: "image/png",
        data: png(BRAND_LOGO_MAX_SIDE + 1, 10).toString("base64"),
      }),
    );
    expect(wide.details?.[0]).toMatchObject({ message: "image_too_large" });
    for (const [contentType, bytes] of [
      ["image/png", Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'></svg>")],
      ["image/jpeg", png(10, 10)],
      ["image/svg+xml", png(10, 10)],
      ["image/svg+xml", Buffer.from("<html><body>not a logo</body></html>")],
    ] as const) {
      const notImage = await failure(
        owner.api.branding.uploadLogo({ contentType, data: bytes.toString("base64") }),
      );
      expect(notImage.details?.[0]).toMatchObject({ message: "invalid_file_type" });
    }
    const gif = await failure(
      owner.api.call(unchecked, {
        contentType: "image/gif",
        data: Buffer.from("GIF89a").toString("base64"),
      }),
    );
    expect(gif.details?.[0]).toMatchObject({ path: "contentType" });
  });

  it("rasterises an SVG logo to a PNG (no script, nothing fetched) and never serves the SVG", async () => {
    const svg = Buffer.from(
      `<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="2000" height="800">` +
        `<rect width="2000" height="800" fill="#1e3a8a"/>` +
        `<image href="http://127.0.0.1:9/tracker.png" width="10" height="10"/>` +
        `<script>alert(1)</script></svg>`,
    );
    const { branding: saved } = await owner.api.branding.uploadLogo({
      contentType: "image/svg+xml",
      data: svg.toString("base64"),
    });
    const served = await h.t.app.request(new URL(saved.logoUrl ?? "").pathname);
    expect(served.headers.get("content-type")).toBe("image/png");
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(bytes.subarray(1, 4).toString("ascii")).toBe("PNG");
    // 2000 x 800 drawn at 512 x 205.
    expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([512, 205]);
  });

  it("brands the signer's mail (escaped) and the signing link's open call", async () => {
    await owner.api.branding.save({ ...branding, showPoweredBy: true });
    const { branding: withLogo } = await owner.api.branding.uploadLogo({
      contentType: "image/png",
      data: png(120, 40).toString("base64"),
    });
    const signer = uniqueEmail("branded-signer");
    const envelope = await sentEnvelope(owner, [signer]);
    const [mail] = await outboxMails(h.database.connection.db, h.t.mailKey, signer);
    expect(mail?.html).toContain(`src="${withLogo.logoUrl}"`);
    expect(mail?.html).toContain("Acme &lt;Legal&gt;");
    expect(mail?.html).not.toContain("Acme <Legal>");
    expect(mail?.html).toContain(`color:${withLogo.readableColor}`);
    expect(mail?.html).toContain("Acme SAS, 1 rue de la Paix, Paris");
    expect(mail?.html).toContain('href="https://acme.example/privacy"');
    expect(mail?.html).toContain("Sent with Paraphe");
    expect(mail?.text).toContain("Acme <Legal>");

    const link = await linkFromMail(h, signer, envelope.uuid);
    const opened = await signingClient(h).envelope.open(link);
    expect(opened.branding).toEqual({
      name: "Acme <Legal>",
      color: "#ffd700",
      readableColor: withLogo.readableColor,
      footer: branding.footer,
      websiteUrl: branding.websiteUrl,
      privacyUrl: branding.privacyUrl,
      showPoweredBy: true,
      logoUrl: withLogo.logoUrl,
    });
  });

  it("leaves another team's branding alone: each team reads and writes its own", async () => {
    const other = await signUpMember(h, "brand-other", "Other");
    await other.api.branding.save({ showPoweredBy: true, displayName: "Other brand" });
    const mine = await owner.api.branding.get({});
    expect(mine.branding.displayName).toBe("Acme <Legal>");
    const theirs = await other.api.branding.get({});
    expect(theirs.branding.displayName).toBe("Other brand");
  });
});
