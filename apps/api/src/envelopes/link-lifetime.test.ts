import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createIdentityHarness, uniqueEmail, type IdentityHarness } from "../test/identity";
import { testDatabaseKinds } from "../test/databases";
import { LINK_AFTER_END_DAYS } from "./access-links";
import {
  failure,
  linkFromMail,
  mailsTo,
  readEveryPage,
  sentEnvelope,
  sign,
  signingClient,
  signUpMember,
  type TeamMember,
} from "../test/envelopes";

const DAY = 24 * 60 * 60_000;

describe.each(testDatabaseKinds)("signing-link lifetime and resent invitations on %s", (kind) => {
  let h: IdentityHarness;
  let sender: TeamMember;

  beforeAll(async () => {
    h = await createIdentityHarness(kind);
  });
  // Each test moves the clock by days: a sender signed in afresh keeps a live session throughout.
  beforeEach(async () => {
    sender = await signUpMember(h, "links-sender");
  });
  afterAll(async () => {
    await h.destroy();
  });

  /** The recipient uuid of `email` on the envelope, as the sender sees it. */
  async function recipientUuid(envelopeUuid: string, email: string): Promise<string> {
    const detail = await sender.api.envelope.get({ envelopeUuid });
    return detail.recipients.find((recipient) => recipient.email === email)?.uuid ?? "";
  }

  async function expectSigningRefused(link: Awaited<ReturnType<typeof linkFromMail>>) {
    const signer = signingClient(h);
    expect((await failure(sign(signer, link))).code).toBe("ACCESS_LINK_INVALID");
    expect((await failure(signer.envelope.decline({ ...link, reason: "No longer" }))).code).toBe(
      "ACCESS_LINK_INVALID",
    );
  }

  it("resends an invitation: the previous link is refused, the new one opens and signs", async () => {
    const email = uniqueEmail("resend");
    const envelope = await sentEnvelope(sender, [email]);
    const oldLink = await linkFromMail(h, email, envelope.uuid);
    const signer = signingClient(h);
    await signer.envelope.open(oldLink);

    const detail = await sender.api.envelope.resendInvitation({
      envelopeUuid: envelope.uuid,
      recipientUuid: await recipientUuid(envelope.uuid, email),
    });
    expect(detail.uuid).toBe(envelope.uuid);
    expect(await mailsTo(h, email)).toHaveLength(2);
    const newLink = await linkFromMail(h, email, envelope.uuid);
    expect(newLink.token).not.toBe(oldLink.token);

    for (const call of [
      () => signer.envelope.open(oldLink),
      () => signer.envelope.downloadSignerDocument({ ...oldLink }),
      () => sign(signer, oldLink),
    ]) {
      expect((await failure(call())).code).toBe("ACCESS_LINK_INVALID");
    }
    await readEveryPage(signer, newLink);
    await expect(sign(signer, newLink)).resolves.toMatchObject({ recipientStatus: "signed" });
  });

  it("refuses to resend to a recipient who signed, was not invited yet, or is not on the envelope, and changes nothing", async () => {
    const first = uniqueEmail("resend-first");
    const second = uniqueEmail("resend-second");
    const envelope = await sentEnvelope(sender, [first, second], { order: "sequential" });
    const firstUuid = await recipientUuid(envelope.uuid, first);
    const secondUuid = await recipientUuid(envelope.uuid, second);

    // Sequential: the second signer is not invited before the first signs.
    const notYet = await failure(
      sender.api.envelope.resendInvitation({
        envelopeUuid: envelope.uuid,
        recipientUuid: secondUuid,
      }),
    );
    expect(notYet.code).toBe("CONFLICT");
    // The conflict says what it is, for the apps to translate.
    expect(notYet.details).toContainEqual({
      path: "conflict",
      code: "conflict",
      message: "not_invited_yet",
    });
    // The envelope's recipients say who was invited, so that apps offer resend only to them.
    const listed = await sender.api.envelope.get({ envelopeUuid: envelope.uuid });
    expect(
      listed.recipients.find((recipient) => recipient.uuid === secondUuid)?.invitedAt,
    ).toBeNull();
    expect(listed.recipients.find((recipient) => recipient.uuid === firstUuid)?.invitedAt).toEqual(
      expect.any(String),
    );

    const link = await linkFromMail(h, first, envelope.uuid);
    const signer = signingClient(h);
    await readEveryPage(signer, link);
    await sign(signer, link);
    const signed = await failure(
      sender.api.envelope.resendInvitation({
        envelopeUuid: envelope.uuid,
        recipientUuid: firstUuid,
      }),
    );
    expect(signed.code).toBe("CONFLICT");
    expect(signed.statusCode).toBe(409);
    expect(signed.details).toContainEqual(expect.objectContaining({ message: "recipient_done" }));

    const stranger = await failure(
      sender.api.envelope.resendInvitation({
        envelopeUuid: envelope.uuid,
        recipientUuid: "00000000-0000-4000-8000-000000000000",
      }),
    );
    expect(stranger.code).toBe("NOT_FOUND");

    const invalid = await failure(
      sender.api.envelope.resendInvitation({ envelopeUuid: envelope.uuid, recipientUuid: "nope" }),
    );
    expect(invalid.code).toBe("VALIDATION_ERROR");

    // Another team's member cannot see the envelope.
    const outsider = await signUpMember(h, "links-outsider", "Other team");
    const hidden = await failure(
      outsider.api.envelope.resendInvitation({
        envelopeUuid: envelope.uuid,
        recipientUuid: secondUuid,
      }),
    );
    expect(hidden.code).toBe("NOT_FOUND");

    // Nothing was mailed again: one invitation each.
    expect(await mailsTo(h, first)).toHaveLength(1);
    expect(await mailsTo(h, second)).toHaveLength(1);
    const secondLink = await linkFromMail(h, second, envelope.uuid);
    await expect(signingClient(h).envelope.open(secondLink)).resolves.toBeDefined();
  });

  it("stops links signing once the envelope is complete, and serves the signed document for the documented days only", async () => {
    const email = uniqueEmail("complete");
    const envelope = await sentEnvelope(sender, [email]);
    const link = await linkFromMail(h, email, envelope.uuid);
    const signer = signingClient(h);
    await readEveryPage(signer, link);
    await sign(signer, link);
    await h.t.jobs.runUntilIdle();
    expect((await signer.envelope.open(link)).envelope.status).toBe("complete");

    await expectSigningRefused(link);
    const resend = await failure(
      sender.api.envelope.resendInvitation({
        envelopeUuid: envelope.uuid,
        recipientUuid: await recipientUuid(envelope.uuid, email),
      }),
    );
    expect(resend.code).toBe("CONFLICT");

    // Within the window the signed document downloads.
    h.advance((LINK_AFTER_END_DAYS - 1) * DAY);
    const late = signingClient(h);
    const file = await late.envelope.downloadSignerDocument({ ...link });
    expect(file.contentType).toBe("application/pdf");

    // After it, the link is spent.
    h.advance(2 * DAY);
    const spent = signingClient(h);
    // One call at a time: a refusal nobody awaits yet would be an unhandled rejection.
    for (const call of [
      () => spent.envelope.open(link),
      () => spent.envelope.downloadSignerDocument({ ...link }),
    ]) {
      expect((await failure(call())).code).toBe("ACCESS_LINK_INVALID");
    }
  });

  it("stops links signing once the envelope is declined or canceled", async () => {
    const decliner = uniqueEmail("decliner");
    const other = uniqueEmail("other");
    const declined = await sentEnvelope(sender, [decliner, other]);
    const declinerLink = await linkFromMail(h, decliner, declined.uuid);
    await signingClient(h).envelope.decline({ ...declinerLink, reason: "Wrong amount" });
    await expectSigningRefused(await linkFromMail(h, other, declined.uuid));
    // The outcome still shows, but the documents no longer download (nor come with the open call).
    const outcome = await signingClient(h).envelope.open(declinerLink);
    expect(outcome.envelope.status).toBe("declined");
    expect(outcome.firstPage).toBeNull();
    expect(
      (await failure(signingClient(h).envelope.downloadSignerDocument({ ...declinerLink }))).code,
    ).toBe("ACCESS_LINK_INVALID");

    const canceledEmail = uniqueEmail("canceled");
    const canceled = await sentEnvelope(sender, [canceledEmail]);
    await sender.api.envelope.cancel({ envelopeUuid: canceled.uuid, reason: "Sent by mistake" });
    await expectSigningRefused(await linkFromMail(h, canceledEmail, canceled.uuid));
  });

  it("stops links signing once the envelope expired", async () => {
    const email = uniqueEmail("expires");
    const envelope = await sentEnvelope(sender, [email], {
      expiresAt: new Date(h.now() + DAY).toISOString(),
    });
    const link = await linkFromMail(h, email, envelope.uuid);
    await signingClient(h).envelope.open(link);
    h.advance(DAY + 60_000);
    await expectSigningRefused(link);
  });
});
