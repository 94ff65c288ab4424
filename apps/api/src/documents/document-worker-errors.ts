import { BusyError } from "../errors/busy-error";
import type { DocumentLane } from "./worker-protocol";

/** Why a worker stopped under a task. */
export type DocumentWorkerFailure = "timeout" | "out_of_memory" | "crashed" | "closed";

/** A task lost with its worker: timed out, out of memory, crashed, or the pool closed. */
export class DocumentWorkerError extends Error {
  readonly reason: DocumentWorkerFailure;

  constructor(reason: DocumentWorkerFailure, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "DocumentWorkerError";
    this.reason = reason;
  }
}

/**
 * A lane's workers are all busy and its queue is full (`reason: "lane"`), or the task's owner
 * already has its share of the lane (`reason: "owner"`): try again later.
 */
export class DocumentWorkersBusyError extends BusyError {
  readonly lane: DocumentLane;
  readonly reason: "lane" | "owner";

  constructor(lane: DocumentLane, retryAfterSeconds: number, reason: "lane" | "owner" = "lane") {
    super(
      reason === "lane"
        ? `The document workers of the ${lane} lane are busy and their queue is full.`
        : `The owner of the task already has its share of the ${lane} lane.`,
      retryAfterSeconds,
      reason === "lane" ? "capacity" : "caller_share",
    );
    this.name = "DocumentWorkersBusyError";
    this.lane = lane;
    this.reason = reason;
  }
}
