import { sql, type Kysely } from "kysely";
import type { Database } from "../db/database";
import type { Logger } from "../logger";
import { isSealedMailBody, openMailBody } from "./body-sealing";
import { MAIL_OUTBOX_CHANNEL } from "./outbox";
import { WakeableLoop, type ListenFn } from "../jobs/wakeable-loop";
import { describeSendError, type MailTransport } from "./transport";

export interface MailWorkerOptions {
  db: Kysely<Database>;
  transport: MailTransport;
  /** The key the outbox bodies are sealed with (`deriveMailKey`). */
  mailKey: Buffer;
  /** The From of every message (MAIL_FROM). */
  from: string;
  logger: Logger;
  /** Subscribes to a NOTIFY channel (see `DatabaseConnection.listen`); without it the worker only polls. */
  listen?: ListenFn;
  /** For masking its credentials in stored errors. */
  smtpUrl?: string;
  /** Pause between polls when there is nothing to send. */
  pollIntervalMs?: number;
  /** Attempts before a message is marked failed. */
  maxAttempts?: number;
  /** Delay after the first failure; doubled after each further failure, up to `backoffMaxMs`. */
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  /** How long a claimed message stays reserved; past it (a crashed worker), another worker takes it over. */
  leaseMs?: number;
}

/** What one `processNext()` did. */
export type MailOutcome = "idle" | "sent" | "retry" | "failed";

/** The delay before attempt `attempts + 1`, after `attempts` failed attempts: base x 2^(attempts-1), capped. */
export function mailBackoffMs(attempts: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));
}

interface ClaimedMail {
  id: string;
  toAddress: string;
  subject: string;
  textBody: string;
  htmlBody: string | null;
  locale: string | null;
  attempts: number;
}

/**
 * Sends the mail of the outbox. Each message is claimed with `FOR UPDATE SKIP LOCKED` and leased,
 * so several api replicas can run workers on one database; a message whose worker died is taken
 * over when its lease runs out. Failed deliveries are retried with exponential backoff until
 * `maxAttempts`, then marked failed with the last error.
 */
export class MailWorker {
  readonly #db: Kysely<Database>;
  readonly #transport: MailTransport;
  readonly #mailKey: Buffer;
  readonly #from: string;
  readonly #logger: Logger;
  readonly #smtpUrl: string | undefined;
  readonly #maxAttempts: number;
  readonly #backoffBaseMs: number;
  readonly #backoffMaxMs: number;
  readonly #leaseMs: number;

  readonly #loop: WakeableLoop;

  constructor(options: MailWorkerOptions) {
    this.#db = options.db;
    this.#transport = options.transport;
    this.#mailKey = options.mailKey;
    this.#from = options.from;
    this.#logger = options.logger.child({ component: "mail-worker" });
    this.#smtpUrl = options.smtpUrl;
    this.#maxAttempts = options.maxAttempts ?? 8;
    this.#backoffBaseMs = options.backoffBaseMs ?? 10_000;
    this.#backoffMaxMs = options.backoffMaxMs ?? 3_600_000;
    this.#leaseMs = options.leaseMs ?? 5 * 60_000;
    this.#loop = new WakeableLoop({
      channel: MAIL_OUTBOX_CHANNEL,
      pollIntervalMs: options.pollIntervalMs ?? 1000,
      ...(options.listen === undefined ? {} : { listen: options.listen }),
      step: async () => {
        try {
          return (await this.processNext()) !== "idle";
        } catch (error) {
          this.#logger.error(
            { error: describeSendError(error, this.#smtpUrl) },
            "mail worker could not read the outbox",
          );
          return false;
        }
      },
    });
  }

  /** Starts the loop: a message committed to the outbox wakes it at once; otherwise it polls. */
  async start(): Promise<void> {
    await this.#loop.start();
  }

  /** Looks at the outbox now instead of at the next poll. */
  wake(): void {
    this.#loop.wake();
  }

  /** Stops the loop after the message being sent, if any, is finished. */
  async stop(): Promise<void> {
    await this.#loop.stop();
  }

  /** Claims the next due message, if any, and tries to deliver it. */
  async processNext(): Promise<MailOutcome> {
    const mail = await this.#claim();
    if (mail === undefined) return "idle";
    if (mail.attempts > this.#maxAttempts) {
      // Its last attempt was interrupted (the worker died while it held the lease).
      await this.#finish(mail.id, "failed", "the last attempt was interrupted");
      return "failed";
    }
    const binding = { to: mail.toAddress, subject: mail.subject };
    let text: string;
    let html: string | null;
    try {
      text = openMailBody(this.#mailKey, binding, mail.textBody);
      html = mail.htmlBody === null ? null : openMailBody(this.#mailKey, binding, mail.htmlBody);
    } catch {
      // Another master key, or an altered row: retrying cannot help.
      await this.#finish(mail.id, "failed", "the message body does not open with this master key");
      this.#logger.error({ outboxId: mail.id }, "mail body does not open; giving up");
      return "failed";
    }
    // A body stored before bodies were sealed is cleared once delivered.
    const legacy = !isSealedMailBody(mail.textBody);
    try {
      const { messageId } = await this.#transport.send({
        outboxId: mail.id,
        from: this.#from,
        to: mail.toAddress,
        subject: mail.subject,
        text,
        html,
        locale: mail.locale,
      });
      await this.#db
        .updateTable("mailOutbox")
        .set({
          status: "sent",
          sentAt: sql<Date>`now()`,
          lockedUntil: null,
          messageId,
          updatedAt: sql<Date>`now()`,
          ...(legacy ? { textBody: "", htmlBody: null } : {}),
        })
        .where("id", "=", mail.id)
        .execute();
      this.#logger.info(
        { outboxId: mail.id, attempts: mail.attempts, transport: this.#transport.kind },
        "mail sent",
      );
      return "sent";
    } catch (error) {
      const reason = describeSendError(error, this.#smtpUrl);
      if (mail.attempts >= this.#maxAttempts) {
        await this.#finish(mail.id, "failed", reason);
        this.#logger.error(
          { outboxId: mail.id, attempts: mail.attempts, error: reason },
          "mail delivery failed; giving up",
        );
        return "failed";
      }
      const delayMs = mailBackoffMs(mail.attempts, this.#backoffBaseMs, this.#backoffMaxMs);
      await this.#db
        .updateTable("mailOutbox")
        .set({
          status: "pending",
          lockedUntil: null,
          lastError: reason,
          nextAttemptAt: sql<Date>`now() + ${delayMs}::double precision * interval '1 millisecond'`,
          updatedAt: sql<Date>`now()`,
        })
        .where("id", "=", mail.id)
        .execute();
      this.#logger.warn(
        { outboxId: mail.id, attempts: mail.attempts, retryInMs: delayMs, error: reason },
        "mail delivery failed; will retry",
      );
      return "retry";
    }
  }

  async #claim(): Promise<ClaimedMail | undefined> {
    const result = await sql<ClaimedMail>`
      UPDATE mail_outbox
      SET status = 'sending',
          attempts = attempts + 1,
          last_attempt_at = now(),
          locked_until = now() + ${this.#leaseMs}::double precision * interval '1 millisecond',
          updated_at = now()
      WHERE id = (
        SELECT id FROM mail_outbox
        WHERE (status = 'pending' AND next_attempt_at <= now())
           OR (status = 'sending' AND locked_until <= now())
        ORDER BY next_attempt_at, created_at
        LIMIT 1
        FOR UPDATE SKIP LOCKED
      )
      RETURNING id, to_address, subject, text_body, html_body, locale, attempts`.execute(this.#db);
    return result.rows[0];
  }

  async #finish(id: string, status: "failed", reason: string): Promise<void> {
    await this.#db
      .updateTable("mailOutbox")
      .set({ status, lockedUntil: null, lastError: reason, updatedAt: sql<Date>`now()` })
      .where("id", "=", id)
      .execute();
  }
}
