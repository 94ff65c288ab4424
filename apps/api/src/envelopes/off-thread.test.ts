import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeNestedDrawingPdf, makePdf } from "../test/documents";
import {
  closeDocumentWorkers,
  DocumentWorkersBusyError,
  sharedDocumentWorkers,
  type DocumentTaskEvent,
} from "../documents/worker-pool";
import { toAppError } from "../http/error-response";
import { createIdentityHarness, type IdentityHarness } from "../test/identity";
import { testDatabaseKinds } from "../test/databases";
import { failure, signUpMember, type TeamMember } from "../test/envelopes";

afterAll(() => closeDocumentWorkers());

describe("busy document workers", () => {
  it("answer 503 SERVICE_BUSY with a Retry-After header", () => {
    const error = toAppError(new DocumentWorkersBusyError("uploads", 5));
    expect(error).toMatchObject({ code: "SERVICE_BUSY", status: 503 });
    expect(error.headers).toEqual({ "Retry-After": "5" });
  });
});

describe.each(testDatabaseKinds)("document work off the event loop on %s", (kind) => {
  let h: IdentityHarness;
  let sender: TeamMember;

  beforeAll(async () => {
    h = await createIdentityHarness(
      kind,
      {},
      { DOCUMENT_WORKER_TIMEOUT_SECONDS: "5", DOCUMENT_WORKER_QUEUE_LIMIT: "0" },
    );
    sender = await signUpMember(h, "sender", "Busy team");
  });
  afterAll(async () => {
    await h.destroy();
  });

  it("answers /health while a hostile page preview and the longest stamp run, refuses a further upload with 503, then answers the hostile page as preview_failed", async () => {
    const pool = sharedDocumentWorkers();
    const events: DocumentTaskEvent[] = [];
    const started = (taskKind: DocumentTaskEvent["kind"]) =>
      new Promise<DocumentTaskEvent>((resolve) => {
        const stop = pool.onTask((event) => {
          if (event.kind !== taskKind || event.phase !== "started") return;
          stop();
          resolve(event);
        });
      });
    pool.onTask((event) => void events.push(event));

    // A few hundred bytes that take minutes to render, within every upload limit: the upload
    // answers once the file is inspected, without drawing a page.
    const hostile = Buffer.from(await makeNestedDrawingPdf({ depth: 7 })).toString("base64");
    const draft = await sender.api.envelope.upload({
      files: [{ filename: "hostile.pdf", data: hostile }],
    });
    expect(events.some((event) => event.kind === "previewRange")).toBe(false);
    const documentUuid = draft.documents[0]?.uuid ?? "";

    const previewsStarted = started("previewRange");
    const stampStarted = started("stamp");
    // The longest unbroken field value seen stalling the seal.
    const stamp = pool
      .run("stamp", {
        pdf: await makePdf(),
        fields: [
          {
            page: 0,
            x: 0.1,
            y: 0.1,
            width: 0.3,
            height: 0.04,
            kind: "text",
            value: "W".repeat(2000),
          },
        ],
      })
      .then(
        () => "stamped",
        (error: unknown) => String(error),
      );
    await stampStarted;
    // The editor asks for the first page before the queue's turn: it is drawn at once.
    const page = failure(
      sender.api.envelope.pagePreview({ envelopeUuid: draft.uuid, documentUuid, page: 0 }),
    );
    const previews = await previewsStarted;

    const health = await h.t.app.request("/health");
    expect(health.status).toBe(200);
    // The preview task was still running when /health answered: it had not settled.
    expect(events.some((event) => event.id === previews.id && event.phase === "settled")).toBe(
      false,
    );

    const busy = await failure(
      sender.api.envelope.upload({
        files: [{ filename: "fine.pdf", data: Buffer.from(await makePdf()).toString("base64") }],
      }),
    );
    expect(busy).toMatchObject({ statusCode: 503, code: "SERVICE_BUSY" });
    expect(busy.suggestion).toMatch(/Retry-After/);

    // Past the worker's time limit: the page has no preview, and says so.
    const refused = await page;
    expect(refused).toMatchObject({ statusCode: 409, code: "CONFLICT" });
    expect(refused.details).toEqual([
      expect.objectContaining({ path: "conflict", message: "preview_failed" }),
    ]);
    await expect(stamp).resolves.toMatch(/stamped|timed out/);
  }, 60_000);
});
