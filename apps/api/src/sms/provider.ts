/**
 * Sending SMS: one interface, two implementations (`http-provider.ts`, a provider speaking Twilio's
 * Messages API; `dev-mailbox-provider.ts`, the development mailbox). Nothing here knows what the
 * text says: callers never log it (it carries codes).
 */
export interface SmsMessage {
  /** The number, E.164 (`+33612345678`). */
  to: string;
  text: string;
}

export interface SmsSendResult {
  /** The provider's id of the message. */
  messageId: string;
}

export interface SmsProvider {
  readonly kind: "http" | "dev-mailbox";
  send(message: SmsMessage): Promise<SmsSendResult>;
}

/**
 * A message the provider refused or could not take, described without credentials nor text.
 * `retryAfterMs`: the provider asked to wait that long (HTTP 429 with Retry-After). `permanent`:
 * sending it again cannot help (a number the provider refuses, a request it calls invalid).
 */
export class SmsSendError extends Error {
  override readonly name = "SmsSendError";
  readonly status: number | null;
  readonly providerCode: number | null;
  readonly retryAfterMs: number | null;
  readonly permanent: boolean;

  constructor(
    message: string,
    details: {
      status?: number | null;
      providerCode?: number | null;
      retryAfterMs?: number | null;
      permanent?: boolean;
    } = {},
  ) {
    super(message);
    this.status = details.status ?? null;
    this.providerCode = details.providerCode ?? null;
    this.retryAfterMs = details.retryAfterMs ?? null;
    this.permanent = details.permanent ?? false;
  }
}
