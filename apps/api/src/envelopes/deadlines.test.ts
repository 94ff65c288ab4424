import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createIdentityHarness, uniqueEmail, type IdentityHarness } from "../test/identity";
import { testDatabaseKinds } from "../test/databases";
import { outboxMails } from "../test/outbox";
import { loadActivity } from "./activity";
import { EXPIRED_CANCEL_REASON, runDeadlinePass, type DeadlineDeps } from "./deadlines";
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

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

describe.each(testDatabaseKinds)("reminders and expiry of envelopes on %s", (kind) => {
  let h: IdentityHarness;

  beforeAll(async () => {
    h = await createIdentityHarness(kind);
  });
  afterAll(async () => {
    await h.destroy();
  });

  /** What a start of the api does, then the worker runs: the envelope-deadlines job, due now. */
  async function deadlinePass(): Promise<void> {
    await h.t.jobs.sweep();
    await h.t.jobs.runUntilIdle();
  }

  /** A sender signed in at the harness's current time (the clock moves by days in these tests). */
  async function newSender(name: string, language: "en" | "fr" = "en"): Promise<TeamMember> {
    const sender = await signUpMember(h, name);
    await setLanguage(sender.email, language);
    return sender;
  }

  async function setLanguage(email: string, language: "en" | "fr"): Promise<void> {
    await h.database.connection.db
      .updateTable("appUser")
      .set({ preferredLanguage: language })
      .where("email", "=", email)
      .execute();
  }

  async function signNow(email: string, envelopeUuid: string): Promise<void> {
    const signer = signingClient(h);
    const link = await linkFromMail(h, email, envelopeUuid);
    await readEveryPage(signer, link);
    await sign(signer, link);
  }

  it("reminds each pending recipient of a parallel envelope once per period, in their language, with the invitation's link", async () => {
    const sender = await newSender("remind-parallel");
    const signed = uniqueEmail("signs-at-once");
    const late = uniqueEmail("late-fr");
    await h.login(late);
    await setLanguage(late, "fr");
    const envelope = await sentEnvelope(sender, [signed, late], {
      reminderDays: 2,
      title: "Lease",
    });
    const invitationLink = await linkFromMail(h, late, envelope.uuid);
    // Their login code, then the invitation.
    const invited = (await mailsTo(h, late)).length;
    await signNow(signed, envelope.uuid);

    await deadlinePass();
    expect(await mailsTo(h, late)).toHaveLength(invited);

    h.advance(2 * DAY - MINUTE);
    await deadlinePass();
    expect(await mailsTo(h, late)).toHaveLength(invited);

    h.advance(2 * MINUTE);
    await deadlinePass();
    const mails = await mailsTo(h, late);
    expect(mails).toHaveLength(invited + 1);
    expect(mails.at(-1)).toMatch(/^Rappel\u00a0: Ada remind-parallel attend votre signature/);
    expect(await linkFromMail(h, late, envelope.uuid)).toEqual(invitationLink);
    // The recipient who signed is not reminded.
    expect(await mailsTo(h, signed)).toHaveLength(1);

    // Not twice in the same period, even with two replicas running the pass at once.
    await deadlinePass();
    const deps: DeadlineDeps = {
      db: h.database.connection.db,
      config: h.t.config,
      logger: h.t.logger,
      linkKey: h.t.linkKey,
      mailKey: h.t.mailKey,
      activityKey: h.t.activityKey,
      now: h.now,
    };
    await Promise.all([runDeadlinePass(deps), runDeadlinePass(deps)]);
    expect(await mailsTo(h, late)).toHaveLength(invited + 1);

    // The next period counts from the last reminder.
    h.advance(2 * DAY);
    const [one, two] = await Promise.all([runDeadlinePass(deps), runDeadlinePass(deps)]);
    expect(one.reminded + two.reminded).toBe(1);
    expect(await mailsTo(h, late)).toHaveLength(invited + 2);
    const [reminder] = await outboxMails(h.database.connection.db, h.t.mailKey, late);
    expect(reminder?.locale).toBe("fr");
    expect(reminder?.text).toContain("«\u00a0Lease\u00a0»");
    const status = await h.database.connection.db
      .selectFrom("envelope")
      .select("status")
      .where("id", "=", envelope.uuid)
      .executeTakeFirstOrThrow();
    expect(status.status).toBe("signing");
  });

  it("reminds only the current signer in sequential order", async () => {
    const sender = await newSender("remind-sequential");
    const first = uniqueEmail("first");
    const second = uniqueEmail("second");
    const envelope = await sentEnvelope(sender, [first, second], {
      order: "sequential",
      reminderDays: 1,
    });

    h.advance(DAY + MINUTE);
    await deadlinePass();
    expect(await mailsTo(h, first)).toHaveLength(2);
    expect((await mailsTo(h, first))[1]).toMatch(/^Reminder: Ada remind-sequential is waiting/);
    expect(await mailsTo(h, second)).toHaveLength(0);

    await signNow(first, envelope.uuid);
    expect(await mailsTo(h, second)).toHaveLength(1);
    await deadlinePass();
    expect(await mailsTo(h, second)).toHaveLength(1);

    h.advance(DAY + MINUTE);
    await deadlinePass();
    expect(await mailsTo(h, second)).toHaveLength(2);
    expect(await mailsTo(h, first)).toHaveLength(2);
  });

  it("reminds the approver whose turn it is to approve, in the approval's words, and no signer until approved", async () => {
    const sender = await newSender("remind-approver");
    const first = uniqueEmail("first-approver");
    const second = uniqueEmail("second-approver");
    const signer = uniqueEmail("signer");
    await sentEnvelope(sender, [signer], {
      approvers: [first, second],
      order: "sequential",
      reminderDays: 1,
    });

    h.advance(DAY + MINUTE);
    await deadlinePass();
    expect(await mailsTo(h, first)).toEqual([
      expect.stringMatching(/asks you to approve/),
      expect.stringMatching(/^Reminder: Ada remind-approver is waiting for your approval/),
    ]);
    expect(await mailsTo(h, second)).toHaveLength(0);
    expect(await mailsTo(h, signer)).toHaveLength(0);
  });

  it("sends no reminder for an envelope without reminderDays", async () => {
    const sender = await newSender("no-reminders");
    const email = uniqueEmail("never-reminded");
    await sentEnvelope(sender, [email]);
    h.advance(31 * DAY);
    await deadlinePass();
    expect(await mailsTo(h, email)).toHaveLength(1);
  });

  it("cancels an envelope past its expiry with the reason expired, chains the event, mails the sender, and refuses its links", async () => {
    const sender = await newSender("expiring", "fr");
    const signed = uniqueEmail("in-time");
    const pending = uniqueEmail("too-late");
    const envelope = await sentEnvelope(sender, [signed, pending], {
      reminderDays: 1,
      expiresAt: new Date(h.now() + DAY).toISOString(),
      title: "Quote",
    });
    await signNow(signed, envelope.uuid);
    const pendingLink = await linkFromMail(h, pending, envelope.uuid);
    const signedLink = await linkFromMail(h, signed, envelope.uuid);
    const sentMails = (await mailsTo(h, sender.email)).length;

    h.advance(DAY + MINUTE);
    // Past the expiry, before the pass has run: the link is refused already.
    expect((await failure(signingClient(h).envelope.open(pendingLink))).code).toBe(
      "ACCESS_LINK_INVALID",
    );

    await deadlinePass();
    const db = h.database.connection.db;
    const row = await db
      .selectFrom("envelope")
      .select(["status", "cancelReason", "canceledAt"])
      .where("id", "=", envelope.uuid)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "canceled", cancelReason: EXPIRED_CANCEL_REASON });
    expect(row.canceledAt?.getTime()).toBeGreaterThan(h.now() - MINUTE);
    const recipients = await db
      .selectFrom("recipient")
      .select(["email", "status"])
      .where("envelopeId", "=", envelope.uuid)
      .orderBy("position")
      .execute();
    expect(recipients).toEqual([
      { email: signed, status: "signed" },
      { email: pending, status: "canceled" },
    ]);

    const activity = await loadActivity({ db }, h.t.activityKey, envelope.uuid);
    expect(activity.chainValid).toBe(true);
    expect(activity.entries.at(-1)?.event).toMatchObject({
      type: "envelopeCanceled",
      actor: null,
      data: { reason: "expired" },
    });

    const senderMails = await mailsTo(h, sender.email);
    expect(senderMails).toHaveLength(sentMails + 1);
    expect(senderMails.at(-1)).toBe("«\u00a0Quote\u00a0» a expiré avant d’être signé par tous");
    // Expiry came first: no reminder to the recipient who had not signed.
    expect(await mailsTo(h, pending)).toHaveLength(1);

    for (const link of [pendingLink, signedLink]) {
      expect((await failure(signingClient(h).envelope.open(link))).code).toBe(
        "ACCESS_LINK_INVALID",
      );
    }

    // A second pass changes nothing.
    await deadlinePass();
    expect((await loadActivity({ db }, h.t.activityKey, envelope.uuid)).entries).toHaveLength(
      activity.entries.length,
    );
    expect(await mailsTo(h, sender.email)).toHaveLength(sentMails + 1);
  });
});
