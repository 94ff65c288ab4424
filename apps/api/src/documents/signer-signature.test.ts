import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PlatformIdentity, loadOrCreatePlatformIdentity } from "./certificates";
import {
  issueSignerCertificate,
  loadOrCreateSignerAuthority,
  type SignerAuthority,
} from "./signer-authority";
import { type StampField } from "./stamp";
import { closeDocumentWorkers, sealPdf, signAsSigner } from "./worker-pool";
import {
  makePdf,
  makeSignaturePng,
  nssDatabaseTrusting,
  pdfsig,
  pdfText,
  qpdfCheck,
  temporaryDirectory,
} from "../test/documents";

const tmp = temporaryDirectory();
let identity: PlatformIdentity;
let authority: SignerAuthority;
let nss: { nssdir: string; cleanup: () => void };

beforeAll(async () => {
  identity = await loadOrCreatePlatformIdentity({ dataDir: tmp.dir });
  authority = await loadOrCreateSignerAuthority({ dataDir: tmp.dir });
  nss = nssDatabaseTrusting(identity.certificatePem, authority.certificatePem);
});

afterAll(async () => {
  await closeDocumentWorkers();
  nss?.cleanup();
  tmp.cleanup();
});

/** The seal's bytes, whether `sealPdf` answers them alone or with the level reached. */
function sealedBytes(result: Uint8Array | { bytes: Uint8Array }): Uint8Array {
  return result instanceof Uint8Array ? result : result.bytes;
}

/** Each signature's signed ranges as pdfsig reports them: the end of its second range. */
function signedEnds(report: string): number[] {
  return [...report.matchAll(/Signed Ranges: \[\d+ - \d+\], \[\d+ - (\d+)\]/g)].map((match) =>
    Number(match[1]),
  );
}

async function signIn(
  pdf: Uint8Array,
  person: { name: string; email: string; check: "email_code" | "sms_code" },
  fields: StampField[],
): Promise<Uint8Array> {
  const issued = await issueSignerCertificate(authority, person);
  return signAsSigner(pdf, fields, {
    certificate: issued.certificate,
    pkcs8: issued.pkcs8,
    chain: issued.chain,
    fieldName: person.name,
    reason: "Signed with Paraphe (advanced electronic signature)",
    location: "Paraphe",
  });
}

describe("signAsSigner", () => {
  it("adds a PAdES signature per signer, each over its revision, and the seal over everything, all valid", async () => {
    const png = await makeSignaturePng();
    const original = await makePdf({ pages: 2 });
    const first = await signIn(
      original,
      { name: "Zoë Martin", email: "zoe@example.com", check: "email_code" },
      [
        { page: 0, x: 0.1, y: 0.8, width: 0.35, height: 0.1, kind: "signature", value: { png } },
        { page: 0, x: 0.1, y: 0.92, width: 0.35, height: 0.04, kind: "name", value: "Zoë Martin" },
      ],
    );
    const second = await signIn(
      first,
      { name: "Zoë Martin", email: "other@example.com", check: "sms_code" },
      [
        { page: 1, x: 0.5, y: 0.8, width: 0.35, height: 0.1, kind: "signature", value: { png } },
        {
          page: 1,
          x: 0.5,
          y: 0.92,
          width: 0.35,
          height: 0.04,
          kind: "text",
          value: "Lu et approuvé",
        },
      ],
    );
    // Each update appends: every earlier revision is a prefix of the next.
    expect(Buffer.from(first.subarray(0, original.length)).equals(Buffer.from(original))).toBe(
      true,
    );
    expect(Buffer.from(second.subarray(0, first.length)).equals(Buffer.from(first))).toBe(true);
    const sealed = sealedBytes(
      await sealPdf(second, {
        identity,
        level: "B-B",
        reason: "Sealed by Paraphe after every signer signed",
        location: "Paraphe",
        signerName: "Paraphe",
      }),
    );
    expect(Buffer.from(sealed.subarray(0, second.length)).equals(Buffer.from(second))).toBe(true);

    const report = pdfsig(sealed, nss.nssdir);
    expect(report.match(/Signature #\d+:/g)).toHaveLength(3);
    expect(report.match(/Signature is Valid/g)).toHaveLength(3);
    expect(report.match(/Certificate is Trusted/g)).toHaveLength(3);
    expect(report).not.toMatch(/Digest Mismatch|Signature is Invalid/);
    // The signers' certificates name them; the two fields have distinct names.
    expect(report).toContain("Zoë Martin");
    expect(report).toContain("Paraphe development seal");
    expect(report).toMatch(/Signature Field Name: Zoë Martin 2/);
    // Each signature covers its own revision, and the seal the whole file.
    expect(signedEnds(report)).toEqual([first.length, second.length, sealed.length]);
    expect(report).toContain("Total document signed");
    const check = qpdfCheck(sealed);
    expect(check.output).toContain("No syntax or stream encoding errors");
    expect(check.status).toBe(0);
    const text = pdfText(sealed);
    expect(text).toContain("Zoë Martin");
    expect(text).toContain("Lu et approuvé");
  });
});
