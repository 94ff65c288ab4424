import { endpoints } from "@paraphe/api-sdk/contract";
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

const invitation = {
  kind: "invitation" as const,
  language: "en" as const,
  subject: "<b>{{senderName}}</b> needs you on {{envelopeTitle}}",
  body:
    "Dear {{signerName}},\n\n<script>alert('x')</script> & welcome.\n\n" +
    "Sign here:\n{{link}}\n\nBefore {{expiry}}, please.",
};

describe.each(testDatabaseKinds)("the team's editable messages on %s", (kind) => {
  let h: IdentityHarness;
  let owner: TeamMember;
  let admin: TeamMember;
  let member: TeamMember;

  beforeAll(async () => {
    h = await createIdentityHarness(kind);
    owner = await signUpMember(h, "texts-owner", "Texts");
    admin = await joinTeam(h, owner, "texts-admin", () => roleIdOf(h, owner.teamUuid, "Admin"));
    member = await joinTeam(h, owner, "texts-member", () => roleIdOf(h, owner.teamUuid, "Member"));
  });
  afterAll(async () => {
    await h.destroy();
  });

  it("lists Paraphe's texts with placeholders, in English and French, until the team saves its own", async () => {
    const { texts } = await owner.api.mailText.list({});
    expect(texts).toHaveLength(8);
    const english = texts.find((text) => text.kind === "invitation" && text.language === "en");
    expect(english).toMatchObject({
      isDefault: true,
      subject: "{{senderName}} asks you to sign “{{envelopeTitle}}”",
    });
    expect(english?.body).toContain("{{link}}");
    expect(english?.body).toContain("{{expiry}}");
    const french = texts.find((text) => text.kind === "decline" && text.language === "fr");
    expect(french?.subject).toBe(
      "{{signerName}} a refusé de signer «\u00a0{{envelopeTitle}}\u00a0»",
    );
    expect(french?.body).toContain("{{reason}}");
  });

  it("refuses an unknown placeholder with its field, a body without the link, the link in a subject and a long text", async () => {
    const unchecked = { ...endpoints.mailText.save, request: z.any() };
    const unknown = await failure(
      owner.api.call(unchecked, { ...invitation, subject: "Hi {{firstName}}" }),
    );
    expect(unknown.code).toBe("VALIDATION_ERROR");
    expect(unknown.details?.[0]).toMatchObject({ path: "subject", message: "unknown_placeholder" });
    const reasonInInvitation = await failure(
      owner.api.call(unchecked, { ...invitation, body: `${invitation.body} {{reason}}` }),
    );
    expect(reasonInInvitation.details?.[0]).toMatchObject({
      path: "body",
      message: "unknown_placeholder",
    });
    const noLink = await failure(
      owner.api.call(unchecked, { ...invitation, body: "Please sign, {{signerName}}." }),
    );
    expect(noLink.details?.[0]).toMatchObject({ path: "body", message: "link_required" });
    const linkInSubject = await failure(
      owner.api.call(unchecked, { ...invitation, subject: "Sign {{link}}" }),
    );
    expect(linkInSubject.details?.[0]).toMatchObject({
      path: "subject",
      message: "link_in_subject",
    });
    const long = await failure(
      owner.api.call(unchecked, { ...invitation, body: `{{link}} ${"x".repeat(5000)}` }),
    );
    expect(long.details?.[0]).toMatchObject({ path: "body", message: "too_long" });
    // A decline needs no link.
    await expect(
      owner.api.mailText.preview({
        kind: "decline",
        language: "en",
        subject: "{{signerName}} said no",
        body: "{{reason}}",
      }),
    ).resolves.toMatchObject({ subject: expect.stringContaining("said no") });
    const { texts } = await owner.api.mailText.list({});
    expect(texts.every((text) => text.isDefault)).toBe(true);
  });

  it("refuses the messages to a Member; an Admin saves, previews and resets them", async () => {
    expect((await failure(member.api.mailText.list({}))).code).toBe("FORBIDDEN");
    expect((await failure(member.api.mailText.save(invitation))).code).toBe("FORBIDDEN");
    expect((await failure(member.api.mailText.preview(invitation))).code).toBe("FORBIDDEN");
    expect(
      (await failure(member.api.mailText.reset({ kind: "invitation", language: "en" }))).code,
    ).toBe("FORBIDDEN");

    const preview = await admin.api.mailText.preview(invitation);
    // The sample values, the markup as text.
    expect(preview.text).toContain("Dear Alex Martin,");
    expect(preview.text).toContain("<script>alert('x')</script> & welcome.");
    expect(preview.html).toContain(
      "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; welcome.",
    );
    expect(preview.html).not.toContain("<script>");
    expect(preview.subject).toContain("<b>");
    // The sender's message goes before the link.
    expect(preview.text.indexOf("Here is the agreement")).toBeLessThan(
      preview.text.indexOf("Sign here:"),
    );
    expect((await owner.api.mailText.list({})).texts.every((text) => text.isDefault)).toBe(true);

    const { text: saved } = await admin.api.mailText.save(invitation);
    expect(saved).toMatchObject({ ...invitation, isDefault: false });
    const { texts } = await owner.api.mailText.list({});
    expect(texts.filter((text) => !text.isDefault)).toEqual([saved]);
    const { text: reset } = await owner.api.mailText.reset({ kind: "invitation", language: "en" });
    expect(reset.isDefault).toBe(true);
    expect((await owner.api.mailText.list({})).texts.every((text) => text.isDefault)).toBe(true);
  });

  it("keeps each team's texts to itself", async () => {
    const other = await signUpMember(h, "texts-other", "Other");
    await other.api.mailText.save({ ...invitation, subject: "Other team's subject" });
    await other.api.mailText.reset({ kind: "reminder", language: "en" });
    const mine = await owner.api.mailText.list({});
    expect(mine.texts.every((text) => text.isDefault)).toBe(true);
    const signer = uniqueEmail("texts-other-signer");
    await sentEnvelope(owner, [signer]);
    const [mail] = await outboxMails(h.database.connection.db, h.t.mailKey, signer);
    expect(mail?.subject).not.toContain("Other team's subject");
  });

  it("sends the team's text in the recipient's language, escaped, and Paraphe's where it has none", async () => {
    // Only a French text: the English recipient gets Paraphe's.
    await owner.api.mailText.save({
      ...invitation,
      language: "fr",
      subject: "Signez {{envelopeTitle}}",
    });
    const before = uniqueEmail("texts-default-signer");
    await sentEnvelope(owner, [before], { title: "Lease" });
    const [plain] = await outboxMails(h.database.connection.db, h.t.mailKey, before);
    expect(plain?.subject).not.toContain("Signez");
    expect(plain?.text).toContain("Read and sign the document:");

    await owner.api.mailText.save(invitation);
    await owner.api.mailText.save({
      kind: "decline",
      language: "en",
      subject: "{{signerName}} said no to {{envelopeTitle}}",
      body: "Hello {{senderName}},\n\n<i>{{signerName}}</i> declined: {{reason}}",
    });
    const signer = uniqueEmail("texts-signer");
    const envelope = await sentEnvelope(owner, [signer], { title: "Lease <2027>" });
    const [mail] = await outboxMails(h.database.connection.db, h.t.mailKey, signer);
    expect(mail?.subject).toMatch(/^<b>.+<\/b> needs you on Lease <2027>$/);
    expect(mail?.text).toContain("<script>alert('x')</script> & welcome.");
    expect(mail?.html).toContain("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; welcome.");
    expect(mail?.html).not.toContain("<script>");
    // No expiry date: its paragraph is left out.
    expect(mail?.text).not.toContain("Before");
    const link = await linkFromMail(h, signer, envelope.uuid);
    expect(mail?.html).toContain(`<a href="`);
    expect(mail?.text).toContain("Sign here:\nhttp");

    await signingClient(h).envelope.decline({ ...link, reason: "<b>Wrong</b> amount" });
    const declined = (await outboxMails(h.database.connection.db, h.t.mailKey, owner.email)).find(
      (sent) => sent.subject.includes("said no"),
    );
    expect(declined?.subject).toContain("said no to Lease <2027>");
    expect(declined?.text).toContain("declined: <b>Wrong</b> amount");
    expect(declined?.html).toContain("&lt;i&gt;");
    expect(declined?.html).toContain("&lt;b&gt;Wrong&lt;/b&gt; amount");
    expect(declined?.html).not.toContain("<b>Wrong");
  });

  it("brands the mails to team members: a team invitation", async () => {
    await owner.api.branding.save({ displayName: "Acme <Legal>", showPoweredBy: true });
    const invitee = uniqueEmail("texts-invitee");
    await owner.api.team.invite({
      email: invitee,
      roleUuid: await roleIdOf(h, owner.teamUuid, "Member"),
    });
    const [mail] = await outboxMails(h.database.connection.db, h.t.mailKey, invitee);
    expect(mail?.html).toContain('<strong style="font-size:18px">Acme &lt;Legal&gt;</strong>');
    expect(mail?.text).toContain("On behalf of Acme <Legal>");
    expect(mail?.text).toContain("Sent with Paraphe");
  });
});
