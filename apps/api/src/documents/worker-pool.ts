import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { DocumentError, type DocumentErrorCode } from "./document-error";
import {
  type DocumentTaskKind,
  type DocumentTasks,
  type SerializedError,
  type TaskRequest,
  type TaskResponse,
} from "./worker-protocol";

export interface DocumentWorkerPoolOptions {
  /** Worker threads; each runs one task at a time. */
  size?: number;
  /** A task running longer is abandoned and its worker restarted. */
  taskTimeoutMs?: number;
}

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

interface Slot {
  worker: Worker;
  busy: (Pending & { id: number }) | undefined;
}

interface Queued {
  request: TaskRequest;
  pending: Omit<Pending, "timer">;
}

/**
 * Runs heavy document work (page rendering, sealing) in worker threads so that the api's event
 * loop never waits on it. Workers start on the first task, do not keep the process alive while
 * idle, and are replaced when they crash or a task times out.
 *
 * From source (tsx, vitest) the worker is `document-worker.ts`, loaded through tsx's loader; from
 * the build it is `document-worker.js` beside `server.js` (a separate tsup entry).
 */
export class DocumentWorkerPool {
  private readonly size: number;
  private readonly taskTimeoutMs: number;
  private readonly slots: Slot[] = [];
  private readonly queue: Queued[] = [];
  private nextId = 1;
  private closed = false;

  constructor(options: DocumentWorkerPoolOptions = {}) {
    this.size = Math.max(1, options.size ?? 1);
    this.taskTimeoutMs = options.taskTimeoutMs ?? 120_000;
  }

  run<K extends DocumentTaskKind>(
    kind: K,
    input: DocumentTasks[K]["input"],
  ): Promise<DocumentTasks[K]["output"]> {
    if (this.closed) return Promise.reject(new Error("The document worker pool is closed."));
    return new Promise((resolve, reject) => {
      this.queue.push({
        request: { id: this.nextId++, kind, input },
        pending: { resolve: resolve as (value: unknown) => void, reject },
      });
      this.dispatch();
    });
  }

  /** Stops the workers; running and queued tasks fail. */
  async close(): Promise<void> {
    this.closed = true;
    for (const queued of this.queue.splice(0)) {
      queued.pending.reject(new Error("The document worker pool was closed."));
    }
    await Promise.all(this.slots.splice(0).map((slot) => this.stop(slot, "closed")));
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      let slot = this.slots.find((candidate) => !candidate.busy);
      if (!slot && this.slots.length < this.size) slot = this.start();
      if (!slot) return;
      const { request, pending } = this.queue.shift()!;
      const timer = setTimeout(() => {
        void this.stop(slot, `timed out after ${this.taskTimeoutMs} ms`);
      }, this.taskTimeoutMs);
      timer.unref();
      slot.busy = { id: request.id, ...pending, timer };
      slot.worker.ref();
      slot.worker.postMessage(request);
    }
  }

  private start(): Slot {
    const worker = spawnDocumentWorker();
    const slot: Slot = { worker, busy: undefined };
    worker.unref();
    worker.on("message", (response: TaskResponse) => {
      const busy = slot.busy;
      if (!busy || busy.id !== response.id) return;
      clearTimeout(busy.timer);
      slot.busy = undefined;
      worker.unref();
      if (response.ok) busy.resolve(response.output);
      else busy.reject(deserializeError(response.error));
      this.dispatch();
    });
    worker.on("error", (error) => {
      void this.stop(slot, `failed: ${error.message}`, error);
    });
    worker.on("exit", (code) => {
      void this.stop(slot, `exited with code ${code}`);
    });
    this.slots.push(slot);
    return slot;
  }

  private async stop(slot: Slot, why: string, cause?: unknown): Promise<void> {
    const index = this.slots.indexOf(slot);
    if (index !== -1) this.slots.splice(index, 1);
    const busy = slot.busy;
    slot.busy = undefined;
    if (busy) {
      clearTimeout(busy.timer);
      busy.reject(new Error(`The document worker ${why}.`, { cause }));
    }
    slot.worker.removeAllListeners("exit");
    await slot.worker.terminate();
    if (!this.closed) this.dispatch();
  }
}

function spawnDocumentWorker(): Worker {
  const fromSource = import.meta.url.endsWith(".ts");
  if (!fromSource) {
    return new Worker(new URL("./document-worker.js", import.meta.url));
  }
  // Source: register tsx's loader in the worker, then import the TypeScript entry.
  const require = createRequire(import.meta.url);
  const tsxApi = path.join(
    path.dirname(require.resolve("tsx/package.json")),
    "dist/esm/api/index.mjs",
  );
  const entry = new URL("./document-worker.ts", import.meta.url).href;
  const bootstrap = `import(${JSON.stringify(pathToFileURL(tsxApi).href)}).then(({ register }) => {
    register();
    return import(${JSON.stringify(entry)});
  });`;
  return new Worker(bootstrap, { eval: true });
}

function deserializeError(error: SerializedError): Error {
  const result =
    error.name === "DocumentError" && error.code
      ? new DocumentError(error.code as DocumentErrorCode, error.message)
      : Object.assign(new Error(error.message), { name: error.name });
  if (error.stack) result.stack = error.stack;
  return result;
}

let shared: DocumentWorkerPool | undefined;

/** The process's document worker pool (one worker), started on first use. */
export function sharedDocumentWorkers(): DocumentWorkerPool {
  shared ??= new DocumentWorkerPool({ size: 1 });
  return shared;
}

/** Stops the shared document worker; call it when the api shuts down. */
export async function closeDocumentWorkers(): Promise<void> {
  const pool = shared;
  shared = undefined;
  await pool?.close();
}
