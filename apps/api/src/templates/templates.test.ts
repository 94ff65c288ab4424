import { endpoints, type Endpoint } from "@paraphe/api-sdk/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { testDatabaseKinds } from "../test/databases";
import {
  failure,
  joinTeam,
  linkFromMail,
  mailsTo,
  readEveryPage,
  sentEnvelope,
  signingClient,
  signUpMember,
  tinyPdf,
  type TeamMember,
} from "../test/envelopes";
import { createIdentityHarness, uniqueEmail, type IdentityHarness } from "../test/identity";
import { roleIdOf } from "../test/members";
import { signableTemplate } from "../test/templates";

/** `/template/save-recipients` without the client's own check: what the server decides. */
const uncheckedSaveRoles: Endpoint = {
  ...endpoints.template.saveRecipients,
  request: z.unknown(),
};

describe.each(testDatabaseKinds)("templates on %s", (kind) => {
  let h: IdentityHarness;
  let owner: TeamMember;

  beforeAll(async () => {
    h = await createIdentityHarness(kind);
    owner = await signUpMember(h, "owner", "Template team");
  });
  afterAll(async () => {
    await h.destroy();
  });

  async function newTemplate(title = "Employment contract") {
    return owner.api.template.create({
      title,
      files: [{ filename: `${title}.pdf`, data: await tinyPdf(2) }],
    });
  }

  /** A template with `labels` as roles, each with a signature field; activated unless `draft`. */
  async function readyTemplate(
    labels: readonly string[] = ["Employee", "Manager"],
    { activate = true }: { activate?: boolean } = {},
  ) {
    return signableTemplate(owner, {
      title: "Employment contract",
      data: await tinyPdf(2),
      roles: labels.map((label) => ({ label })),
      activate,
    });
  }

  const people = (roles: readonly { uuid: string }[]) =>
    roles.map((role, index) => ({
      roleUuid: role.uuid,
      email: uniqueEmail(`person${index}`),
      firstname: "Pat",
      lastname: `Person ${index + 1}`,
    }));

  describe("role labels", () => {
    it("requires a label: an empty or blank one is refused", async () => {
      const template = await newTemplate();
      for (const label of ["", "   "]) {
        const refused = await failure(
          owner.api.call(uncheckedSaveRoles, { templateUuid: template.uuid, roles: [{ label }] }),
        );
        expect(refused.code).toBe("VALIDATION_ERROR");
        expect(refused.details).toEqual([
          expect.objectContaining({ path: "roles.0.label", message: "required" }),
        ]);
      }
    });

    it("keeps a label under 255 characters and refuses one of 255", async () => {
      const template = await newTemplate();
      const longest = "L".repeat(254);
      const saved = await owner.api.template.saveRecipients({
        templateUuid: template.uuid,
        roles: [{ label: longest }],
      });
      expect(saved.roles.map((role) => role.label)).toEqual([longest]);
      const refused = await failure(
        owner.api.call(uncheckedSaveRoles, {
          templateUuid: template.uuid,
          roles: [{ label: "L".repeat(255) }],
        }),
      );
      expect(refused.code).toBe("VALIDATION_ERROR");
      expect(refused.details).toEqual([
        expect.objectContaining({ path: "roles.0.label", message: "too_long" }),
      ]);
    });

    it("trims labels and refuses two that differ only by case or spaces", async () => {
      const template = await newTemplate();
      const refused = await failure(
        owner.api.call(uncheckedSaveRoles, {
          templateUuid: template.uuid,
          roles: [{ label: "Manager" }, { label: "  manager " }],
        }),
      );
      expect(refused.code).toBe("VALIDATION_ERROR");
      expect(refused.details).toEqual([
        expect.objectContaining({ path: "roles.1.label", message: "label_taken" }),
      ]);
      const saved = await owner.api.template.saveRecipients({
        templateUuid: template.uuid,
        roles: [{ label: "  Manager  " }, { label: "Employee" }],
      });
      expect(saved.roles.map((role) => [role.label, role.order])).toEqual([
        ["Manager", 1],
        ["Employee", 2],
      ]);
    });

    it("swaps the labels of two kept roles in one save", async () => {
      const template = await newTemplate();
      const first = await owner.api.template.saveRecipients({
        templateUuid: template.uuid,
        roles: [{ label: "First" }, { label: "Second" }],
      });
      const [a, b] = first.roles;
      const swapped = await owner.api.template.saveRecipients({
        templateUuid: template.uuid,
        roles: [
          { uuid: a?.uuid, label: "Second" },
          { uuid: b?.uuid, label: "First" },
        ],
      });
      expect(swapped.roles.map((role) => [role.uuid, role.label])).toEqual([
        [a?.uuid, "Second"],
        [b?.uuid, "First"],
      ]);
    });
  });

  describe("status", () => {
    it("is incomplete until it has a role and a signature field, then a draft until activated", async () => {
      const created = await newTemplate();
      expect(created.status).toBe("incomplete");
      const withRole = await owner.api.template.saveRecipients({
        templateUuid: created.uuid,
        roles: [{ label: "Signer" }],
      });
      expect(withRole.status).toBe("incomplete");
      const refused = await failure(owner.api.template.activate({ templateUuid: created.uuid }));
      expect(refused.code).toBe("VALIDATION_ERROR");
      expect(refused.details).toEqual([
        expect.objectContaining({ message: "template_incomplete" }),
      ]);

      const roleUuid = withRole.roles[0]?.uuid ?? "";
      const documentUuid = created.documents[0]?.uuid ?? "";
      const field = {
        documentUuid,
        recipientUuid: roleUuid,
        page: 1,
        x: 0.1,
        y: 0.1,
        width: 0.2,
        height: 0.1,
      };
      const textOnly = await owner.api.template.saveFields({
        templateUuid: created.uuid,
        fields: [{ ...field, kind: "text" }],
      });
      expect(textOnly.status).toBe("incomplete");
      const complete = await owner.api.template.saveFields({
        templateUuid: created.uuid,
        fields: [{ ...field, kind: "signature" }],
      });
      expect(complete.status).toBe("draft");
      expect((await owner.api.template.activate({ templateUuid: created.uuid })).status).toBe(
        "active",
      );
    });

    it("keeps an active template active when edited, and incomplete once it loses its signature field", async () => {
      const template = await readyTemplate();
      const renamed = await owner.api.template.update({
        templateUuid: template.uuid,
        title: "Renamed",
        options: { message: "Please sign", signingOrder: "sequential" },
      });
      expect(renamed).toMatchObject({
        status: "active",
        title: "Renamed",
        options: { message: "Please sign", signingOrder: "sequential" },
      });
      const emptied = await owner.api.template.saveFields({
        templateUuid: template.uuid,
        fields: [],
      });
      expect(emptied.status).toBe("incomplete");
    });

    it("archives a template, which then cannot be used, and unarchives it as a draft", async () => {
      const template = await readyTemplate(["Signer"]);
      expect((await owner.api.template.archive({ templateUuid: template.uuid })).status).toBe(
        "archived",
      );
      const refused = await failure(
        owner.api.template.createEnvelope({
          templateUuid: template.uuid,
          recipients: people(template.roles),
        }),
      );
      expect(refused.code).toBe("CONFLICT");
      expect(
        (await failure(owner.api.template.activate({ templateUuid: template.uuid }))).code,
      ).toBe("CONFLICT");
      expect((await owner.api.template.unarchive({ templateUuid: template.uuid })).status).toBe(
        "draft",
      );
    });

    it("unarchives a template without roles as incomplete", async () => {
      const created = await newTemplate();
      await owner.api.template.archive({ templateUuid: created.uuid });
      expect((await owner.api.template.unarchive({ templateUuid: created.uuid })).status).toBe(
        "incomplete",
      );
    });

    it("lists templates by status, title and tag", async () => {
      const title = `Searchable ${uniqueEmail("t")}`;
      const active = await readyTemplate(["Signer"]);
      await owner.api.template.update({ templateUuid: active.uuid, title });
      const { tag } = await owner.api.tag.create({ name: `T ${Date.now()}`, color: "#2563eb" });
      await owner.api.template.setTags({ templateUuid: active.uuid, tagUuids: [tag.uuid] });
      const incomplete = await newTemplate(title);

      const uuids = async (input: Parameters<typeof owner.api.template.list>[0]) =>
        (await owner.api.template.list(input)).templates.map((template) => template.uuid);
      expect(await uuids({ search: title.toUpperCase() })).toEqual([incomplete.uuid, active.uuid]);
      expect(await uuids({ search: title, status: "active" })).toEqual([active.uuid]);
      expect(await uuids({ search: title, status: "incomplete" })).toEqual([incomplete.uuid]);
      expect(await uuids({ tagUuid: tag.uuid })).toEqual([active.uuid]);
      expect(await uuids({ search: "100%_" })).toEqual([]);
      // Templates carry tags, but the tag counts envelopes.
      expect(
        (await owner.api.tag.list({})).tags.find((row) => row.uuid === tag.uuid),
      ).toMatchObject({ envelopeCount: 0 });
    });
  });

  describe("approver roles", () => {
    /** A signature field for `recipientUuid` on the template's first page. */
    const signatureField = (
      template: { documents: readonly { uuid: string }[] },
      recipientUuid: string,
    ) => ({
      documentUuid: template.documents[0]?.uuid ?? "",
      recipientUuid,
      page: 0,
      x: 0.1,
      y: 0.1,
      width: 0.3,
      height: 0.1,
      kind: "signature" as const,
    });

    it("stores each role's kind, a signer unless said otherwise, and counts approver roles", async () => {
      const created = await newTemplate();
      const saved = await owner.api.template.saveRecipients({
        templateUuid: created.uuid,
        roles: [{ label: "Manager", kind: "approver" }, { label: "Employee" }],
      });
      expect(saved.roles.map((role) => [role.label, role.kind, role.order])).toEqual([
        ["Manager", "approver", 1],
        ["Employee", "signer", 2],
      ]);
      expect(saved.roleCount).toBe(2);
      const listed = await owner.api.template.list({ limit: 100 });
      expect(listed.templates.find((row) => row.uuid === created.uuid)?.roleCount).toBe(2);
    });

    it("refuses a field on an approver role", async () => {
      const created = await newTemplate();
      const saved = await owner.api.template.saveRecipients({
        templateUuid: created.uuid,
        roles: [{ label: "Manager", kind: "approver" }, { label: "Employee" }],
      });
      const refused = await failure(
        owner.api.template.saveFields({
          templateUuid: created.uuid,
          fields: [signatureField(created, saved.roles[0]?.uuid ?? "")],
        }),
      );
      expect(refused.code).toBe("VALIDATION_ERROR");
      expect(refused.details).toEqual([
        expect.objectContaining({
          path: "fields.0.recipientUuid",
          message: "approver_has_no_fields",
        }),
      ]);
      expect((await owner.api.template.get({ templateUuid: created.uuid })).fields).toEqual([]);
    });

    it("stores a role in copy and refuses a field on it", async () => {
      const created = await newTemplate();
      const saved = await owner.api.template.saveRecipients({
        templateUuid: created.uuid,
        roles: [{ label: "Employee" }, { label: "Accounting", kind: "cc" }],
      });
      expect(saved.roles.map((role) => [role.label, role.kind])).toEqual([
        ["Employee", "signer"],
        ["Accounting", "cc"],
      ]);
      const refused = await failure(
        owner.api.template.saveFields({
          templateUuid: created.uuid,
          fields: [signatureField(created, saved.roles[1]?.uuid ?? "")],
        }),
      );
      expect(refused.details).toEqual([
        expect.objectContaining({ path: "fields.0.recipientUuid", message: "cc_has_no_fields" }),
      ]);
    });

    it("removes the fields of a role switched to approver, which makes the template incomplete", async () => {
      const template = await readyTemplate(["Manager", "Employee"]);
      const [manager, employee] = template.roles;
      const switched = await owner.api.template.saveRecipients({
        templateUuid: template.uuid,
        roles: [
          { uuid: manager?.uuid, label: "Manager", kind: "approver" },
          { uuid: employee?.uuid, label: "Employee" },
        ],
      });
      expect(switched.status).toBe("active");
      expect(switched.fields.map((field) => field.recipientUuid)).toEqual([employee?.uuid]);
      const allApprovers = await owner.api.template.saveRecipients({
        templateUuid: template.uuid,
        roles: [
          { uuid: manager?.uuid, label: "Manager", kind: "approver" },
          { uuid: employee?.uuid, label: "Employee", kind: "approver" },
        ],
      });
      expect(allApprovers.fields).toEqual([]);
      expect(allApprovers.status).toBe("incomplete");
    });

    it("is incomplete while its roles are all approvers, and a draft once a signer role has a signature field", async () => {
      const created = await newTemplate();
      const approversOnly = await owner.api.template.saveRecipients({
        templateUuid: created.uuid,
        roles: [{ label: "Manager", kind: "approver" }],
      });
      expect(approversOnly.status).toBe("incomplete");
      const refused = await failure(owner.api.template.activate({ templateUuid: created.uuid }));
      expect(refused.details).toEqual([
        expect.objectContaining({ message: "template_incomplete" }),
      ]);
      const withSigner = await owner.api.template.saveRecipients({
        templateUuid: created.uuid,
        roles: [
          { uuid: approversOnly.roles[0]?.uuid, label: "Manager", kind: "approver" },
          { label: "Employee" },
        ],
      });
      expect(withSigner.status).toBe("incomplete");
      const complete = await owner.api.template.saveFields({
        templateUuid: created.uuid,
        fields: [signatureField(created, withSigner.roles[1]?.uuid ?? "")],
      });
      expect(complete.status).toBe("draft");
      expect((await owner.api.template.activate({ templateUuid: created.uuid })).status).toBe(
        "active",
      );
      // Unarchiving one whose roles became all approvers lands on incomplete.
      await owner.api.template.archive({ templateUuid: created.uuid });
      await h.database.connection.db
        .updateTable("recipient")
        .set({ kind: "approver" })
        .where("envelopeId", "=", created.uuid)
        .execute();
      expect((await owner.api.template.unarchive({ templateUuid: created.uuid })).status).toBe(
        "incomplete",
      );
    });

    it("creates an approving envelope that invites the approver first, then the signer once approved", async () => {
      const created = await newTemplate();
      const roles = await owner.api.template.saveRecipients({
        templateUuid: created.uuid,
        roles: [{ label: "Manager", kind: "approver" }, { label: "Employee" }],
      });
      await owner.api.template.saveFields({
        templateUuid: created.uuid,
        fields: [signatureField(created, roles.roles[1]?.uuid ?? "")],
      });
      const template = await owner.api.template.activate({ templateUuid: created.uuid });
      const [approver, signer] = people(template.roles);
      const envelope = await owner.api.template.createEnvelope({
        templateUuid: template.uuid,
        recipients: approver === undefined || signer === undefined ? [] : [approver, signer],
        send: true,
      });
      expect(envelope.status).toBe("approving");
      expect(envelope.recipients.map((recipient) => [recipient.email, recipient.kind])).toEqual([
        [approver?.email, "approver"],
        [signer?.email, "signer"],
      ]);
      expect(envelope.fields.map((field) => field.recipientUuid)).toEqual([
        envelope.recipients[1]?.uuid,
      ]);
      expect(await mailsTo(h, approver?.email ?? "")).toEqual([
        expect.stringMatching(/asks you to approve/),
      ]);
      expect(await mailsTo(h, signer?.email ?? "")).toEqual([]);

      const client = signingClient(h);
      const link = await linkFromMail(h, approver?.email ?? "", envelope.uuid);
      await readEveryPage(client, link);
      await expect(client.envelope.approve(link)).resolves.toEqual({
        recipientStatus: "approved",
        envelopeStatus: "signing",
      });
      expect(await mailsTo(h, signer?.email ?? "")).toEqual([
        expect.stringMatching(/asks you to sign/),
      ]);
    });

    it("keeps the recipients' kinds when an envelope is saved as a template", async () => {
      const sent = await sentEnvelope(owner, [uniqueEmail("signer")], {
        approvers: [uniqueEmail("approver")],
      });
      const template = await owner.api.template.createFromEnvelope({ envelopeUuid: sent.uuid });
      expect(template.roles.map((role) => [role.label, role.kind])).toEqual([
        ["Approver Number 1", "approver"],
        ["Signer Number 1", "signer"],
      ]);
      expect(template.status).toBe("draft");
      expect(template.fields.map((field) => field.recipientUuid)).toEqual([
        template.roles[1]?.uuid,
      ]);
    });
  });

  describe("kept apart from envelopes", () => {
    it("refuses every envelope call on a template (NOT_FOUND)", async () => {
      const template = await readyTemplate(["Signer"], { activate: false });
      const envelopeUuid = template.uuid;
      const documentUuid = template.documents[0]?.uuid ?? "";
      const calls: [string, () => Promise<unknown>][] = [
        ["get", () => owner.api.envelope.get({ envelopeUuid })],
        ["send", () => owner.api.envelope.send({ envelopeUuid })],
        ["cancel", () => owner.api.envelope.cancel({ envelopeUuid, reason: "No" })],
        ["update", () => owner.api.envelope.update({ envelopeUuid, title: "Hijacked" })],
        [
          "saveRecipients",
          () =>
            owner.api.envelope.saveRecipients({
              envelopeUuid,
              recipients: [{ email: uniqueEmail("x"), firstname: "X", lastname: "Y" }],
            }),
        ],
        ["saveFields", () => owner.api.envelope.saveFields({ envelopeUuid, fields: [] })],
        [
          "move",
          () =>
            owner.api.envelope.move({ envelopeUuid, workspaceUuid: owner.defaultWorkspaceUuid }),
        ],
        ["setTags", () => owner.api.envelope.setTags({ envelopeUuid, tagUuids: [] })],
        ["delete", () => owner.api.envelope.delete({ envelopeUuid })],
        ["retrySeal", () => owner.api.envelope.retrySeal({ envelopeUuid })],
        [
          "resendInvitation",
          () =>
            owner.api.envelope.resendInvitation({
              envelopeUuid,
              recipientUuid: template.roles[0]?.uuid ?? "",
            }),
        ],
        [
          "pagePreview",
          () => owner.api.envelope.pagePreview({ envelopeUuid, documentUuid, page: 0 }),
        ],
        ["download", () => owner.api.envelope.download({ envelopeUuid, kind: "original" })],
        ["activity", () => owner.api.envelope.activity({ envelopeUuid })],
      ];
      for (const [name, call] of calls) {
        expect([name, (await failure(call())).code]).toEqual([name, "NOT_FOUND"]);
      }
      const after = await owner.api.template.get({ templateUuid: template.uuid });
      expect(after).toEqual(template);
    });

    it("never lists or counts templates as envelopes, and template calls refuse envelopes", async () => {
      const before = await owner.api.envelope.dashboard({});
      const template = await readyTemplate(["Signer"], { activate: false });
      const after = await owner.api.envelope.dashboard({});
      expect(after.drafts).toBe(before.drafts);
      expect(after.inProgress).toBe(before.inProgress);
      expect(after.recent.map((row) => row.uuid)).not.toContain(template.uuid);
      const listed = await owner.api.envelope.list({ limit: 100 });
      expect(listed.envelopes.map((row) => row.uuid)).not.toContain(template.uuid);
      const drafts = await owner.api.envelope.list({ filter: "draft", limit: 100 });
      expect(drafts.envelopes.map((row) => row.uuid)).not.toContain(template.uuid);

      const envelope = await owner.api.envelope.upload({
        files: [{ filename: "Plain.pdf", data: await tinyPdf(1) }],
      });
      expect((await failure(owner.api.template.get({ templateUuid: envelope.uuid }))).code).toBe(
        "NOT_FOUND",
      );
      expect(
        (await failure(owner.api.template.archive({ templateUuid: envelope.uuid }))).code,
      ).toBe("NOT_FOUND");
      const templates = await owner.api.template.list({ limit: 100 });
      expect(templates.templates.map((row) => row.uuid)).not.toContain(envelope.uuid);
    });
  });

  describe("create-envelope", () => {
    it("asks for a person for every role: Please select all recipients", async () => {
      const template = await readyTemplate(["Employee", "Manager"]);
      const refused = await failure(
        owner.api.template.createEnvelope({
          templateUuid: template.uuid,
          recipients: people(template.roles).slice(0, 1),
        }),
      );
      expect(refused.code).toBe("VALIDATION_ERROR");
      expect(refused.message).toBe("Please select all recipients.");
      expect(refused.details).toEqual([
        expect.objectContaining({ path: "recipients", message: "select_all_recipients" }),
      ]);
    });

    it("refuses a draft template, and one without recipients", async () => {
      const draft = await readyTemplate(["Signer"], { activate: false });
      expect(
        (
          await failure(
            owner.api.template.createEnvelope({
              templateUuid: draft.uuid,
              recipients: people(draft.roles),
            }),
          )
        ).code,
      ).toBe("CONFLICT");
      const empty = await newTemplate();
      await h.database.connection.db
        .updateTable("envelope")
        .set({ templateStatus: "active" })
        .where("id", "=", empty.uuid)
        .execute();
      const refused = await failure(
        owner.api.template.createEnvelope({ templateUuid: empty.uuid, recipients: [] }),
      );
      expect(refused.code).toBe("VALIDATION_ERROR");
      expect(refused.details).toEqual([
        expect.objectContaining({ message: "template_without_recipients" }),
      ]);
    });

    it("makes an independent copy: later template edits do not change the envelope", async () => {
      const template = await readyTemplate(["Employee", "Manager"]);
      await owner.api.template.update({
        templateUuid: template.uuid,
        options: { message: "Default message" },
      });
      const chosen = people(template.roles);
      const envelope = await owner.api.template.createEnvelope({
        templateUuid: template.uuid,
        recipients: chosen,
      });
      expect(envelope.status).toBe("draft");
      expect(envelope.options.message).toBe("Default message");
      expect(envelope.recipients.map((r) => [r.email, r.firstname, r.lastname, r.order])).toEqual(
        chosen.map((person, index) => [person.email, person.firstname, person.lastname, index + 1]),
      );
      expect(envelope.fields).toHaveLength(2);
      expect(envelope.documents[0]?.uuid).not.toBe(template.documents[0]?.uuid);

      await owner.api.template.update({
        templateUuid: template.uuid,
        title: "Changed later",
        options: { message: "Changed message" },
      });
      await owner.api.template.saveRecipients({
        templateUuid: template.uuid,
        roles: [{ label: "Only one" }],
      });
      await owner.api.template.delete({ templateUuid: template.uuid });

      const reread = await owner.api.envelope.get({ envelopeUuid: envelope.uuid });
      expect(reread).toEqual(envelope);
      const preview = await owner.api.envelope.pagePreview({
        envelopeUuid: envelope.uuid,
        documentUuid: envelope.documents[0]?.uuid ?? "",
        page: 0,
      });
      expect(preview.data.length).toBeGreaterThan(0);

      const activity = await owner.api.envelope.activity({ envelopeUuid: envelope.uuid });
      expect(activity.chainValid).toBe(true);
      expect(activity.events).toEqual([
        expect.objectContaining({
          type: "envelopeCreated",
          fromTemplate: { uuid: template.uuid, title: template.title },
        }),
      ]);
    });

    it("sends at once with send, with the given message", async () => {
      const template = await readyTemplate(["Signer"]);
      const [person] = people(template.roles);
      const envelope = await owner.api.template.createEnvelope({
        templateUuid: template.uuid,
        recipients: person === undefined ? [] : [person],
        message: "Sign today please",
        send: true,
      });
      expect(envelope.status).toBe("signing");
      expect(envelope.options.message).toBe("Sign today please");
      expect(await mailsTo(h, person?.email ?? "")).toHaveLength(1);
    });
  });

  describe("create-from-envelope", () => {
    it("saves a sent envelope as a draft template with roles named after its recipients", async () => {
      const sent = await sentEnvelope(owner, [uniqueEmail("a"), uniqueEmail("b")]);
      const template = await owner.api.template.createFromEnvelope({ envelopeUuid: sent.uuid });
      expect(template.status).toBe("draft");
      expect(template.title).toBe(sent.title);
      expect(template.roles.map((role) => role.label)).toEqual([
        "Signer Number 1",
        "Signer Number 2",
      ]);
      expect(template.fields.map((field) => field.recipientUuid)).toEqual(
        template.roles.map((role) => role.uuid),
      );
      // The envelope is untouched and still listed as an envelope.
      expect(await owner.api.envelope.get({ envelopeUuid: sent.uuid })).toMatchObject({
        status: "signing",
        recipients: sent.recipients.map((recipient) => ({ uuid: recipient.uuid })),
      });
    });

    it("labels recipients without a name Recipient N and keeps its own files", async () => {
      const draft = await owner.api.envelope.upload({
        files: [{ filename: "Nameless.pdf", data: await tinyPdf(1) }],
      });
      const withRecipient = await owner.api.envelope.saveRecipients({
        envelopeUuid: draft.uuid,
        recipients: [{ email: uniqueEmail("n"), firstname: "Nora", lastname: "Name" }],
      });
      await h.database.connection.db
        .updateTable("recipient")
        .set({ firstname: "", lastname: "" })
        .where("id", "=", withRecipient.recipients[0]?.uuid ?? "")
        .execute();
      const template = await owner.api.template.createFromEnvelope({
        envelopeUuid: draft.uuid,
        title: "From a draft",
      });
      expect(template).toMatchObject({ title: "From a draft", status: "incomplete" });
      expect(template.roles.map((role) => role.label)).toEqual(["Recipient 1"]);
      await owner.api.envelope.delete({ envelopeUuid: draft.uuid });
      const preview = await owner.api.template.pagePreview({
        templateUuid: template.uuid,
        documentUuid: template.documents[0]?.uuid ?? "",
        page: 0,
      });
      expect(preview.data.length).toBeGreaterThan(0);
    });
  });

  it("moves a workspace's templates with its envelopes when the workspace is deleted", async () => {
    const { workspace } = await owner.api.workspace.create({
      name: `Closing ${Date.now()}`,
      color: "#059669",
    });
    const template = await owner.api.template.create({
      workspaceUuid: workspace.uuid,
      files: [{ filename: "Moving.pdf", data: await tinyPdf(1) }],
    });
    await owner.api.workspace.delete({
      workspaceUuid: workspace.uuid,
      destinationWorkspaceUuid: owner.defaultWorkspaceUuid,
    });
    expect((await owner.api.template.get({ templateUuid: template.uuid })).workspaceUuid).toBe(
      owner.defaultWorkspaceUuid,
    );
  });

  describe("who may", () => {
    it("hides templates from another team and from a member outside the workspace", async () => {
      const template = await readyTemplate(["Signer"]);
      const stranger = await signUpMember(h, "stranger", "Other team");
      const { workspace } = await owner.api.workspace.create({
        name: `Elsewhere ${Date.now()}`,
        color: "#2563eb",
      });
      const outside = await joinTeam(
        h,
        owner,
        "outside",
        () => roleIdOf(h, owner.teamUuid, "Member"),
        [workspace.uuid],
      );
      for (const caller of [stranger, outside]) {
        expect((await failure(caller.api.template.get({ templateUuid: template.uuid }))).code).toBe(
          "NOT_FOUND",
        );
        expect(
          (
            await failure(
              caller.api.template.createEnvelope({
                templateUuid: template.uuid,
                recipients: people(template.roles),
              }),
            )
          ).code,
        ).toBe("NOT_FOUND");
        const listed = await caller.api.template.list({ limit: 100 });
        expect(listed.templates.map((row) => row.uuid)).not.toContain(template.uuid);
      }
    });

    it("lets a Viewer read a template but not use it", async () => {
      const template = await readyTemplate(["Signer"]);
      const viewer = await joinTeam(h, owner, "viewer", () =>
        roleIdOf(h, owner.teamUuid, "Viewer"),
      );
      expect((await viewer.api.template.get({ templateUuid: template.uuid })).uuid).toBe(
        template.uuid,
      );
      expect(
        (
          await failure(
            viewer.api.template.createEnvelope({
              templateUuid: template.uuid,
              recipients: people(template.roles),
            }),
          )
        ).code,
      ).toBe("FORBIDDEN");
    });
  });
});
