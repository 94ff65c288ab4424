import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Worker, type ResourceLimits } from "node:worker_threads";
import { QesError, type QesErrorCode } from "../qes/qes-error";
import { DocumentError, type DocumentErrorCode } from "./document-error";
import {
  DocumentWorkerError,
  DocumentWorkersBusyError,
  type DocumentWorkerFailure,
} from "./document-worker-errors";
import {
  encodeTaskRequest,
  laneOfTask,
  type DocumentLane,
  type DocumentTaskKind,
  type DocumentTasks,
  type SerializedError,
  type TaskRequest,
  type WorkerMessage,
} from "./worker-protocol";

export interface DocumentWorkerPoolOptions {
  /** Worker threads of each lane; each runs one task at a time. */
  size?: number;
  /** A task running longer is abandoned and its worker restarted. */
  taskTimeoutMs?: number;
  /**
   * Tasks that may wait in each lane while its workers are busy; past it `run` fails at once with
   * {@link DocumentWorkersBusyError} (the routes answer 503 with Retry-After).
   */
  queueLimit?: number;
  /**
   * Tasks one owner (an account) may have in a lane at once, running or waiting: its share, so that
   * one account cannot keep the lane full for everyone; past it `run` fails at once with
   * {@link DocumentWorkersBusyError} `reason: "owner"` (the routes answer 429 with Retry-After).
   * Tasks run without an owner are not counted. Default {@link DEFAULT_TASKS_PER_OWNER}.
   */
  maxTasksPerOwner?: number;
  /** Heap cap of each worker thread (V8 old generation), in megabytes. */
  maxHeapMb?: number;
}

/** Tasks one account may have in a lane at once, by default. */
export const DEFAULT_TASKS_PER_OWNER = 2;

/** A task of the pool starting on a worker, or settled (done, failed or abandoned). */
export interface DocumentTaskEvent {
  id: number;
  kind: DocumentTaskKind;
  lane: DocumentLane;
  phase: "started" | "settled";
}

/** Seconds a refused caller is told to wait (Retry-After). */
const RETRY_AFTER_SECONDS = 5;

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

interface Queued {
  request: TaskRequest;
  pending: Pending;
  /** Run for an owner (a person waiting for it), not for the job queue. */
  owned: boolean;
}

interface Slot {
  lane: Lane;
  worker: Worker;
  /** The worker loaded its modules and takes tasks. */
  ready: boolean;
  stopped: boolean;
  running: (Queued & { timer: NodeJS.Timeout }) | undefined;
}

interface Lane {
  name: DocumentLane;
  slots: Slot[];
  queue: Queued[];
}

/**
 * Runs heavy document work (parsing, previews, stamping, sealing) in worker threads so that the
 * api's event loop never waits on it. Two lanes, each with its own workers and bounded queue:
 * uploads (inspection, previews) and sealing (stamping, sealing, the proof), so that sealing never
 * waits behind previews. Each worker has a heap cap (`resourceLimits`) and each task a time limit;
 * a worker that runs out of memory, crashes or overruns is replaced. Workers start on the first
 * task and do not keep the process alive while idle.
 *
 * From source (tsx, vitest) the worker is `document-worker.ts`, loaded through tsx's loader; from
 * the build it is `document-worker.js` beside `server.js` (a separate tsup entry).
 */
export class DocumentWorkerPool {
  private readonly size: number;
  private readonly taskTimeoutMs: number;
  private readonly queueLimit: number;
  private readonly maxTasksPerOwner: number;
  /** Running and waiting tasks per lane and owner (`"<lane> <owner>"`). */
  private readonly ownerTasks = new Map<string, number>();
  private readonly resourceLimits: ResourceLimits;
  private readonly lanes: Record<DocumentLane, Lane> = {
    uploads: { name: "uploads", slots: [], queue: [] },
    sealing: { name: "sealing", slots: [], queue: [] },
  };
  private readonly listeners = new Set<(event: DocumentTaskEvent) => void>();
  private nextId = 1;
  private closed = false;

  constructor(options: DocumentWorkerPoolOptions = {}) {
    this.size = Math.max(1, options.size ?? 1);
    this.taskTimeoutMs = options.taskTimeoutMs ?? 120_000;
    this.queueLimit = Math.max(0, options.queueLimit ?? 8);
    this.maxTasksPerOwner = Math.max(1, options.maxTasksPerOwner ?? DEFAULT_TASKS_PER_OWNER);
    this.resourceLimits = { maxOldGenerationSizeMb: options.maxHeapMb ?? 512 };
  }

  /**
   * Runs a task in its lane's worker; `owner` (an account's id) counts it in that owner's share of
   * the lane (see `maxTasksPerOwner`). A task with an owner is one a person is waiting for (an
   * upload's check, a page asked for on screen): it waits only behind other such tasks, ahead of
   * the ownerless ones the job queue runs in the background (preview batches), which each hold a
   * worker a few seconds at most.
   */
  run<K extends DocumentTaskKind>(
    kind: K,
    input: DocumentTasks[K]["input"],
    options: { owner?: string } = {},
  ): Promise<DocumentTasks[K]["output"]> {
    if (this.closed) {
      return Promise.reject(
        new DocumentWorkerError("closed", "The document worker pool is closed."),
      );
    }
    const lane = this.lanes[laneOfTask[kind]];
    const ownerKey = options.owner === undefined ? undefined : `${lane.name} ${options.owner}`;
    const held = ownerKey === undefined ? 0 : (this.ownerTasks.get(ownerKey) ?? 0);
    if (held >= this.maxTasksPerOwner) {
      return Promise.reject(new DocumentWorkersBusyError(lane.name, RETRY_AFTER_SECONDS, "owner"));
    }
    const running = lane.slots.filter((slot) => slot.running !== undefined).length;
    if (lane.queue.length >= this.size - running + this.queueLimit) {
      return Promise.reject(new DocumentWorkersBusyError(lane.name, RETRY_AFTER_SECONDS));
    }
    let release = (): void => undefined;
    if (ownerKey !== undefined) {
      this.ownerTasks.set(ownerKey, held + 1);
      release = () => {
        release = () => undefined;
        const left = (this.ownerTasks.get(ownerKey) ?? 1) - 1;
        if (left > 0) this.ownerTasks.set(ownerKey, left);
        else this.ownerTasks.delete(ownerKey);
      };
    }
    return new Promise((resolve, reject) => {
      const owned = ownerKey !== undefined;
      const background = owned ? lane.queue.findIndex((queued) => !queued.owned) : -1;
      lane.queue.splice(background === -1 ? lane.queue.length : background, 0, {
        owned,
        request: { id: this.nextId++, kind, input },
        pending: {
          resolve: (value) => {
            release();
            (resolve as (value: unknown) => void)(value);
          },
          reject: (error) => {
            release();
            reject(error);
          },
        },
      });
      this.dispatch(lane);
    });
  }

  /** Calls `listener` when a task starts on a worker and when it settles; answers the unsubscribe. */
  onTask(listener: (event: DocumentTaskEvent) => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  /** Stops the workers; running and queued tasks fail. */
  async close(): Promise<void> {
    this.closed = true;
    const stops: Promise<void>[] = [];
    for (const lane of Object.values(this.lanes)) {
      for (const queued of lane.queue.splice(0)) {
        queued.pending.reject(
          new DocumentWorkerError("closed", "The document worker pool was closed."),
        );
      }
      stops.push(...[...lane.slots].map((slot) => this.stop(slot, "closed")));
    }
    await Promise.all(stops);
  }

  private emit(request: TaskRequest, lane: Lane, phase: DocumentTaskEvent["phase"]): void {
    for (const listener of this.listeners) {
      listener({ id: request.id, kind: request.kind, lane: lane.name, phase });
    }
  }

  private dispatch(lane: Lane): void {
    while (lane.queue.length > 0) {
      const slot = lane.slots.find((candidate) => candidate.ready && !candidate.running);
      if (!slot) {
        const starting = lane.slots.some((candidate) => !candidate.ready);
        if (!starting && lane.slots.length < this.size) this.start(lane);
        return;
      }
      const queued = lane.queue.shift()!;
      const timer = setTimeout(() => void this.stop(slot, "timeout"), this.taskTimeoutMs);
      timer.unref();
      slot.running = { ...queued, timer };
      slot.worker.ref();
      const bytes = encodeTaskRequest(queued.request);
      slot.worker.postMessage(bytes, [bytes.buffer]);
      this.emit(queued.request, lane, "started");
    }
  }

  private start(lane: Lane): void {
    const worker = spawnDocumentWorker(this.resourceLimits, lane.name);
    const slot: Slot = { lane, worker, ready: false, stopped: false, running: undefined };
    worker.on("message", (message: WorkerMessage) => {
      if (message.type === "ready") {
        slot.ready = true;
        worker.unref();
        this.dispatch(lane);
        return;
      }
      const running = slot.running;
      if (!running || running.request.id !== message.id) return;
      clearTimeout(running.timer);
      slot.running = undefined;
      worker.unref();
      if (message.ok) running.pending.resolve(message.output);
      else running.pending.reject(deserializeError(message.error));
      this.emit(running.request, lane, "settled");
      this.dispatch(lane);
    });
    worker.on("error", (error: Error & { code?: string }) => {
      const reason = error.code === "ERR_WORKER_OUT_OF_MEMORY" ? "out_of_memory" : "crashed";
      void this.stop(slot, reason, error);
    });
    worker.on("exit", (code) => {
      void this.stop(slot, "crashed", new Error(`exited with code ${code}`));
    });
    lane.slots.push(slot);
  }

  private async stop(slot: Slot, reason: DocumentWorkerFailure, cause?: unknown): Promise<void> {
    if (slot.stopped) return;
    slot.stopped = true;
    const lane = slot.lane;
    lane.slots.splice(lane.slots.indexOf(slot), 1);
    const running = slot.running;
    slot.running = undefined;
    if (running) {
      clearTimeout(running.timer);
      running.pending.reject(this.failure(running.request.kind, reason, cause));
      this.emit(running.request, lane, "settled");
    } else if (!slot.ready && reason !== "closed") {
      // The worker died while loading: fail the task it was started for rather than loop.
      lane.queue.shift()?.pending.reject(this.failure(undefined, reason, cause));
    }
    slot.worker.removeAllListeners("exit");
    await slot.worker.terminate();
    if (!this.closed) this.dispatch(lane);
  }

  private failure(
    kind: DocumentTaskKind | undefined,
    reason: DocumentWorkerFailure,
    cause: unknown,
  ): Error {
    const what =
      reason === "timeout"
        ? `timed out after ${this.taskTimeoutMs} ms`
        : reason === "out_of_memory"
          ? `ran out of memory (heap cap ${this.resourceLimits.maxOldGenerationSizeMb} MB)`
          : reason === "closed"
            ? "was closed"
            : "crashed";
    const message = `The document worker ${what}.`;
    // An uploaded file that exhausts the limits is the file's problem: the upload refuses it.
    if (
      kind !== undefined &&
      laneOfTask[kind] === "uploads" &&
      (reason === "timeout" || reason === "out_of_memory")
    ) {
      return new DocumentError("too_complex", message, { cause });
    }
    return new DocumentWorkerError(reason, message, { cause });
  }
}

function spawnDocumentWorker(resourceLimits: ResourceLimits, lane: DocumentLane): Worker {
  const fromSource = import.meta.url.endsWith(".ts");
  if (!fromSource) {
    return new Worker(new URL("./document-worker.js", import.meta.url), { resourceLimits });
  }
  // Source: register tsx's loader in the worker, then import the TypeScript entry.
  const require = createRequire(import.meta.url);
  const tsxApi = path.join(
    path.dirname(require.resolve("tsx/package.json")),
    "dist/esm/api/index.mjs",
  );
  const entry = new URL("./document-worker.ts", import.meta.url).href;
  // The uploads lane draws pages with pdf.js, whose two modules (3.5 MB) hold dynamic imports: tsx
  // rewrites every such module at each load and inlines a source map of it that Node then parses,
  // about 0.8 s of CPU per worker (measured from source: a worker's first preview 2.6 s of CPU, 1.8
  // with these loaded before tsx's hooks, as Node loads them; the later imports find them loaded).
  const pdfjsBuild = path.join(path.dirname(require.resolve("pdfjs-dist/package.json")), "legacy");
  const beforeHooks =
    lane === "uploads"
      ? ["pdf.mjs", "pdf.worker.mjs"].map(
          (file) => pathToFileURL(path.join(pdfjsBuild, "build", file)).href,
        )
      : [];
  const bootstrap = `Promise.all(${JSON.stringify(beforeHooks)}.map((url) => import(url)))
    .then(() => import(${JSON.stringify(pathToFileURL(tsxApi).href)}))
    .then(({ register }) => {
      register();
      return import(${JSON.stringify(entry)});
    });`;
  return new Worker(bootstrap, { eval: true, resourceLimits });
}

function deserializeError(error: SerializedError): Error {
  const result =
    error.name === "DocumentError" && error.code
      ? new DocumentError(error.code as DocumentErrorCode, error.message, {
          ...(error.params === undefined ? {} : { params: error.params }),
        })
      : error.name === "QesError" && error.code
        ? // A qualified provider's refusal during a signer's signature: its code decides the answer.
          new QesError(error.code as QesErrorCode, error.message)
        : Object.assign(new Error(error.message), { name: error.name });
  if (error.stack) result.stack = error.stack;
  return result;
}
