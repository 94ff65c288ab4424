import { sql, type Kysely } from "kysely";
import type { Database } from "../db/database";
import {
  jobHandler,
  RetryLaterJobError,
  UnrecoverableJobError,
  type RegisteredJob,
} from "../jobs/job-worker";
import type { Logger } from "../logger";
import { openMailBody } from "../mail/body-sealing";
import { sendSmsJob } from "./job-definitions";
import { smsBinding } from "./outbox";
import { SmsSendError, type SmsProvider } from "./provider";

export interface SmsDeliveryDeps {
  db: Kysely<Database>;
  provider: SmsProvider;
  /** The key the outbox bodies are sealed with (`deriveMailKey`). */
  mailKey: Buffer;
  logger: Logger;
}

/** The last error of an SMS whose body does not open: retrying cannot help. */
export const SMS_BODY_DOES_NOT_OPEN = "the SMS body does not open with this master key";

/**
 * Delivers one SMS of the outbox: the handler of the `send-sms` job. A provider's refusal that may
 * pass (its failure, a network error, its authentication) throws so that the job retries; a rate
 * limit with Retry-After retries no sooner than asked ({@link RetryLaterJobError}); a message the
 * provider calls wrong gives up at once. An SMS already marked sent is not sent again. Neither the
 * text nor the provider's token reaches a log or the job's last error.
 */
export async function deliverSms(deps: SmsDeliveryDeps, smsId: string): Promise<void> {
  const log = deps.logger.child({ component: "sms", smsId });
  const sms = await deps.db
    .selectFrom("smsOutbox")
    .select(["id", "toPhone", "body", "sentAt"])
    .where("id", "=", smsId)
    .executeTakeFirst();
  if (sms === undefined) throw new UnrecoverableJobError("the SMS is not in the outbox");
  if (sms.sentAt !== null) {
    log.warn("SMS already sent by an interrupted attempt; not sending it twice");
    return;
  }
  let text: string;
  try {
    text = openMailBody(deps.mailKey, smsBinding(sms.toPhone), sms.body);
  } catch {
    throw new UnrecoverableJobError(SMS_BODY_DOES_NOT_OPEN);
  }
  let messageId: string;
  try {
    ({ messageId } = await deps.provider.send({ to: sms.toPhone, text }));
  } catch (error) {
    if (!(error instanceof SmsSendError)) {
      throw new Error("the SMS provider failed");
    }
    if (error.permanent) throw new UnrecoverableJobError(error.message);
    if (error.retryAfterMs !== null)
      throw new RetryLaterJobError(error.message, error.retryAfterMs);
    throw new Error(error.message);
  }
  await deps.db
    .updateTable("smsOutbox")
    .set({ sentAt: sql<Date>`now()`, messageId, updatedAt: sql<Date>`now()` })
    .where("id", "=", sms.id)
    .execute();
  log.info({ provider: deps.provider.kind }, "SMS sent");
}

/** The `send-sms` job with its handler, for the job worker. */
export function sendSmsHandler(deps: SmsDeliveryDeps): RegisteredJob {
  return jobHandler(sendSmsJob, ({ smsId }) => deliverSms(deps, smsId));
}
