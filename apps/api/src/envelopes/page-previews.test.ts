import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  closeDocumentWorkers,
  sharedDocumentWorkers,
  type DocumentTaskEvent,
} from "../documents/worker-pool";
import { createIdentityHarness, type IdentityHarness } from "../test/identity";
import { testDatabaseKinds } from "../test/databases";
import { signUpMember, tinyPdf, type TeamMember } from "../test/envelopes";
import { makePdf } from "../test/documents";
import { ON_DEMAND_PAGES, PREVIEW_BATCH_PAGES } from "./page-previews";

afterAll(() => closeDocumentWorkers());

const WORKER_TIMEOUT_SECONDS = 60;

describe.each(testDatabaseKinds)("page previews after the upload on %s", (kind) => {
  let h: IdentityHarness;
  let sender: TeamMember;
  /** Each document task as it starts and settles, with the time it did. */
  const tasks: (DocumentTaskEvent & { at: number })[] = [];

  beforeAll(async () => {
    h = await createIdentityHarness(
      kind,
      {},
      { DOCUMENT_WORKER_TIMEOUT_SECONDS: String(WORKER_TIMEOUT_SECONDS) },
    );
    sender = await signUpMember(h, "sender", "Preview team");
    sharedDocumentWorkers().onTask((event) => void tasks.push({ ...event, at: Date.now() }));
  });
  afterAll(async () => {
    await h.destroy();
  });

  const db = () => h.database.connection.db;
  async function previewPages(documentUuid: string): Promise<number[]> {
    const rows = await db()
      .selectFrom("documentPreview")
      .select("page")
      .where("documentId", "=", documentUuid)
      .orderBy("page")
      .execute();
    return rows.map((row) => row.page);
  }
  async function upload(data: string, filename: string) {
    const envelope = await sender.api.envelope.upload({ files: [{ filename, data }] });
    const document = envelope.documents[0];
    if (document === undefined) throw new Error("no document");
    return { envelope, document };
  }

  it("answers the upload of a 500-page PDF before any page is rendered, then the queue renders every page in bounded batches, in page order, each task within the worker's limit", async () => {
    const data = Buffer.from(
      await makePdf({ pages: 500, width: 100, height: 130, title: "Long" }),
    ).toString("base64");
    tasks.length = 0;
    const { envelope, document } = await upload(data, "long.pdf");
    expect(document.pageCount).toBe(500);
    expect(document.pages).toHaveLength(500);
    // The draft exists and no page was drawn to answer it: only the inspection ran.
    expect(tasks.filter((task) => task.phase === "started").map((task) => task.kind)).toEqual([
      "inspect",
    ]);
    expect(await previewPages(document.uuid)).toEqual([]);
    const detail = await sender.api.envelope.get({ envelopeUuid: envelope.uuid });
    expect(detail.documents[0]).toMatchObject({ pageCount: 500, previewsReady: 0 });

    tasks.length = 0;
    await h.t.jobs.runUntilIdle();

    expect(await previewPages(document.uuid)).toEqual(Array.from({ length: 500 }, (_, i) => i));
    const renders = tasks.filter((task) => task.kind === "previewRange");
    const started = renders.filter((task) => task.phase === "started");
    // Several pages per task, never the whole document in one.
    expect(started.length).toBeGreaterThanOrEqual(Math.ceil(500 / PREVIEW_BATCH_PAGES));
    for (const start of started) {
      const settled = renders.find((task) => task.id === start.id && task.phase === "settled");
      expect(settled).toBeDefined();
      expect((settled?.at ?? Infinity) - start.at).toBeLessThan(WORKER_TIMEOUT_SECONDS * 1000);
    }
    const jobs = await db()
      .selectFrom("job")
      .select(["status", "attempts"])
      .where("name", "=", "render-page-previews")
      .execute();
    expect(jobs.length).toBe(started.length);
    expect(jobs.every((job) => job.status === "done" && job.attempts === 1)).toBe(true);
    const after = await sender.api.envelope.get({ envelopeUuid: envelope.uuid });
    expect(after.documents[0]).toMatchObject({ previewsReady: 500 });
  }, 600_000);

  it("renders a page asked for before the queue's turn at once with the next one, once for two callers, and the queue then skips them", async () => {
    const { envelope, document } = await upload(await tinyPdf(20), "twenty.pdf");
    tasks.length = 0;
    const ask = () =>
      sender.api.envelope.pagePreview({
        envelopeUuid: envelope.uuid,
        documentUuid: document.uuid,
        page: 12,
      });
    const [first, second] = await Promise.all([ask(), ask()]);
    expect(first.contentType).toMatch(/^image\/(webp|png)$/);
    expect(second.data).toBe(first.data);
    expect(
      tasks.filter((task) => task.kind === "previewRange" && task.phase === "started"),
    ).toHaveLength(1);
    expect(await previewPages(document.uuid)).toEqual(
      Array.from({ length: ON_DEMAND_PAGES }, (_, i) => 12 + i),
    );

    await h.t.jobs.runUntilIdle();
    expect(await previewPages(document.uuid)).toEqual(Array.from({ length: 20 }, (_, i) => i));
    const rows = await db()
      .selectFrom("documentPreview")
      .select(["page", "blobKey"])
      .where("documentId", "=", document.uuid)
      .where("page", "=", 12)
      .execute();
    expect(rows).toHaveLength(1);
  }, 300_000);

  it("answers NOT_FOUND for a page past the document's end without rendering anything", async () => {
    const { envelope, document } = await upload(await tinyPdf(2), "two.pdf");
    tasks.length = 0;
    await expect(
      sender.api.envelope.pagePreview({
        envelopeUuid: envelope.uuid,
        documentUuid: document.uuid,
        page: 2,
      }),
    ).rejects.toMatchObject({ statusCode: 404, code: "NOT_FOUND" });
    expect(tasks).toEqual([]);
  });
});
