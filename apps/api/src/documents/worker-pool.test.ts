import { describe, expect, it } from "vitest";
import { toAppError } from "../http/error-response";
import { DocumentError } from "./document-error";
import { makeNestedDrawingPdf, makePdf } from "../test/documents";
import {
  DocumentWorkerError,
  DocumentWorkerPool,
  DocumentWorkersBusyError,
  type DocumentTaskEvent,
} from "./worker-pool";

/** Resolves with the first event of the pool that matches. */
function nextEvent(
  pool: DocumentWorkerPool,
  matches: (event: DocumentTaskEvent) => boolean,
): Promise<DocumentTaskEvent> {
  return new Promise((resolve) => {
    const stop = pool.onTask((event) => {
      if (!matches(event)) return;
      stop();
      resolve(event);
    });
  });
}

const limits = { maxBytes: 10_000_000, maxPages: 50 };

describe("DocumentWorkerPool", () => {
  it("abandons a task that runs too long, and the next task gets a fresh worker", async () => {
    const pool = new DocumentWorkerPool({ taskTimeoutMs: 1 });
    try {
      const pdf = await makePdf();
      const fields = [
        { page: 0, x: 0.1, y: 0.1, width: 0.4, height: 0.05, kind: "text" as const, value: "A" },
      ];
      const failure = await pool.run("stamp", { pdf, fields }).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(DocumentWorkerError);
      expect(failure).toMatchObject({ reason: "timeout" });
      expect(String(failure)).toMatch(/timed out after 1 ms/);
      await expect(pool.run("stamp", { pdf, fields })).rejects.toThrow(/timed out/);
    } finally {
      await pool.close();
    }
  });

  it("refuses an upload task that exceeds the time limit as a too_complex document", async () => {
    const pool = new DocumentWorkerPool({ taskTimeoutMs: 300 });
    try {
      const pdf = await makeNestedDrawingPdf({ depth: 7 });
      await expect(pool.run("inspect", { pdf, limits })).resolves.toMatchObject({ pageCount: 1 });
      const failure = await pool
        .run("previews", { pdf, options: {} })
        .catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(DocumentError);
      expect(failure).toMatchObject({ code: "too_complex" });
    } finally {
      await pool.close();
    }
  });

  it("runs inspection and stamping in its workers", async () => {
    const pool = new DocumentWorkerPool();
    try {
      const pdf = await makePdf({ pages: 2 });
      await expect(pool.run("inspect", { pdf, limits })).resolves.toMatchObject({ pageCount: 2 });
      const stamped = await pool.run("stamp", {
        pdf,
        fields: [
          { page: 1, x: 0.1, y: 0.1, width: 0.4, height: 0.05, kind: "text", value: "Approved" },
        ],
      });
      expect(stamped.byteLength).toBeGreaterThan(pdf.byteLength);
      const refusal = await pool
        .run("inspect", { pdf: new TextEncoder().encode("hello"), limits })
        .catch((error: unknown) => error);
      expect(refusal).toMatchObject({ name: "DocumentError", code: "not_pdf" });
    } finally {
      await pool.close();
    }
  });

  it("caps each worker's heap: a task that needs more memory fails and the process lives on", async () => {
    // Loading the worker from sources (this suite: tsx compiles its modules) takes about 60 MB of
    // heap, the built one about 30: a cap of 64 MB was within a few MB of failing to load at all.
    const pool = new DocumentWorkerPool({ maxHeapMb: 128 });
    try {
      const pdf = await makePdf({ pages: 1 });
      // 1,000 fields of 250,000 characters each: 250 MB of strings, far more than 128 MB of heap to
      // receive and parse (a million fields of 200 characters proved the same with a million objects
      // to build, encode and decode).
      const value = "x".repeat(250_000);
      const fields = Array.from({ length: 1_000 }, () => ({
        page: 0,
        x: 0.1,
        y: 0.1,
        width: 0.4,
        height: 0.05,
        kind: "text" as const,
        value,
      }));
      const failure = await pool.run("stamp", { pdf, fields }).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(DocumentWorkerError);
      expect(failure).toMatchObject({ reason: "out_of_memory" });
      await expect(pool.run("inspect", { pdf, limits })).resolves.toMatchObject({ pageCount: 1 });
    } finally {
      await pool.close();
    }
  }, 60_000);

  it("answers busy at once when a lane's worker is taken and its queue is full", async () => {
    const pool = new DocumentWorkerPool({ queueLimit: 1, taskTimeoutMs: 60_000 });
    try {
      const hostile = await makeNestedDrawingPdf({ depth: 7 });
      const started = nextEvent(pool, (event) => event.phase === "started");
      const running = pool.run("previews", { pdf: hostile, options: {} }).catch(String);
      const queued = pool.run("previews", { pdf: hostile, options: {} }).catch(String);
      await started;
      const refusal = await pool
        .run("previews", { pdf: hostile, options: {} })
        .catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(DocumentWorkersBusyError);
      expect(refusal).toMatchObject({ lane: "uploads", retryAfterSeconds: 5 });
      await pool.close();
      await expect(running).resolves.toMatch(/closed/);
      await expect(queued).resolves.toMatch(/closed/);
    } finally {
      await pool.close();
    }
  });

  it("gives each account a share of the uploads lane: a third task of one account is refused while another account still gets in", async () => {
    const pool = new DocumentWorkerPool({
      queueLimit: 8,
      maxTasksPerOwner: 2,
      taskTimeoutMs: 60_000,
    });
    try {
      const hostile = await makeNestedDrawingPdf({ depth: 7 });
      const started = nextEvent(pool, (event) => event.phase === "started");
      const flood = [
        pool.run("previews", { pdf: hostile, options: {} }, { owner: "account-a" }).catch(String),
        pool.run("previews", { pdf: hostile, options: {} }, { owner: "account-a" }).catch(String),
      ];
      await started;
      const refusal = await pool
        .run("previews", { pdf: hostile, options: {} }, { owner: "account-a" })
        .catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(DocumentWorkersBusyError);
      expect(refusal).toMatchObject({ lane: "uploads", reason: "owner", retryAfterSeconds: 5 });
      const answer = toAppError(refusal);
      expect(answer).toMatchObject({ code: "RATE_LIMITED", status: 429 });
      expect(answer.headers).toMatchObject({ "Retry-After": "5" });

      // Another account's upload waits in the lane's queue instead of being refused.
      const other = pool
        .run("inspect", { pdf: await makePdf(), limits }, { owner: "account-b" })
        .catch(String);
      await pool.close();
      for (const task of [...flood, other]) await expect(task).resolves.toMatch(/closed/);
    } finally {
      await pool.close();
    }
  });

  it("gives an account its share back once its tasks are done", async () => {
    const pool = new DocumentWorkerPool({ maxTasksPerOwner: 1, taskTimeoutMs: 60_000 });
    try {
      const pdf = await makePdf();
      await pool.run("inspect", { pdf, limits }, { owner: "account-a" });
      await expect(
        pool.run("inspect", { pdf, limits }, { owner: "account-a" }),
      ).resolves.toMatchObject({ pageCount: expect.any(Number) });
    } finally {
      await pool.close();
    }
  }, 60_000);

  it("never makes sealing work wait behind previews: stamping finishes while a preview still renders", async () => {
    const pool = new DocumentWorkerPool({ queueLimit: 4, taskTimeoutMs: 60_000 });
    try {
      const hostile = await makeNestedDrawingPdf({ depth: 7 });
      const pdf = await makePdf();
      const order: string[] = [];
      pool.onTask((event) => {
        if (event.phase === "settled") order.push(event.kind);
      });
      const previewStarted = nextEvent(
        pool,
        (event) => event.kind === "previews" && event.phase === "started",
      );
      const previews = pool.run("previews", { pdf: hostile, options: {} }).catch(String);
      void pool.run("previews", { pdf: hostile, options: {} }).catch(() => undefined);
      await previewStarted;
      await pool.run("stamp", {
        pdf,
        fields: [{ page: 0, x: 0.1, y: 0.1, width: 0.4, height: 0.05, kind: "text", value: "A" }],
      });
      expect(order).toEqual(["stamp"]);
      await pool.close();
      await expect(previews).resolves.toMatch(/closed/);
    } finally {
      await pool.close();
    }
  });

  it("runs a task someone waits for (with an owner) before the background tasks queued ahead of it", async () => {
    const pool = new DocumentWorkerPool({ queueLimit: 4, taskTimeoutMs: 60_000 });
    try {
      const pdf = await makePdf();
      const order: string[] = [];
      pool.onTask((event) => {
        if (event.phase === "started") order.push(`${event.kind} ${event.id}`);
      });
      const first = nextEvent(pool, (event) => event.phase === "started");
      const background = [
        pool.run("previews", { pdf, options: {} }),
        pool.run("previews", { pdf, options: {} }),
        pool.run("previews", { pdf, options: {} }),
      ];
      await first;
      const waited = pool.run("inspect", { pdf, limits }, { owner: "account-a" });
      await Promise.all([...background, waited]);
      // The first background task had started; the upload's check went ahead of the other two.
      expect(order).toEqual(["previews 1", "inspect 4", "previews 2", "previews 3"]);
    } finally {
      await pool.close();
    }
  }, 60_000);

  it("fails queued tasks when closed, and refuses new ones", async () => {
    const pool = new DocumentWorkerPool();
    const pdf = await makePdf();
    const running = pool.run("previews", { pdf, options: {} });
    const queued = pool.run("previews", { pdf, options: {} });
    const failures = Promise.all([
      expect(running).rejects.toThrow(/document worker/),
      expect(queued).rejects.toThrow(/closed/),
    ]);
    await pool.close();
    await failures;
    await expect(pool.run("previews", { pdf, options: {} })).rejects.toThrow(/closed/);
  });
});
