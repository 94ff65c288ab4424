import { randomUUID } from "node:crypto";
import type { FieldInput } from "@paraphe/api-sdk/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pdfText } from "../test/documents";
import { testDatabaseKinds } from "../test/databases";
import {
  failure,
  linkFromMail,
  readEveryPage,
  signaturePng,
  signingClient,
  signUpMember,
  tinyPdf,
  type TeamMember,
} from "../test/envelopes";

import { createIdentityHarness, uniqueEmail, type IdentityHarness } from "../test/identity";

describe.each(testDatabaseKinds)("richer fields and conditions on %s", (kind) => {
  let h: IdentityHarness;
  let sender: TeamMember;

  beforeAll(async () => {
    h = await createIdentityHarness(kind);
    sender = await signUpMember(h, "sender");
  });
  afterAll(async () => {
    await h.destroy();
  });

  /** A draft for one signer with every kind, some shown only when the box `agree` is ticked. */
  async function draftWithFields() {
    const ids = {
      signature: randomUUID(),
      agree: randomUUID(),
      details: randomUUID(),
      hiddenNote: randomUUID(),
      hiddenEmail: randomUUID(),
      amount: randomUUID(),
      iban: randomUUID(),
      plan: randomUUID(),
      country: randomUUID(),
      phone: randomUUID(),
      note: randomUUID(),
    };
    const draft = await sender.api.envelope.upload({
      files: [{ filename: "Order.pdf", data: await tinyPdf(1) }],
    });
    const email = uniqueEmail("signer");
    const saved = await sender.api.envelope.saveRecipients({
      envelopeUuid: draft.uuid,
      recipients: [{ email, firstname: "Zoë", lastname: "Łukasiewicz" }],
    });
    const recipientUuid = saved.recipients[0]?.uuid ?? "";
    const documentUuid = draft.documents[0]?.uuid ?? "";
    let row = 0;
    const at = (
      field: Omit<
        FieldInput,
        "documentUuid" | "page" | "x" | "y" | "width" | "height" | "recipientUuid"
      >,
    ): FieldInput => ({
      documentUuid,
      page: 0,
      x: 0.05,
      y: 0.02 + 0.09 * row++,
      width: 0.9,
      height: 0.07,
      recipientUuid,
      ...field,
    });
    const fields: FieldInput[] = [
      at({ uuid: ids.signature, kind: "signature" }),
      at({ uuid: ids.agree, kind: "checkbox", required: false }),
      at({
        uuid: ids.details,
        kind: "text",
        required: true,
        settings: { condition: { fieldUuid: ids.agree, value: "true" } },
      }),
      at({
        uuid: ids.hiddenNote,
        kind: "readonly",
        required: false,
        settings: {
          defaultValue: "Clause shown when agreed",
          condition: { fieldUuid: ids.agree, value: "true" },
        },
      }),
      // Filled by the server when shown (the signer's address): hidden, it stays blank.
      at({
        uuid: ids.hiddenEmail,
        kind: "email",
        required: false,
        settings: { condition: { fieldUuid: ids.agree, value: "true" } },
      }),
      at({ uuid: ids.amount, kind: "number", settings: { min: 1, max: 500, decimals: 2 } }),
      at({
        uuid: ids.iban,
        kind: "text",
        settings: { validation: { kind: "preset", preset: "iban" } },
      }),
      at({
        uuid: ids.plan,
        kind: "radio",
        settings: { options: ["Basic", "Premium"], defaultValue: "Basic" },
      }),
      at({ uuid: ids.country, kind: "dropdown", settings: { options: ["France", "Belgique"] } }),
      at({ uuid: ids.phone, kind: "phone", required: false }),
      at({
        uuid: ids.note,
        kind: "readonly",
        required: false,
        settings: { defaultValue: "Délai de paiement : 30 jours" },
      }),
    ];
    await sender.api.envelope.saveFields({ envelopeUuid: draft.uuid, fields });
    return { draft, email, fields, ids };
  }

  it("refuses a condition that depends on itself through another field, at save", async () => {
    const { draft, fields, ids } = await draftWithFields();
    const cyclic = fields.map((field) =>
      field.uuid === ids.agree
        ? { ...field, settings: { condition: { fieldUuid: ids.plan, value: "Premium" } } }
        : field.uuid === ids.plan
          ? {
              ...field,
              settings: {
                options: ["Basic", "Premium"],
                condition: { fieldUuid: ids.agree, value: "true" },
              },
            }
          : field,
    );
    const error = await failure(
      sender.api.envelope.saveFields({ envelopeUuid: draft.uuid, fields: cyclic }),
    );
    expect(error.code).toBe("VALIDATION_ERROR");
    expect(error.details?.map((detail) => detail.message)).toContain("condition_cycle");
    // The saved fields kept their settings.
    const detail = await sender.api.envelope.get({ envelopeUuid: draft.uuid });
    expect(detail.fields.find((field) => field.uuid === ids.plan)?.settings).toEqual({
      options: ["Basic", "Premium"],
      defaultValue: "Basic",
    });
  });

  it("shows a later signer none of the fields an earlier signer's answers hid", async () => {
    const draft = await sender.api.envelope.upload({
      files: [{ filename: "Order.pdf", data: await tinyPdf(1) }],
    });
    const first = uniqueEmail("first");
    const second = uniqueEmail("second");
    await sender.api.envelope.update({
      envelopeUuid: draft.uuid,
      options: { signingOrder: "sequential" },
    });
    const saved = await sender.api.envelope.saveRecipients({
      envelopeUuid: draft.uuid,
      recipients: [
        { email: first, firstname: "Zoë", lastname: "Łukasiewicz" },
        { email: second, firstname: "Émile", lastname: "Zola" },
      ],
    });
    const [one, two] = saved.recipients.map((recipient) => recipient.uuid);
    const documentUuid = draft.documents[0]?.uuid ?? "";
    const agree = randomUUID();
    const at = (y: number) => ({ documentUuid, page: 0, x: 0.1, y, width: 0.5, height: 0.08 });
    await sender.api.envelope.saveFields({
      envelopeUuid: draft.uuid,
      fields: [
        { ...at(0.1), kind: "signature", recipientUuid: one ?? "" },
        { ...at(0.25), uuid: agree, kind: "checkbox", required: false, recipientUuid: one ?? "" },
        // Filled by the server (the signer's name) when shown: the box unticked hides it.
        {
          ...at(0.4),
          kind: "name",
          required: false,
          recipientUuid: one ?? "",
          settings: { condition: { fieldUuid: agree, value: "true" } },
        },
        { ...at(0.7), kind: "signature", recipientUuid: two ?? "" },
      ],
    });
    await sender.api.envelope.send({ envelopeUuid: draft.uuid });
    await h.t.jobs.runUntilIdle();
    const client = signingClient(h);
    const firstLink = await linkFromMail(h, first, draft.uuid);
    await readEveryPage(client, firstLink);
    await client.envelope.sign({
      ...firstLink,
      signature: { kind: "drawn", image: await signaturePng() },
      values: { [agree]: "false" },
    });
    await h.t.jobs.runUntilIdle();
    const secondLink = await linkFromMail(h, second, draft.uuid);
    const earlier = (await client.envelope.open(secondLink)).completedFields;
    // The first signer's signature and unticked box; not the name the box hid.
    expect(earlier.map((field) => field.kind).sort()).toEqual(["checkbox", "signature"]);
  });

  it("checks every value, refuses a hidden field filled in, and stamps only what is shown", async () => {
    const { draft, email, ids } = await draftWithFields();
    const sent = await sender.api.envelope.send({ envelopeUuid: draft.uuid });
    await h.t.jobs.runUntilIdle();
    const client = signingClient(h);
    const link = await linkFromMail(h, email, sent.uuid);
    await readEveryPage(client, link);
    const signature = { kind: "drawn" as const, image: await signaturePng() };
    const good = {
      [ids.agree]: "false",
      [ids.amount]: "120,50",
      [ids.iban]: "fr14 2004 1010 0505 0001 3M02 606",
      [ids.plan]: "Premium",
      [ids.country]: "Belgique",
      [ids.phone]: "+32 470 12 34 56",
    };
    const refusal = async (values: Record<string, string>) => {
      const error = await failure(client.envelope.sign({ ...link, signature, values }));
      expect(error.code).toBe("VALIDATION_ERROR");
      return error.details?.map((detail) => [detail.path, detail.message]);
    };

    // A crafted request filling the field that the unticked box hides.
    expect(await refusal({ ...good, [ids.details]: "sneaked in" })).toEqual([
      [`values.${ids.details}`, "hidden_field"],
    ]);
    expect(await refusal({ ...good, [ids.amount]: "500.001" })).toEqual([
      [`values.${ids.amount}`, "too_many_decimals"],
    ]);
    expect(await refusal({ ...good, [ids.amount]: "9000" })).toEqual([
      [`values.${ids.amount}`, "above_maximum"],
    ]);
    expect(await refusal({ ...good, [ids.iban]: "FR15 2004 1010 0505 0001 3M02 606" })).toEqual([
      [`values.${ids.iban}`, "invalid_iban"],
    ]);
    expect(await refusal({ ...good, [ids.plan]: "Gold" })).toEqual([
      [`values.${ids.plan}`, "not_an_option"],
    ]);
    expect(await refusal({ ...good, [ids.phone]: "0470 12 34 56" })).toEqual([
      [`values.${ids.phone}`, "invalid_phone"],
    ]);
    expect(await refusal({ ...good, [ids.note]: "my own words" })).toEqual([
      [`values.${ids.note}`, "read_only"],
    ]);
    // Ticked, the box shows the details field, now required.
    expect(await refusal({ ...good, [ids.agree]: "true" })).toEqual([
      [`values.${ids.details}`, "required"],
    ]);

    // Unticked, the hidden field is not required: the signature goes through.
    await client.envelope.sign({ ...link, signature, values: good });
    await h.t.jobs.runUntilIdle();
    const complete = await sender.api.envelope.get({ envelopeUuid: sent.uuid });
    expect(complete.status).toBe("complete");
    const sealed = Buffer.from(
      (await sender.api.envelope.download({ envelopeUuid: sent.uuid, kind: "sealed" })).data,
      "base64",
    );
    const text = pdfText(sealed, { raw: true }).replace(/\s+/g, " ");
    expect(text).toContain("120.50");
    expect(text).toContain("FR1420041010050500013M02606");
    expect(text).toContain("Premium");
    expect(text).toContain("Belgique");
    expect(text).toContain("+32470123456");
    expect(text).toContain("Délai de paiement : 30 jours");
    // The read-only clause its condition hides is not stamped.
    expect(text).not.toContain("Clause shown when agreed");
    // Nor is the signer's address that the hidden email field would have carried.
    expect(text).not.toContain(email);
  });
});
