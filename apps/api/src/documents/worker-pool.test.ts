import { describe, expect, it } from "vitest";
import { makePdf } from "./test-support";
import { DocumentWorkerPool } from "./worker-pool";

describe("DocumentWorkerPool", () => {
  it("abandons a task that runs too long, and the next task gets a fresh worker", async () => {
    const pool = new DocumentWorkerPool({ taskTimeoutMs: 1 });
    try {
      const pdf = await makePdf();
      await expect(pool.run("previews", { pdf, options: {} })).rejects.toThrow(
        /timed out after 1 ms/,
      );
      await expect(pool.run("previews", { pdf, options: {} })).rejects.toThrow(/timed out/);
    } finally {
      await pool.close();
    }
  });

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
