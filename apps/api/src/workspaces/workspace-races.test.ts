import {
  createContactRequestSchema,
  importContactsRequestSchema,
  recipientInputSchema,
  uploadEnvelopeRequestSchema,
} from "@paraphe/api-sdk/contract";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importContacts } from "../contacts/import-contacts";
import { createContact } from "../contacts/save-contact";
import type { Database } from "../db/database";
import type { EnvelopeDeps } from "../envelopes/envelope-deps";
import type { Member } from "../membership/members";
import { moveEnvelope } from "../envelopes/move-envelope";
import { saveRecipients } from "../envelopes/save-recipients";
import { uploadEnvelope } from "../envelopes/upload-envelope";
import { testDatabaseKinds } from "../test/databases";
import { signUpMember, tinyPdf, type TeamMember } from "../test/envelopes";
import { createIdentityHarness, uniqueEmail, type IdentityHarness } from "../test/identity";
import {
  AfterTableRead,
  envelopeDepsOf,
  memberByEmail,
  outcome,
  type Outcome,
} from "../test/races";
import { deleteWorkspace } from "./delete-workspace";

/**
 * Races per writer. Even rounds pin the worst interleaving: the writer checks the destination
 * right after the delete checked its workspaces, and the delete's transaction runs, whole, before
 * the writer's. Odd rounds start both calls in the same tick.
 */
const ROUNDS = 4;

/** A command that writes one row into the workspace `into`, and where that row sits afterwards. */
interface Writer {
  /** Through the service itself: its first step is the read of the destination. */
  direct(into: string): Promise<unknown>;
  viaApi(into: string): Promise<unknown>;
  /** The workspaces holding the written row ([] when nothing was written). */
  landedIn(): Promise<string[]>;
  /** Where the row sits when the writer lost ([] for a row it would have created). */
  untouched: string[];
}

describe.each(testDatabaseKinds)("writes into a workspace being deleted on %s", (kind) => {
  let h: IdentityHarness;
  let owner: TeamMember;
  let member: Member;
  let envelopeDeps: EnvelopeDeps;
  const afterWorkspaceRead = new AfterTableRead();
  let hookedDb: Kysely<Database>;

  beforeAll(async () => {
    h = await createIdentityHarness(kind);
    owner = await signUpMember(h, "mover", "Race workspaces");
    hookedDb = h.database.connection.db.withPlugin(afterWorkspaceRead);
    member = await memberByEmail(h, owner.email);
    envelopeDeps = envelopeDepsOf(h);
  });
  afterAll(async () => {
    await h.destroy();
  });

  const db = () => h.database.connection.db;

  async function envelopesTitled(title: string): Promise<string[]> {
    const rows = await db()
      .selectFrom("envelope")
      .select("workspaceId")
      .where("teamId", "=", owner.teamUuid)
      .where("title", "=", title)
      .execute();
    return rows.map((row) => row.workspaceId);
  }

  async function contactsWithEmail(email: string): Promise<string[]> {
    const rows = await db()
      .selectFrom("contact")
      .select("workspaceId")
      .where("email", "=", email)
      .execute();
    return rows.map((row) => row.workspaceId);
  }

  const writers: Record<string, () => Promise<Writer>> = {
    "moving an envelope": async () => {
      const title = `Moved ${uniqueEmail()}`;
      const draft = await owner.api.envelope.upload({
        title,
        files: [{ filename: "Moved.pdf", data: await tinyPdf(1) }],
      });
      return {
        direct: (into) => moveEnvelope(envelopeDeps, member, draft.uuid, into),
        viaApi: (into) =>
          owner.api.envelope.move({ envelopeUuid: draft.uuid, workspaceUuid: into }),
        landedIn: () => envelopesTitled(title),
        untouched: [owner.defaultWorkspaceUuid],
      };
    },
    "uploading an envelope": async () => {
      const title = `Uploaded ${uniqueEmail()}`;
      const data = await tinyPdf(1);
      const input = (into: string) => ({
        workspaceUuid: into,
        title,
        files: [{ filename: "Uploaded.pdf", data }],
      });
      return {
        direct: (into) =>
          uploadEnvelope(envelopeDeps, member, uploadEnvelopeRequestSchema.parse(input(into)), {
            ip: null,
            userAgent: null,
          }),
        viaApi: (into) => owner.api.envelope.upload(input(into)),
        landedIn: () => envelopesTitled(title),
        untouched: [],
      };
    },
    "creating a contact": async () => {
      const email = uniqueEmail("contact");
      const input = (into: string) => ({
        workspaceUuid: into,
        email,
        firstname: "Ada",
        lastname: "Lovelace",
      });
      return {
        direct: (into) =>
          createContact(envelopeDeps, member, createContactRequestSchema.parse(input(into))),
        viaApi: (into) => owner.api.contact.create(input(into)),
        landedIn: () => contactsWithEmail(email),
        untouched: [],
      };
    },
    "importing contacts": async () => {
      const email = uniqueEmail("imported");
      const input = (into: string) => ({
        workspaceUuid: into,
        contacts: [{ email, firstname: "Grace", lastname: "Hopper" }],
      });
      return {
        direct: (into) =>
          importContacts(envelopeDeps, member, importContactsRequestSchema.parse(input(into))),
        viaApi: (into) => owner.api.contact.import(input(into)),
        landedIn: () => contactsWithEmail(email),
        untouched: [],
      };
    },
  };

  /** Deletes `doomed` (its rows go to `keeper`) against the writer, and answers how each ended. */
  async function race(
    round: number,
    writer: Writer,
    doomed: string,
    keeper: string,
  ): Promise<{ deleted: Outcome; written: Outcome }> {
    const input = { workspaceUuid: doomed, destinationWorkspaceUuid: keeper };
    if (round % 2 === 0) {
      let written: Promise<Outcome> = Promise.resolve({ ok: false, code: "NOT_STARTED" });
      // The delete's second read is its destination's, its last step before its transaction.
      afterWorkspaceRead.arm(
        "workspace",
        async () => {
          written = outcome(writer.direct(doomed));
          // One turn of the event loop: the writer's read is queued, ahead of the delete's transaction.
          await new Promise((resolve) => setImmediate(resolve));
        },
        { skip: 1 },
      );
      const deleted = await outcome(deleteWorkspace({ db: hookedDb, now: h.now }, member, input));
      return { deleted, written: await written };
    }
    const [deleted, written] = await Promise.all([
      outcome(owner.api.workspace.delete(input)),
      outcome(writer.viaApi(doomed)),
    ]);
    return { deleted, written };
  }

  it.each(Object.keys(writers))(
    "%s into a workspace deleted at the same time either lands first and moves with it, or is NOT_FOUND and writes nothing",
    async (name) => {
      const makeWriter = writers[name];
      if (makeWriter === undefined) throw new Error(name);
      for (let round = 0; round < ROUNDS; round++) {
        const writer = await makeWriter();
        const { workspace: doomed } = await owner.api.workspace.create({
          name: `Doomed ${round}`,
          color: "#dc2626",
        });
        const { workspace: keeper } = await owner.api.workspace.create({
          name: `Keeper ${round}`,
          color: "#059669",
        });
        const result = await race(round, writer, doomed.uuid, keeper.uuid);
        expect(result.deleted).toEqual({ ok: true });
        if (round % 2 === 0 && kind === "pglite") {
          // The delete committed before the writer's transaction: the destination had gone. Only
          // PGlite's single connection makes this order certain; on PostgreSQL the writer may also
          // finish first, which the checks below cover.
          expect(result.written).toEqual({ ok: false, code: "NOT_FOUND" });
        }
        if (result.written.ok) {
          expect(await writer.landedIn()).toEqual([keeper.uuid]);
        } else {
          expect(result.written).toEqual({ ok: false, code: "NOT_FOUND" });
          expect(await writer.landedIn()).toEqual(writer.untouched);
        }
      }
    },
    // Each round creates two workspaces and, for the envelopes, renders a PDF.
    90_000,
  );

  it("saving a draft's recipient to contacts while its workspace is deleted writes the contact where the draft ends up, without a deadlock", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { workspace: doomed } = await owner.api.workspace.create({
        name: `Doomed contacts ${round}`,
        color: "#dc2626",
      });
      const { workspace: keeper } = await owner.api.workspace.create({
        name: `Keeper contacts ${round}`,
        color: "#059669",
      });
      const draft = await owner.api.envelope.upload({
        workspaceUuid: doomed.uuid,
        title: `Contacts race ${round}`,
        files: [{ filename: "Race.pdf", data: await tinyPdf(1) }],
      });
      const email = uniqueEmail("saved");
      const given = { email, firstname: "Ada", lastname: "Lovelace", saveToContacts: true };
      const recipient = recipientInputSchema.parse(given);
      const input = { workspaceUuid: doomed.uuid, destinationWorkspaceUuid: keeper.uuid };
      let saved: Promise<Outcome> = Promise.resolve({ ok: false, code: "NOT_STARTED" });
      let deleted: Outcome;
      if (round % 2 === 0) {
        // The delete's second workspace read is its last step before its transaction: the save
        // starts there, so its locks and the delete's are taken at the same time.
        afterWorkspaceRead.arm(
          "workspace",
          async () => {
            saved = outcome(saveRecipients(envelopeDeps, member, draft.uuid, [recipient]));
            await new Promise((resolve) => setImmediate(resolve));
          },
          { skip: 1 },
        );
        deleted = await outcome(deleteWorkspace({ db: hookedDb, now: h.now }, member, input));
      } else {
        saved = outcome(
          owner.api.envelope.saveRecipients({ envelopeUuid: draft.uuid, recipients: [given] }),
        );
        deleted = await outcome(owner.api.workspace.delete(input));
      }
      expect(deleted).toEqual({ ok: true });
      expect(await saved).toEqual({ ok: true });
      expect(await envelopesTitled(`Contacts race ${round}`)).toEqual([keeper.uuid]);
      expect(await contactsWithEmail(email)).toEqual([keeper.uuid]);
    }
  }, 90_000);
});
