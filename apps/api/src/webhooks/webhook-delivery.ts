import {
  signWebhookPayload,
  WEBHOOK_ID_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMESTAMP_HEADER,
} from "@paraphe/api-sdk";
import { sql } from "kysely";
import { enqueueJob } from "../jobs/queue";
import { deliverWebhookJob } from "./job-definitions";
import { jobHandler, type RegisteredJob } from "../jobs/job-worker";
import { createOutboundFetch, NonPublicAddressError } from "../http/outbound-fetch";
import type { WebhookDeps } from "./webhook-deps";
import { webhookAttemptKey } from "./webhook-outbox";
import { endpointMayReceive } from "./webhook-scope";
import { openWebhookSecret } from "./webhook-secret";
import { webhookDeliveries } from "../telemetry/metrics";

/** Waits after the failed attempts 1 to 5; the 6th failure is final. */
export const WEBHOOK_RETRY_DELAYS_MS = [
  60_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  6 * 3_600_000,
] as const;
export const WEBHOOK_MAX_ATTEMPTS = WEBHOOK_RETRY_DELAYS_MS.length + 1;
/** An attempt without an answer within this time failed. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** How much of the receiver's answer is read (and kept, shortened, in the last error). */
export const WEBHOOK_RESPONSE_MAX_BYTES = 4096;
const LAST_ERROR_MAX_LENGTH = 1000;

interface AttemptOutcome {
  delivered: boolean;
  /** No further attempt can help (the endpoint is disabled, its secret does not open). */
  final: boolean;
  responseStatus: number | null;
  error: string | null;
}

const failed = (error: string, final = false): AttemptOutcome => ({
  delivered: false,
  final,
  responseStatus: null,
  error,
});

function describeFailure(error: unknown): string {
  if (error instanceof NonPublicAddressError) {
    return "Refused: the endpoint's host resolves to a private, loopback or link-local address.";
  }
  if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError")) {
    return `No answer within ${WEBHOOK_TIMEOUT_MS / 1000} seconds.`;
  }
  if (error instanceof Error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === undefined ? error.message : `${code}: ${error.message}`;
  }
  return String(error);
}

/** One signed POST of `payload` to `url`; answers how it went, never throws. */
async function post(
  deps: WebhookDeps,
  target: { url: string; secret: string; eventId: string; eventType: string; payload: string },
): Promise<AttemptOutcome> {
  if (!deps.allowLocalTargets && new URL(target.url).protocol !== "https:") {
    return failed("Refused: the endpoint must be an https URL.", true);
  }
  const timestamp = Math.floor(deps.now() / 1000);
  const signature = await signWebhookPayload({
    payload: target.payload,
    secret: target.secret,
    timestamp,
  });
  const outbound = createOutboundFetch({
    allowPrivateAddresses: deps.allowLocalTargets,
    maxResponseBytes: WEBHOOK_RESPONSE_MAX_BYTES,
    truncateResponse: true,
    ...(deps.resolveHost === undefined ? {} : { resolveHost: deps.resolveHost }),
  });
  try {
    const response = await outbound(target.url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "user-agent": "Paraphe-Webhooks/1",
        [WEBHOOK_ID_HEADER]: target.eventId,
        [WEBHOOK_TIMESTAMP_HEADER]: String(timestamp),
        [WEBHOOK_SIGNATURE_HEADER]: signature,
        "paraphe-webhook-event": target.eventType,
      },
      body: target.payload,
      signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
    });
    const text = (await response.text()).trim();
    if (response.status >= 200 && response.status < 300) {
      return { delivered: true, final: true, responseStatus: response.status, error: null };
    }
    return {
      delivered: false,
      final: false,
      responseStatus: response.status,
      error: `HTTP ${response.status}${text === "" ? "" : `: ${text}`}`,
    };
  } catch (error) {
    return failed(describeFailure(error));
  }
}

/**
 * Attempt `attempt` of delivery `deliveryId`: signs the stored body with the endpoint's current
 * secret (`Paraphe-Signature: t=<unix seconds>,v1=<hex HMAC-SHA-256(secret, "<t>.<body>")>`),
 * POSTs it through the outbound guard (public addresses only outside development, checked on the
 * address the connection uses), and records the outcome: a 2xx is delivered; anything else is
 * retried after the next delay of `WEBHOOK_RETRY_DELAYS_MS` (its own job) until the last attempt,
 * which fails the delivery. An event of a workspace the endpoint may no longer receive
 * (`endpointMayReceive`) is not sent, and the delivery fails. An attempt already recorded (a job run twice) or a delivery removed
 * with its endpoint is left alone, so each attempt is sent once.
 */
export async function deliverWebhook(
  deps: WebhookDeps,
  job: { deliveryId: string; attempt: number },
): Promise<void> {
  const row = await deps.db
    .selectFrom("webhookDelivery")
    .innerJoin("webhookEndpoint", "webhookEndpoint.id", "webhookDelivery.endpointId")
    .select([
      "webhookDelivery.status",
      "webhookDelivery.attempts",
      "webhookDelivery.eventId",
      "webhookDelivery.eventType",
      "webhookDelivery.payload",
      "webhookDelivery.workspaceId",
      "webhookEndpoint.id as endpointId",
      "webhookEndpoint.teamId",
      "webhookEndpoint.url",
      "webhookEndpoint.enabled",
      "webhookEndpoint.secretSealed",
      "webhookEndpoint.accountableUserId",
      "webhookEndpoint.allWorkspaces",
    ])
    .where("webhookDelivery.id", "=", job.deliveryId)
    .executeTakeFirst();
  if (row === undefined || row.status !== "pending" || row.attempts !== job.attempt - 1) return;
  const log = deps.logger.child({ webhookDeliveryId: job.deliveryId, attempt: job.attempt });
  let outcome: AttemptOutcome;
  if (!row.enabled) {
    outcome = failed("The endpoint is disabled.", true);
  } else if (
    row.workspaceId !== null &&
    !(await endpointMayReceive(
      deps.db,
      {
        id: row.endpointId,
        teamId: row.teamId,
        accountableUserId: row.accountableUserId,
        allWorkspaces: row.allWorkspaces,
      },
      row.workspaceId,
    ))
  ) {
    outcome = failed(
      "Not sent: the endpoint no longer covers this workspace, or its accountable member may no longer read it.",
      true,
    );
  } else {
    let secret: string | undefined;
    try {
      secret = openWebhookSecret(deps.webhookKey, row.endpointId, row.secretSealed);
    } catch {
      outcome = failed("The endpoint's secret does not open: rotate it.", true);
    }
    outcome ??= await post(deps, {
      url: row.url,
      secret: secret ?? "",
      eventId: row.eventId,
      eventType: row.eventType,
      payload: row.payload,
    });
  }
  const at = new Date(deps.now());
  const final = outcome.delivered || outcome.final || job.attempt >= WEBHOOK_MAX_ATTEMPTS;
  const delay = WEBHOOK_RETRY_DELAYS_MS[job.attempt - 1];
  const nextAttemptAt = final || delay === undefined ? null : new Date(at.getTime() + delay);
  await deps.db.transaction().execute(async (trx) => {
    const recorded = await trx
      .updateTable("webhookDelivery")
      .set({
        attempts: job.attempt,
        status: outcome.delivered ? "delivered" : nextAttemptAt === null ? "failed" : "pending",
        lastError: outcome.error?.slice(0, LAST_ERROR_MAX_LENGTH) ?? null,
        lastResponseStatus: outcome.responseStatus,
        nextAttemptAt,
        deliveredAt: outcome.delivered ? at : null,
        updatedAt: at,
      })
      .where("id", "=", job.deliveryId)
      .where("status", "=", "pending")
      .where("attempts", "=", job.attempt - 1)
      .returning("id")
      .executeTakeFirst();
    if (recorded === undefined || nextAttemptAt === null) return;
    await enqueueJob(
      trx,
      deliverWebhookJob,
      { deliveryId: job.deliveryId, attempt: job.attempt + 1 },
      { runAt: nextAttemptAt, dedupeKey: webhookAttemptKey(job.deliveryId, job.attempt + 1) },
    );
  });
  webhookDeliveries.inc({
    outcome: outcome.delivered ? "delivered" : nextAttemptAt === null ? "failed" : "retry",
  });
  if (outcome.delivered) log.info({ status: outcome.responseStatus }, "webhook delivered");
  else
    log.warn(
      { status: outcome.responseStatus, final: nextAttemptAt === null },
      "webhook attempt failed",
    );
}

/**
 * A delivery whose attempt job gave up (it could not record its outcome) is failed, so that it
 * does not stay pending.
 */
async function failDelivery(
  deps: WebhookDeps,
  job: { deliveryId: string; attempt: number },
  lastError: string,
): Promise<void> {
  const at = new Date(deps.now());
  await deps.db
    .updateTable("webhookDelivery")
    .set({
      status: "failed",
      attempts: job.attempt,
      lastError: lastError.slice(0, LAST_ERROR_MAX_LENGTH),
      nextAttemptAt: null,
      updatedAt: at,
    })
    .where("id", "=", job.deliveryId)
    .where("status", "=", "pending")
    .where("attempts", "=", job.attempt - 1)
    .execute();
}

/** The `deliver-webhook` job: definition, handler and give-up. */
export function deliverWebhookHandler(deps: WebhookDeps): RegisteredJob {
  return jobHandler(deliverWebhookJob, (payload) => deliverWebhook(deps, payload), {
    onGiveUp: (payload, lastError) => failDelivery(deps, payload, lastError),
  });
}

/**
 * Enqueues the attempt job of every pending delivery that has none open (its job was lost with a
 * process, or gave up before recording): answers how many. Part of the worker's start-up sweep.
 */
export async function enqueueLostWebhookDeliveries(deps: Pick<WebhookDeps, "db">): Promise<number> {
  const lost = await deps.db
    .selectFrom("webhookDelivery")
    .select(["id", "attempts", "nextAttemptAt"])
    .where("status", "=", "pending")
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("job")
            .select("job.id")
            .where(
              "job.dedupeKey",
              "=",
              sql<string>`'webhook-delivery:' || webhook_delivery.id || ':' || (webhook_delivery.attempts + 1)`,
            )
            .where("job.status", "in", ["pending", "running"]),
        ),
      ),
    )
    .limit(1000)
    .execute();
  for (const delivery of lost) {
    const attempt = delivery.attempts + 1;
    await enqueueJob(
      deps.db,
      deliverWebhookJob,
      { deliveryId: delivery.id, attempt },
      {
        dedupeKey: webhookAttemptKey(delivery.id, attempt),
        ...(delivery.nextAttemptAt === null ? {} : { runAt: delivery.nextAttemptAt }),
      },
    );
  }
  return lost.length;
}
