import { getServerT } from "@paraphe/i18n";
import { buildProofRecord } from "@paraphe/api-sdk/verify";
import { PDFDocument } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AuditEvent } from "./audit-chain";
import { type ProofInput, proofModel, renderProof } from "./proof";
import { loadOrCreatePlatformIdentity } from "./certificates";
import { sealPdf } from "./worker-pool";
import {
  makeSignaturePng,
  nssDatabaseTrusting,
  pdfText,
  pdfsig,
  qpdfCheck,
  temporaryDirectory,
} from "../test/documents";
import { closeDocumentWorkers } from "./worker-pool";

const originalSha256 = "3f9b63f180425179b2ef1ece8e059a11424756f8cd043b4b3b2c5c71c067146d";
const sealedSha256 = "79cb079b167a515d018984d0da9f1860f8be1b4660fc4fd9e6530cafbb1f8b5b";
const alice = { name: "Alice Martin", email: "alice@example.com" };
const zoe = { name: "Zoë Łukasiewicz-Ñúñez", email: "zoe@example.fr" };
const firefox = "Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0";
const safari =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";

const events: AuditEvent[] = [
  {
    type: "envelopeCreated",
    at: "2026-11-22T09:00:00.000Z",
    actor: alice,
    ip: "203.0.113.7",
    userAgent: firefox,
    data: { title: "Contrat de prestation — Ærøskøbing" },
  },
  {
    type: "envelopeSent",
    at: "2026-11-22T09:05:00.000Z",
    actor: alice,
    ip: "203.0.113.7",
    userAgent: firefox,
    data: { recipients: [zoe] },
  },
  {
    type: "envelopeOpened",
    at: "2026-11-22T10:00:00.000Z",
    actor: zoe,
    ip: "2001:db8:85a3::8a2e:370:7334",
    userAgent: safari,
    data: {},
  },
  {
    type: "documentSigned",
    at: "2026-11-22T10:02:00.000Z",
    actor: zoe,
    ip: "2001:db8:85a3::8a2e:370:7334",
    userAgent: safari,
    data: {},
  },
  {
    type: "envelopeCompleted",
    at: "2026-11-22T10:02:01.000Z",
    actor: null,
    ip: null,
    userAgent: null,
    data: { sealedSha256 },
  },
];

let input: Omit<ProofInput, "language">;
const tmp = temporaryDirectory();

afterAll(async () => {
  await closeDocumentWorkers();
  tmp.cleanup();
});

beforeAll(async () => {
  input = {
    title: "Contrat de prestation — Ærøskøbing",
    envelopeId: "0b8e4c6e-2f7d-4d8a-9c51-7f3e2a1b9d40",
    originalSha256,
    sealedSha256,
    events,
    signers: [
      {
        ...zoe,
        signedAt: new Date("2026-11-22T10:02:00.000Z"),
        signatureImage: await makeSignaturePng(),
      },
    ],
    generatedAt: new Date("2026-11-22T10:02:05.000Z"),
    completedAt: new Date("2026-11-22T10:02:01.000Z"),
    chainHead: "c".repeat(64),
  };
});

/** pdftotext of the proof in drawing order, line breaks and runs of spaces folded. */
function flatText(pdf: Uint8Array): string {
  return pdfText(pdf, { raw: true }).replace(/\s+/g, " ");
}

describe("renderProof", () => {
  it("shows the activity log's SHA-256 fingerprint that paraphe-verify prints, and labels the platform's keyed head apart", () => {
    const t = getServerT("en", "proof");
    const model = proofModel({ ...input, language: "en" });
    const record = buildProofRecord({
      envelopeId: input.envelopeId,
      title: input.title,
      generatedAt: input.generatedAt,
      documents: [{ originalSha256, sealedSha256 }],
      events: input.events,
    });
    expect(model.summary).toContainEqual({
      label: t("summary.chainFingerprint"),
      value: record.chain.head,
      mono: true,
    });
    expect(model.summary).toContainEqual({
      label: t("summary.chainHead"),
      value: "c".repeat(64),
      mono: true,
    });
    expect(t("summary.chainFingerprint")).toMatch(/paraphe-verify/);
  });

  for (const language of ["en", "fr"] as const) {
    it(`writes the ${language === "en" ? "English" : "French"} headings, the hashes, the signers and every event`, async () => {
      const t = getServerT(language, "proof");
      const pdf = await renderProof({ ...input, language });
      const text = flatText(pdf);

      expect(text).toContain(t("heading"));
      expect(text).toContain(t("summary.originalSha256"));
      expect(text).toContain(t("summary.sealedSha256"));
      // Section headings are set in capitals.
      for (const heading of [
        t("signers.heading"),
        t("events.heading"),
        t("verification.heading"),
      ]) {
        expect(text).toContain(heading.toLocaleUpperCase(language));
      }
      expect(text).toContain(originalSha256);
      expect(text).toContain(sealedSha256);
      expect(text).toContain(input.envelopeId);
      expect(text).toContain(zoe.name);
      expect(text).toContain("203.0.113.7");
      // A long IPv6 address wraps inside its column.
      expect(text).toContain("2001:db8:85a3::8a2e");
      expect(text).toContain(":370:7334");
      for (const type of [
        "envelopeCreated",
        "envelopeSent",
        "envelopeOpened",
        "documentSigned",
        "envelopeCompleted",
      ] as const) {
        expect(text).toContain(t(`events.types.${type}`));
      }
      expect(text).toContain("Firefox/140.0");
      const check = qpdfCheck(pdf);
      expect(check.output).toContain("No syntax or stream encoding errors");
      expect(check.status).toBe(0);
    });
  }

  it("says how the activity chain was checked: keyed, re-keyed on a date, or broken, in both languages", () => {
    const row = (model: ReturnType<typeof proofModel>, label: string) =>
      model.summary.find((item) => item.label === label)?.value;
    for (const language of ["en", "fr"] as const) {
      const t = getServerT(language, "proof");
      const label = t("summary.chainCheck");
      expect(row(proofModel({ ...input, language }), label)).toBeUndefined();
      const keyed = row(
        proofModel({ ...input, language, chainCheck: { valid: true, rekeyedAt: null } }),
        label,
      );
      expect(keyed).toBe(t("chainCheck.keyed"));
      expect(keyed).toContain("HMAC-SHA-256");
      const rekeyed = row(
        proofModel({
          ...input,
          language,
          chainCheck: { valid: true, rekeyedAt: new Date("2026-11-23T12:00:00.000Z") },
        }),
        label,
      );
      expect(rekeyed).toContain("SHA-256");
      expect(rekeyed).toContain(language === "en" ? "November 23, 2026" : "23 novembre 2026");
      expect(
        row(
          proofModel({ ...input, language, chainCheck: { valid: false, rekeyedAt: null } }),
          label,
        ),
      ).toBe(t("chainCheck.broken"));
    }
  });

  it("names the template and the API key an envelope was created through, in both languages", () => {
    const created: AuditEvent = {
      type: "envelopeCreated",
      at: "2026-11-22T09:00:00.000Z",
      actor: alice,
      ip: "203.0.113.7",
      userAgent: null,
      data: {
        title: "Order form",
        fromTemplate: { uuid: "0b8e4c6e-2f7d-4d8a-9c51-7f3e2a1b9d41", title: "Orders" },
        viaApiKey: { uuid: "0b8e4c6e-2f7d-4d8a-9c51-7f3e2a1b9d42", description: "Shop backend" },
      },
    };
    for (const language of ["en", "fr"] as const) {
      const t = getServerT(language, "proof");
      const [event] = proofModel({ ...input, language, events: [created] }).events;
      expect(event?.details).toEqual([
        t("events.titleDetail", { title: "Order form" }),
        t("events.templateDetail", { title: "Orders" }),
        t("events.apiKeyDetail", { description: "Shop backend" }),
      ]);
      expect(event?.details[2]).toContain("Shop backend");
    }
  });

  it("formats dates with Intl in the proof's language", async () => {
    expect(flatText(await renderProof({ ...input, language: "en" }))).toContain(
      "November 22, 2026",
    );
    expect(flatText(await renderProof({ ...input, language: "fr" }))).toContain("22 novembre 2026");
  });

  it("runs over several pages when the log is long, with a footer on each", async () => {
    const many: AuditEvent[] = Array.from({ length: 80 }, (_, index) => ({
      type: "envelopeOpened",
      at: new Date(Date.UTC(2026, 10, 22, 10, index)).toISOString(),
      actor: zoe,
      ip: `198.51.100.${index}`,
      userAgent: safari,
      data: {},
    }));
    const pdf = await renderProof({ ...input, language: "fr", events: [...events, ...many] });
    // Counted by pdf-lib: the upload inspection refuses a proof, whose record is an embedded file.
    const pageCount = (await PDFDocument.load(pdf)).getPageCount();
    expect(pageCount).toBeGreaterThan(2);
    const text = flatText(pdf);
    expect(text).toContain(`Page ${pageCount} sur ${pageCount}`);
    expect(text).toContain("198.51.100.79");
    expect(qpdfCheck(pdf).status).toBe(0);
  });

  it("is sealed like any document: pdfsig validates the sealed proof", async () => {
    const identity = await loadOrCreatePlatformIdentity({ dataDir: tmp.dir });
    const nss = nssDatabaseTrusting(identity.certificatePem);
    try {
      const proof = await renderProof({ ...input, language: "fr" });
      const sealed = (
        await sealPdf(proof, {
          identity,
          level: "B-B",
          reason: "Certificat de signature",
          location: "Paraphe",
          signerName: "Paraphe seal",
        })
      ).bytes;
      const report = pdfsig(sealed, nss.nssdir);
      expect(report).toContain("Signature is Valid");
      expect(report).toContain("Total document signed");
      expect(qpdfCheck(sealed).status).toBe(0);
    } finally {
      nss.cleanup();
    }
  });
});
