import { SmsSendError, type SmsMessage, type SmsProvider, type SmsSendResult } from "./provider";

export interface HttpSmsProviderOptions {
  /** SMS_PROVIDER_URL, without a trailing slash (`https://api.twilio.com`). */
  baseUrl: string;
  /** SMS_ACCOUNT_SID: the account, in the path and as the Basic authentication's user. */
  accountSid: string;
  /** SMS_AUTH_TOKEN: the Basic authentication's password; never logged nor put in an error. */
  authToken: string;
  /** SMS_FROM: a number or a sender name. */
  from: string;
  /** How long one request may take (10 s by default). */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** The most of a provider's error message kept in an error (it is logged and stored). */
const MESSAGE_MAX = 200;
/** A Retry-After past this is taken as this: the job's backoff cap decides beyond. */
const RETRY_AFTER_MAX_MS = 24 * 3_600_000;

/**
 * Retry-After as milliseconds: delay-seconds or an HTTP date (RFC 9110 §10.2.3); null when absent
 * or unreadable.
 */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (value === null) return null;
  const text = value.trim();
  if (/^\d{1,10}$/.test(text)) return Math.min(RETRY_AFTER_MAX_MS, Number(text) * 1000);
  const date = Date.parse(text);
  if (Number.isNaN(date)) return null;
  return Math.min(RETRY_AFTER_MAX_MS, Math.max(0, date - now));
}

/** Removes every secret given from `text` (the token, the message's text). */
function scrub(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) if (secret.length > 0) out = out.split(secret).join("***");
  return out;
}

/**
 * An SMS provider speaking Twilio's Messages API: `POST {base}/2010-04-01/Accounts/{sid}/Messages.json`
 * with a form-encoded `To`, `From` and `Body`, HTTP Basic authentication (account sid and auth
 * token); 201 answers the message with its `sid`; errors answer JSON `{ code, message, status }`;
 * 429 asks to slow down (Retry-After). Errors never carry the token nor the text.
 */
export function createHttpSmsProvider(options: HttpSmsProviderOptions): SmsProvider {
  const doFetch = options.fetch ?? fetch;
  const url = `${options.baseUrl.replace(/\/+$/, "")}/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`, "utf8").toString("base64")}`;
  return {
    kind: "http",
    async send(message: SmsMessage): Promise<SmsSendResult> {
      const secrets = [options.authToken, message.text];
      let response: Response;
      try {
        response = await doFetch(url, {
          method: "POST",
          headers: {
            authorization,
            "content-type": "application/x-www-form-urlencoded",
            accept: "application/json",
          },
          body: new URLSearchParams({ To: message.to, From: options.from, Body: message.text }),
          redirect: "error",
          signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
        });
      } catch (error) {
        const reason = error instanceof Error ? error.name : "error";
        throw new SmsSendError(`the SMS provider could not be reached (${reason})`);
      }
      const text = await response.text().catch(() => "");
      let body: unknown = null;
      try {
        body = text === "" ? null : JSON.parse(text);
      } catch {
        body = null;
      }
      const fields = (typeof body === "object" && body !== null ? body : {}) as Record<
        string,
        unknown
      >;
      if (response.ok) {
        const sid = fields["sid"];
        if (typeof sid !== "string" || sid === "") {
          throw new SmsSendError(
            `the SMS provider answered ${response.status} without a message sid`,
            { status: response.status },
          );
        }
        return { messageId: sid.slice(0, 128) };
      }
      const code = typeof fields["code"] === "number" ? fields["code"] : null;
      const said =
        typeof fields["message"] === "string"
          ? scrub(fields["message"], secrets)
              .replace(/[\r\n]+/g, " ")
              .slice(0, MESSAGE_MAX)
          : "";
      const status = response.status;
      const retryAfterMs =
        status === 429 ? parseRetryAfter(response.headers.get("retry-after")) : null;
      // A request the provider calls wrong (a number it refuses) stays wrong; its authentication,
      // a rate limit or its own failure may pass.
      const permanent =
        status >= 400 && status < 500 && ![401, 403, 408, 409, 429].includes(status);
      throw new SmsSendError(
        `the SMS provider answered ${status}${code === null ? "" : ` (code ${code})`}${said === "" ? "" : `: ${said}`}`,
        { status, providerCode: code, retryAfterMs, permanent },
      );
    },
  };
}
