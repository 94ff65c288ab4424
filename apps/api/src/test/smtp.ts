import type { AddressInfo } from "node:net";
import { SMTPServer, type SMTPServerOptions } from "smtp-server";
import { createConditionWaiter } from "./condition-waiter";

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  /** Whether the message came over TLS, and the user it authenticated as. */
  secure: boolean;
  user: string | null;
}

export interface TestSmtpServer {
  url: string;
  received: ReceivedMail[];
  /** Rejects the next `count` messages with a 451 (temporary) error. */
  failNext(count: number): void;
  /** Delays the answer to each message by `ms`. */
  delayBy(ms: number): void;
  /** Resolves when `count` messages have been received. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

/** A certificate and key for the server's TLS (PEM), e.g. from `createLocalCa`. */
export interface TestSmtpTls {
  key: string;
  cert: string;
  /** Implicit TLS (SMTPS) rather than STARTTLS. */
  implicit?: boolean;
}

/**
 * A real SMTP server (smtp-server) on 127.0.0.1 and a random port, keeping what it receives. With
 * `tls`, it offers STARTTLS (or speaks TLS from the start, `implicit`) with that certificate, and
 * accepts AUTH only over TLS.
 */
export async function startSmtpServer(
  auth?: {
    user: string;
    password: string;
  },
  tls?: TestSmtpTls,
): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  let failures = 0;
  let delayMs = 0;
  const { notify, until } = createConditionWaiter(5000);

  const options: SMTPServerOptions = {
    disabledCommands:
      auth === undefined
        ? tls === undefined
          ? ["STARTTLS", "AUTH"]
          : ["AUTH"]
        : tls === undefined
          ? ["STARTTLS"]
          : [],
    authOptional: auth === undefined,
    allowInsecureAuth: tls === undefined,
    ...(tls === undefined
      ? {}
      : { key: tls.key, cert: tls.cert, secure: tls.implicit === true, minVersion: "TLSv1.2" }),
    logger: false,
    onAuth(credentials, _session, callback) {
      if (
        auth !== undefined &&
        credentials.username === auth.user &&
        credentials.password === auth.password
      ) {
        callback(null, { user: credentials.username });
      } else {
        callback(new Error("Invalid username or password"));
      }
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        setTimeout(() => {
          if (failures > 0) {
            failures -= 1;
            const error = Object.assign(new Error("Mailbox temporarily unavailable"), {
              responseCode: 451,
            });
            callback(error);
            return;
          }
          received.push({
            from: session.envelope.mailFrom === false ? "" : session.envelope.mailFrom.address,
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            raw: Buffer.concat(chunks).toString("utf8"),
            secure: session.secure,
            user: typeof session.user === "string" ? session.user : null,
          });
          notify();
          callback();
        }, delayMs);
      });
    },
  };
  const server = new SMTPServer(options);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  const credentials =
    auth === undefined
      ? ""
      : `${encodeURIComponent(auth.user)}:${encodeURIComponent(auth.password)}@`;

  return {
    url: `smtp://${credentials}127.0.0.1:${port}`,
    received,
    failNext(count) {
      failures = count;
    },
    delayBy(ms) {
      delayMs = ms;
    },
    async waitFor(count, timeoutMs) {
      await until(() => received.length >= count, `${count} messages`, timeoutMs);
      return received.slice();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
