import { randomBytes } from "node:crypto";
import { loadImage } from "@napi-rs/canvas";
import { createApiClient, DEFAULT_APP_CREDENTIALS } from "@paraphe/api-sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadOrCreatePlatformIdentity } from "./certificates";
import {
  closeDocumentWorkers,
  sharedDocumentWorkers,
  stampAndSealPdf,
  type DocumentTaskEvent,
} from "./worker-pool";
import { MAX_PREVIEW_PIXELS, MAX_PREVIEW_SIDE } from "./previews";
import { nssDatabaseTrusting, pdfsig, qpdfCheck, temporaryDirectory } from "../test/documents";
import { oneTestDatabaseKind } from "../test/databases";
import {
  failure,
  linkFromMail,
  readEveryPage,
  sign,
  signingClient,
  signUpMember,
  type TeamMember,
} from "../test/envelopes";
import {
  createIdentityHarness,
  socketEnv,
  TEST_PROXY_ADDRESS,
  uniqueEmail,
  type IdentityHarness,
} from "../test/identity";
import { createTestTunnelClient } from "../test/tunnel";
import { MAX_SEALED_REQUEST_BYTES } from "../tunnel/sealed-requests";
import {
  alreadySignedPdf,
  attachedFilePdf,
  brokenFontPdf,
  concat,
  deeplyNestedPdf,
  documentJavaScriptPdf,
  elfExecutable,
  escapedJavaScriptLinkPdf,
  fileAttachmentAnnotationPdf,
  fromLatin1,
  hugePagePdf,
  lastOffsetOf,
  openActionPdf,
  paddedPdf,
  pageAdditionalActionsPdf,
  pageTreeLoopPdf,
  pdfHeaderThenExecutable,
  peExecutable,
  plainPdf,
  qpdfEncrypt,
  selfKidPdf,
  truncatedAt,
  twoThousandPages,
  zipArchive,
} from "../test/upload-corpus";

/**
 * The upload corpus (issue 16): each hostile, broken or borderline file goes through the real
 * api client (tunnel, signature, `POST /envelope/upload`) and gets the documented outcome (the
 * table "Upload corpus" in the api's README). After each, the api still answers. The documented
 * limits are the defaults: MAX_UPLOAD_BYTES 20 MiB, MAX_UPLOAD_PAGES 500. The document worker's
 * time limit is lowered so that a file that held the worker would come back `too_complex`, not
 * with the code asserted: the worker's own limit is the clock, never a sleep.
 */
const WORKER_TIMEOUT_SECONDS = 30;
const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;

/** What `files.0` of a refused upload says (VALIDATION_ERROR, nothing stored). */
type Refusal = { refused: string; path?: string };
/** An accepted file; `previewFailed`: its first page has no image (the page call says why). */
type Acceptance = {
  pages: number;
  size: { width: number; height: number };
  previewFailed?: true;
};

interface CorpusCase {
  name: string;
  make: () => Promise<Uint8Array> | Uint8Array;
  expected: Refusal | Acceptance;
}

const base = () => plainPdf();
const corpus: CorpusCase[] = [
  {
    name: "cut at half its length",
    make: async () => truncatedAt(await base(), (await base()).length / 2),
    expected: { refused: "truncated" },
  },
  {
    name: "cut where its trailer starts",
    make: async () => truncatedAt(await base(), lastOffsetOf(await base(), "trailer")),
    expected: { refused: "truncated" },
  },
  {
    name: "empty (0 bytes)",
    make: () => new Uint8Array(0),
    expected: { refused: "invalid_file", path: "files.0.data" },
  },
  {
    name: "only whitespace",
    make: () => fromLatin1(" \n\t\r\n ".repeat(200)),
    expected: { refused: "not_pdf" },
  },
  {
    name: "encrypted with a user password",
    make: async () => qpdfEncrypt(await base(), "open-sesame"),
    expected: { refused: "encrypted" },
  },
  {
    name: "encrypted with only an owner password (opens without one)",
    make: async () => qpdfEncrypt(await base(), ""),
    expected: { refused: "encrypted" },
  },
  {
    name: "a Linux executable (ELF) named .pdf",
    make: elfExecutable,
    expected: { refused: "not_pdf" },
  },
  {
    name: "a Windows executable (MZ/PE) named .pdf",
    make: peExecutable,
    expected: { refused: "not_pdf" },
  },
  {
    name: "a PDF header followed by an executable",
    make: pdfHeaderThenExecutable,
    expected: { refused: "unreadable" },
  },
  {
    name: "a PDF with a ZIP archive (holding an executable) joined after its end",
    make: async () => concat(await base(), zipArchive("setup.exe", peExecutable())),
    expected: { refused: "not_pdf" },
  },
  {
    name: "a ZIP archive whose first entry is a PDF (a PDF header within the first 1 KB)",
    make: async () => zipArchive("contract.pdf", await base()),
    expected: { refused: "not_pdf" },
  },
  {
    name: "2,000 pages (over the 500-page limit)",
    make: twoThousandPages,
    expected: { refused: "too_many_pages" },
  },
  {
    name: "over the 20 MiB size limit (within the request limit)",
    make: () => paddedPdf(MAX_UPLOAD_BYTES + 64 * 1024),
    expected: { refused: "too_large" },
  },
  {
    name: "a page holding arrays nested 100,000 deep",
    make: () => deeplyNestedPdf(100_000),
    expected: { refused: "unreadable" },
  },
  {
    name: "a page whose resources hold arrays nested 100,000 deep (pdf.js cannot draw it)",
    make: () => deeplyNestedPdf(100_000, "resources"),
    expected: { pages: 1, size: { width: 300, height: 400 }, previewFailed: true },
  },
  {
    name: "arrays nested 100,000 deep in an object no page uses",
    make: () => deeplyNestedPdf(100_000, "unused"),
    expected: { pages: 1, size: { width: 300, height: 400 } },
  },
  {
    name: "a page holding arrays nested 1,000,000 deep",
    make: () => deeplyNestedPdf(1_000_000),
    expected: { refused: "unreadable" },
  },
  {
    name: "a page tree whose Kids point back to an ancestor",
    make: pageTreeLoopPdf,
    expected: { refused: "unreadable" },
  },
  {
    name: "a page tree node that is its own kid",
    make: selfKidPdf,
    expected: { refused: "unreadable" },
  },
  {
    name: "a 14,400 x 14,400 pt page (the largest the PDF format describes)",
    make: () => hugePagePdf(14_400),
    expected: { pages: 1, size: { width: 14_400, height: 14_400 } },
  },
  {
    name: "a 1,000,000 x 1,000,000 pt page (beyond the PDF format's maximum)",
    make: () => hugePagePdf(1_000_000),
    expected: { pages: 1, size: { width: 1_000_000, height: 1_000_000 } },
  },
  {
    name: "an embedded font with broken tables (loca, glyf, hmtx, cmap past the end, head noise)",
    make: brokenFontPdf,
    expected: { pages: 1, size: { width: 300, height: 400 } },
  },
  {
    name: "a PDF carrying an attached file (paraphe-proof.json: /EmbeddedFiles, /AF)",
    make: attachedFilePdf,
    expected: { refused: "embedded_files" },
  },
  {
    name: "a file attachment annotation holding a program (/EF)",
    make: fileAttachmentAnnotationPdf,
    expected: { refused: "embedded_files" },
  },
  {
    name: "document-level JavaScript (/Names /JavaScript)",
    make: documentJavaScriptPdf,
    expected: { refused: "javascript" },
  },
  {
    name: "a link running JavaScript, its names written with # escapes (/#4A#53)",
    make: escapedJavaScriptLinkPdf,
    expected: { refused: "javascript" },
  },
  {
    name: "JavaScript run when the file opens (/OpenAction)",
    make: () => openActionPdf("javascript"),
    expected: { refused: "javascript" },
  },
  {
    name: "a program launched when the file opens (/OpenAction /Launch)",
    make: () => openActionPdf("launch"),
    expected: { refused: "automatic_actions" },
  },
  {
    name: "a web address opened when a page is shown (/AA)",
    make: pageAdditionalActionsPdf,
    expected: { refused: "automatic_actions" },
  },
  {
    name: "an /OpenAction that only shows the first page",
    make: () => openActionPdf("page"),
    expected: { pages: 1, size: { width: 300, height: 400 } },
  },
];

afterAll(() => closeDocumentWorkers());

// Once, on PostgreSQL in CI: each input costs its parsing, rendering and sealing, not its queries.
describe.each([oneTestDatabaseKind])("the upload corpus on %s", (kind) => {
  let h: IdentityHarness;
  let sender: TeamMember;
  let other: TeamMember;
  const tasks: DocumentTaskEvent[] = [];
  const tmp = temporaryDirectory("paraphe-corpus-");

  beforeAll(async () => {
    h = await createIdentityHarness(
      kind,
      { masterKey: randomBytes(32) },
      { DOCUMENT_WORKER_TIMEOUT_SECONDS: String(WORKER_TIMEOUT_SECONDS) },
    );
    sender = await signUpMember(h, "sender", "Corpus team");
    other = await signUpMember(h, "other", "Other team");
    sharedDocumentWorkers().onTask((event) => void tasks.push(event));
  });
  afterAll(async () => {
    await h.destroy();
    tmp.cleanup();
  });

  const upload = (bytes: Uint8Array, filename = "corpus.pdf", member = sender) =>
    member.api.envelope.upload({
      files: [{ filename, data: Buffer.from(bytes).toString("base64") }],
    });

  /** The api is up and serves the next call: /health, then a signed call through the tunnel. */
  async function expectApiAnswers(): Promise<void> {
    expect((await h.t.app.request("/health")).status).toBe(200);
    await expect(sender.api.envelope.list({})).resolves.toBeDefined();
  }

  async function envelopeCount(): Promise<number> {
    const row = await h.database.connection.db
      .selectFrom("envelope")
      .select((eb) => eb.fn.countAll<string>().as("count"))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** The first page's image as the editor fetches it, decoded: bounded whatever the page size. */
  async function firstPageImage(envelopeUuid: string, documentUuid: string) {
    const preview = await sender.api.envelope.pagePreview({ envelopeUuid, documentUuid, page: 0 });
    expect(preview.contentType).toMatch(/^image\/(webp|png)$/);
    const image = await loadImage(Buffer.from(preview.data, "base64"));
    expect(image.width).toBeGreaterThan(0);
    expect(image.width).toBeLessThanOrEqual(MAX_PREVIEW_SIDE);
    expect(image.height).toBeLessThanOrEqual(MAX_PREVIEW_SIDE);
    expect(image.width * image.height).toBeLessThanOrEqual(MAX_PREVIEW_PIXELS);
    return image;
  }

  it.each(corpus)(
    "answers $name as documented",
    async ({ make, expected }) => {
      const bytes = await make();
      const before = await envelopeCount();
      if ("refused" in expected) {
        const refused = await failure(upload(bytes));
        expect(refused).toMatchObject({ statusCode: 400, code: "VALIDATION_ERROR" });
        expect(refused.details).toEqual([
          expect.objectContaining({ path: expected.path ?? "files.0", message: expected.refused }),
        ]);
        if (expected.path === undefined) {
          expect(refused.message).toBe("Some files cannot be used.");
          expect(refused.suggestion).toBe(
            "Upload PDF files that are complete, not password-protected and within the limits.",
          );
        }
        expect(await envelopeCount()).toBe(before);
      } else {
        const draft = await upload(bytes);
        expect(draft.documents).toHaveLength(1);
        expect(draft.documents[0]).toMatchObject({
          pageCount: expected.pages,
          pages: [expected.size],
        });
        if (expected.previewFailed) {
          // The draft exists; the page the renderer cannot draw says so instead of an image.
          const page = await failure(
            sender.api.envelope.pagePreview({
              envelopeUuid: draft.uuid,
              documentUuid: draft.documents[0]?.uuid ?? "",
              page: 0,
            }),
          );
          expect(page).toMatchObject({ statusCode: 409, code: "CONFLICT" });
          expect(page.details).toEqual([expect.objectContaining({ message: "preview_failed" })]);
        } else {
          const image = await firstPageImage(draft.uuid, draft.documents[0]?.uuid ?? "");
          // The page's ratio is kept (square pages give square images).
          const ratio = expected.size.width / expected.size.height;
          expect(Math.abs(image.width / image.height - ratio)).toBeLessThan(0.02);
        }
        // Another team cannot see what was uploaded.
        const outside = await failure(
          other.api.envelope.pagePreview({
            envelopeUuid: draft.uuid,
            documentUuid: draft.documents[0]?.uuid ?? "",
            page: 0,
          }),
        );
        expect(outside.code).toBe("NOT_FOUND");
        expect(await envelopeCount()).toBe(before + 1);
        // What completion does with it works too: fields drawn and the seal, in one worker task.
        const identity = await loadOrCreatePlatformIdentity({ dataDir: h.t.config.dataDir });
        const sealed = (
          await stampAndSealPdf(
            bytes,
            [
              {
                page: 0,
                x: 0.1,
                y: 0.1,
                width: 0.4,
                height: 0.1,
                kind: "text",
                value: "Élodie Dupont",
              },
            ],
            {
              identity,
              level: "B-B",
              reason: "Corpus",
              location: "Paraphe",
              signerName: "Paraphe",
            },
          )
        ).bytes;
        expect(Buffer.from(sealed.subarray(0, bytes.length)).equals(Buffer.from(bytes))).toBe(true);
        const nss = nssDatabaseTrusting(identity.certificatePem);
        try {
          const report = pdfsig(sealed, nss.nssdir);
          expect(report).toContain("Signature is Valid");
          expect(report).toContain("Total document signed");
        } finally {
          nss.cleanup();
        }
      }
      await expectApiAnswers();
    },
    90_000,
  );

  it("ends a page-tree loop and 1,000,000-deep nesting with their error well within the worker's time limit", async () => {
    for (const make of [pageTreeLoopPdf, () => deeplyNestedPdf(1_000_000)]) {
      tasks.length = 0;
      const refused = await failure(upload(make()));
      expect(refused.details?.[0]?.message).toBe("unreadable");
      // The inspection settled on its own: the worker answered, it was not killed (a worker killed
      // at its time limit answers too_complex).
      const inspect = tasks.filter((event) => event.kind === "inspect");
      expect(inspect.map((event) => event.phase)).toEqual(["started", "settled"]);
      expect(tasks.some((event) => event.kind === "previews")).toBe(false);
    }
    await expectApiAnswers();
  });

  /**
   * The sender's client whose sealed request bodies travel as a stream of 64 KiB chunks, with or
   * without a declared Content-Length; `pulled()` tells how many bytes the api read of the last.
   */
  function streamingClient(declareLength: boolean) {
    let pulled = 0;
    const fetch = async (input: string, init?: RequestInit) => {
      const headers = new Headers(init?.headers);
      headers.set("X-Forwarded-For", sender.ip);
      const body = init?.body;
      if (!(body instanceof Uint8Array) || body.length < 1024 * 1024) {
        return h.t.app.request(input, { ...init, headers }, socketEnv(TEST_PROXY_ADDRESS));
      }
      pulled = 0;
      let offset = 0;
      const stream = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (offset >= body.length) return controller.close();
          const chunk = body.subarray(offset, offset + 64 * 1024);
          offset += chunk.length;
          pulled += chunk.length;
          controller.enqueue(chunk);
        },
      });
      if (declareLength) headers.set("Content-Length", String(body.length));
      else headers.delete("Content-Length");
      return h.t.app.request(
        input,
        { ...init, headers, body: stream, duplex: "half" } as RequestInit,
        socketEnv(TEST_PROXY_ADDRESS),
      );
    };
    const api = createApiClient({
      baseUrl: "http://api.test",
      tunnel: createTestTunnelClient(fetch),
      appCredential: DEFAULT_APP_CREDENTIALS.web,
      credential: () => sender.credential,
      now: h.now,
    });
    return { api, pulled: () => pulled };
  }

  it("refuses a 60 MB file at the request's size limit, reading at most that limit of it and nothing with a declared length, before the upload route runs", async () => {
    const bytes = paddedPdf(60 * 1024 * 1024);
    const files = [{ filename: "large.pdf", data: Buffer.from(bytes).toString("base64") }];
    const before = await envelopeCount();
    for (const declareLength of [false, true]) {
      tasks.length = 0;
      const client = streamingClient(declareLength);
      const refused = await failure(client.api.envelope.upload({ files }));
      expect(refused).toMatchObject({ statusCode: 413, code: "PAYLOAD_TOO_LARGE" });
      expect(refused.message).toBe(`The request is larger than ${MAX_SEALED_REQUEST_BYTES} bytes.`);
      // Read in chunks and dropped past the limit; a declared length is refused unread.
      expect(client.pulled()).toBeLessThanOrEqual(
        declareLength ? 2 * 64 * 1024 : MAX_SEALED_REQUEST_BYTES + 3 * 64 * 1024,
      );
      // Nothing was decrypted, parsed or inspected.
      expect(tasks).toEqual([]);
    }
    expect(await envelopeCount()).toBe(before);
    await expectApiAnswers();
  }, 60_000);

  it("keeps an already signed PDF's signature valid through stamping and sealing", async () => {
    const supplier = await loadOrCreatePlatformIdentity({ dataDir: tmp.file("supplier") });
    const signed = await alreadySignedPdf(await base(), supplier);
    const draft = await upload(signed, "Signed by the supplier.pdf");
    expect(draft.documents[0]).toMatchObject({ pageCount: 2 });
    await firstPageImage(draft.uuid, draft.documents[0]?.uuid ?? "");

    const signerEmail = uniqueEmail("buyer");
    const withRecipients = await sender.api.envelope.saveRecipients({
      envelopeUuid: draft.uuid,
      recipients: [{ email: signerEmail, firstname: "Élodie", lastname: "Dupont" }],
    });
    await sender.api.envelope.saveFields({
      envelopeUuid: draft.uuid,
      fields: [
        {
          documentUuid: draft.documents[0]?.uuid ?? "",
          page: 1,
          x: 0.1,
          y: 0.7,
          width: 0.4,
          height: 0.1,
          kind: "signature",
          recipientUuid: withRecipients.recipients[0]?.uuid ?? "",
        },
      ],
    });
    await sender.api.envelope.send({ envelopeUuid: draft.uuid });
    const signer = signingClient(h);
    const link = await linkFromMail(h, signerEmail, draft.uuid);
    await readEveryPage(signer, link);
    await sign(signer, link);
    // The seal, with the page previews of the corpus's drafts still in the queue.
    await h.t.jobs.runUntilIdle();
    const seal = await h.database.connection.db
      .selectFrom("job")
      .select("status")
      .where("name", "=", "seal-envelope")
      .execute();
    expect(seal.map((job) => job.status)).toEqual(["done"]);

    const sealed = Buffer.from(
      (await sender.api.envelope.download({ envelopeUuid: draft.uuid, kind: "sealed" })).data,
      "base64",
    );
    // Appended to: the supplier's signed bytes are a prefix of the sealed file.
    expect(sealed.subarray(0, signed.length).equals(Buffer.from(signed))).toBe(true);
    const platform = await loadOrCreatePlatformIdentity({ dataDir: h.t.config.dataDir });
    const nss = nssDatabaseTrusting(platform.certificatePem);
    try {
      const report = pdfsig(sealed, nss.nssdir);
      const signatures = report.split(/^Signature #\d+:/m).slice(1);
      expect(signatures).toHaveLength(2);
      // The supplier's signature: still valid, over the revision it signed.
      expect(signatures[0]).toContain("Signature is Valid");
      expect(signatures[0]).toContain("Not total document signed");
      // The platform's seal: valid, over the whole file.
      expect(signatures[1]).toContain("Signature is Valid");
      expect(signatures[1]).toContain("Total document signed");
    } finally {
      nss.cleanup();
    }
    expect(qpdfCheck(sealed).status).toBe(0);
    await expectApiAnswers();
  }, 120_000);

  it("accepts the next ordinary upload after the whole corpus", async () => {
    const draft = await upload(await base(), "Ordinary.pdf");
    expect(draft.documents[0]).toMatchObject({ pageCount: 2 });
    await firstPageImage(draft.uuid, draft.documents[0]?.uuid ?? "");
  });
});
