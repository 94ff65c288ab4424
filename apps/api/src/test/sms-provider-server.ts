import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** One request the test SMS provider took, as it arrived. */
export interface ReceivedSms {
  method: string;
  path: string;
  contentType: string | undefined;
  authorization: string | undefined;
  form: Record<string, string>;
}

/** What the server answers to the next message (one answer per call, in order; then created). */
export type SmsAnswer =
  | { kind: "created" }
  | { kind: "error"; status: number; code: number; message: string }
  | { kind: "rate-limited"; retryAfter: string };

export interface TestSmsProviderServer {
  /** Its base address (SMS_PROVIDER_URL). */
  url: string;
  accountSid: string;
  authToken: string;
  received: ReceivedSms[];
  /** Answers, in order, for the next messages. */
  answerNext(...answers: SmsAnswer[]): void;
  close(): Promise<void>;
}

function json(response: ServerResponse, status: number, body: unknown, headers = {}): void {
  response.writeHead(status, { "content-type": "application/json", ...headers });
  response.end(JSON.stringify(body));
}

/**
 * A server that speaks Twilio's Messages API as documented: `POST
 * /2010-04-01/Accounts/{AccountSid}/Messages.json` with a form-encoded `To`, `From` and `Body` and
 * HTTP Basic authentication (the account sid and its auth token). It answers 201 with the message
 * resource (`sid`, `status: "queued"`, ...), 401 `{ code: 20003 }` on wrong credentials, 400
 * `{ code: 21211 }` for a `To` that is not E.164, 404 `{ code: 20404 }` elsewhere, and what the
 * test asks for (an error, or 429 `{ code: 20429 }` with Retry-After).
 */
export async function startSmsProviderServer(
  accountSid = "AC0123456789abcdef0123456789abcdef",
  authToken = "test-auth-token-7c1f9e",
): Promise<TestSmsProviderServer> {
  const received: ReceivedSms[] = [];
  const answers: SmsAnswer[] = [];
  let next = 0;
  const expected = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString("base64")}`;
  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString("utf8");
    const path = request.url ?? "";
    const form = Object.fromEntries(new URLSearchParams(text));
    received.push({
      method: request.method ?? "",
      path,
      contentType: request.headers["content-type"],
      authorization: request.headers.authorization,
      form,
    });
    const match = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(path);
    if (request.method !== "POST" || match === null) {
      json(response, 404, {
        code: 20404,
        message: "The requested resource was not found",
        more_info: "https://www.twilio.com/docs/errors/20404",
        status: 404,
      });
      return;
    }
    if (request.headers.authorization !== expected || match[1] !== accountSid) {
      json(response, 401, {
        code: 20003,
        message: "Authentication Error - invalid username",
        more_info: "https://www.twilio.com/docs/errors/20003",
        status: 401,
      });
      return;
    }
    if (!/^\+[1-9]\d{1,14}$/.test(form["To"] ?? "")) {
      json(response, 400, {
        code: 21211,
        message: `The 'To' number ${form["To"] ?? ""} is not a valid phone number.`,
        more_info: "https://www.twilio.com/docs/errors/21211",
        status: 400,
      });
      return;
    }
    const answer = answers.shift() ?? { kind: "created" };
    if (answer.kind === "error") {
      json(response, answer.status, {
        code: answer.code,
        message: answer.message,
        more_info: `https://www.twilio.com/docs/errors/${answer.code}`,
        status: answer.status,
      });
      return;
    }
    if (answer.kind === "rate-limited") {
      json(
        response,
        429,
        {
          code: 20429,
          message: "Too Many Requests",
          more_info: "https://www.twilio.com/docs/errors/20429",
          status: 429,
        },
        { "retry-after": answer.retryAfter },
      );
      return;
    }
    next += 1;
    const sid = `SM${String(next).padStart(32, "0")}`;
    json(response, 201, {
      account_sid: accountSid,
      api_version: "2010-04-01",
      body: form["Body"],
      from: form["From"],
      to: form["To"],
      num_segments: "1",
      sid,
      status: "queued",
      uri: `/2010-04-01/Accounts/${accountSid}/Messages/${sid}.json`,
    });
  };
  const server = createServer((request, response) => {
    handle(request, response).catch(() => {
      response.statusCode = 500;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    accountSid,
    authToken,
    received,
    answerNext: (...more) => void answers.push(...more),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
