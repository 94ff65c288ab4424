import { loadImage } from "@napi-rs/canvas";
import { type PreviewWidth } from "@paraphe/api-sdk/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ORPHAN_GRACE_MS } from "../blob/orphan-sweep";
import { oneTestDatabaseKind } from "../test/databases";
import { createIdentityHarness, uniqueEmail, type IdentityHarness } from "../test/identity";
import {
  failure,
  linkFromMail,
  sentEnvelope,
  signingClient,
  signUpMember,
  tinyPdf,
  type TeamMember,
} from "../test/envelopes";
import { blobKeys } from "./file-keys";
import { sweepOrphanEnvelopeFiles } from "./file-references";

/** The width of a base64 preview image, in pixels. */
async function imageWidth(data: string): Promise<number> {
  return (await loadImage(Buffer.from(data, "base64"))).width;
}

describe.each([oneTestDatabaseKind])("page previews at the signing page's width on %s", (kind) => {
  let h: IdentityHarness;
  let sender: TeamMember;

  beforeAll(async () => {
    h = await createIdentityHarness(kind);
    sender = await signUpMember(h, "widths");
  });
  afterAll(async () => {
    await h.destroy();
  });

  it("draws the first page and a page at the width asked for, keeps them, and refuses other widths", async () => {
    const email = uniqueEmail("phone");
    // Pages of 300 points: the default width draws them 900 pixels wide (3x at most).
    const envelope = await sentEnvelope(sender, [email], { pages: 2 });
    await h.t.jobs.runUntilIdle();
    const documentUuid = envelope.documents[0]?.uuid ?? "";
    const signer = signingClient(h);
    const link = await linkFromMail(h, email, envelope.uuid);

    const wide = await signer.envelope.open(link);
    expect(await imageWidth(wide.firstPage?.data ?? "")).toBe(900);
    const narrow = await signer.envelope.open({ ...link, previewWidth: 480 });
    expect(narrow.firstPage).toMatchObject({
      documentUuid,
      filename: "Agreement-page-1.webp",
      contentType: "image/webp",
    });
    expect(await imageWidth(narrow.firstPage?.data ?? "")).toBe(480);
    expect(narrow.firstPage?.data.length).toBeLessThan(wide.firstPage?.data.length ?? 0);
    // The page call draws the same image at the same width.
    const page0 = await signer.envelope.downloadSignerDocument({
      ...link,
      documentUuid,
      page: 0,
      previewWidth: 480,
    });
    expect(page0.data).toBe(narrow.firstPage?.data);
    const page1 = await signer.envelope.downloadSignerDocument({
      ...link,
      documentUuid,
      page: 1,
      previewWidth: 720,
    });
    expect(await imageWidth(page1.data)).toBe(720);
    // Without a width, and at the widest, the page drawn after the upload.
    const plain = await signer.envelope.downloadSignerDocument({ ...link, documentUuid, page: 1 });
    expect(await imageWidth(plain.data)).toBe(900);
    const widest = await signer.envelope.downloadSignerDocument({
      ...link,
      documentUuid,
      page: 1,
      previewWidth: 1000,
    });
    expect(widest.data).toBe(plain.data);

    // Kept: the stored image is served again, not drawn again.
    const key = blobKeys.sizedPreview(envelope.uuid, documentUuid, 1, 720);
    const stored = await h.t.blobStore.get(key);
    expect(stored?.contentType).toBe("image/webp");
    await h.t.blobStore.put(key, Buffer.from(plain.data, "base64"), { contentType: "image/webp" });
    const again = await signer.envelope.downloadSignerDocument({
      ...link,
      documentUuid,
      page: 1,
      previewWidth: 720,
    });
    expect(again.data).toBe(plain.data);

    // Only the contract's widths.
    for (const previewWidth of [500, 0, 2000, 1000.5]) {
      const refused = await failure(
        signer.envelope.downloadSignerDocument({
          ...link,
          documentUuid,
          page: 0,
          previewWidth: previewWidth as PreviewWidth,
        }),
      );
      expect(refused.code).toBe("VALIDATION_ERROR");
      const open = await failure(
        signer.envelope.open({ ...link, previewWidth: previewWidth as PreviewWidth }),
      );
      expect(open.code).toBe("VALIDATION_ERROR");
    }
  });

  it("refuses another envelope's document and another recipient's link as before, drawing nothing", async () => {
    const first = uniqueEmail("first");
    const second = uniqueEmail("second");
    const mine = await sentEnvelope(sender, [first, second], { pages: 1 });
    const other = await sentEnvelope(sender, [uniqueEmail("other")], { pages: 1 });
    await h.t.jobs.runUntilIdle();
    const signer = signingClient(h);
    const link = await linkFromMail(h, first, mine.uuid);
    const otherDocument = other.documents[0]?.uuid ?? "";

    const elsewhere = await failure(
      signer.envelope.downloadSignerDocument({
        ...link,
        documentUuid: otherDocument,
        page: 0,
        previewWidth: 480,
      }),
    );
    expect(elsewhere.code).toBe("NOT_FOUND");
    expect(
      await h.t.blobStore.exists(blobKeys.sizedPreview(other.uuid, otherDocument, 0, 480)),
    ).toBe(false);
    expect(
      await h.t.blobStore.exists(blobKeys.sizedPreview(mine.uuid, otherDocument, 0, 480)),
    ).toBe(false);

    // The first recipient's token with the second's secret: neither recipient's link.
    const secondLink = await linkFromMail(h, second, mine.uuid);
    const mixed = await failure(
      signer.envelope.open({ ...link, secretKey: secondLink.secretKey, previewWidth: 480 }),
    );
    expect(mixed.code).toBe("ACCESS_LINK_INVALID");
    const documentUuid = mine.documents[0]?.uuid ?? "";
    expect(await h.t.blobStore.exists(blobKeys.sizedPreview(mine.uuid, documentUuid, 0, 480))).toBe(
      false,
    );
  });

  it("keeps the narrower previews while the page's preview is recorded, and deletes them with a draft", async () => {
    const email = uniqueEmail("sweep");
    const envelope = await sentEnvelope(sender, [email], { pages: 1 });
    await h.t.jobs.runUntilIdle();
    const documentUuid = envelope.documents[0]?.uuid ?? "";
    const link = await linkFromMail(h, email, envelope.uuid);
    await signingClient(h).envelope.open({ ...link, previewWidth: 720 });
    const drawn = blobKeys.sizedPreview(envelope.uuid, documentUuid, 0, 720);
    expect(await h.t.blobStore.exists(drawn)).toBe(true);
    // A page the document does not have, and a width the contract does not offer: nothing names them.
    const stray = [
      blobKeys.sizedPreview(envelope.uuid, documentUuid, 5, 720),
      blobKeys.sizedPreview(envelope.uuid, documentUuid, 0, 600),
    ];
    for (const key of stray)
      await h.t.blobStore.put(key, new Uint8Array([1]), { contentType: "image/webp" });

    // A draft's narrower previews go with it (none of its pages was drawn narrower by the app:
    // one is written here as the signing page's call would).
    const draft = await sender.api.envelope.upload({
      files: [{ filename: "Draft.pdf", data: await tinyPdf(1) }],
    });
    await h.t.jobs.runUntilIdle();
    const draftDocument = draft.documents[0]?.uuid ?? "";
    const draftKey = blobKeys.sizedPreview(draft.uuid, draftDocument, 0, 480);
    await h.t.blobStore.put(draftKey, new Uint8Array([1]), { contentType: "image/webp" });
    await sender.api.envelope.delete({ envelopeUuid: draft.uuid });
    expect(await h.t.blobStore.exists(draftKey)).toBe(false);

    h.advance(ORPHAN_GRACE_MS + 60_000);
    await sweepOrphanEnvelopeFiles({
      db: h.database.connection.db,
      blobStore: h.t.blobStore,
      logger: h.t.logger,
      now: h.now,
    });
    expect(await h.t.blobStore.exists(drawn)).toBe(true);
    for (const key of stray) expect(await h.t.blobStore.exists(key)).toBe(false);
  });
});
