/**
 * A real SMTP server (smtp-server on 127.0.0.1) that records each message it accepts with its
 * recipient, subject and Message-ID, and can be taken down (every connection answered
 * `421 Service not available`, as a relay in maintenance does) and brought back. Not part of the
 * server.
 */
import type { AddressInfo } from "node:net";
import type { AccessLink } from "@paraphe/api-sdk/contract";
import { SMTPServer } from "smtp-server";
import { createConditionWaiter } from "../condition-waiter";

export interface RecordedMail {
  to: string;
  subject: string;
  messageId: string;
  /** The message with its quoted-printable encoding undone. */
  text: string;
}

/** Undoes quoted-printable (soft line breaks and `=XX` bytes) over the whole message. */
function decodeQuotedPrintable(raw: string): string {
  const bytes = raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}

function header(raw: string, name: string): string {
  const headers = raw.split(/\r?\n\r?\n/, 1)[0] ?? "";
  const unfolded = headers.replace(/\r?\n[ \t]+/g, " ");
  const value = new RegExp(`^${name}: (.*)$`, "im").exec(unfolded)?.[1] ?? "";
  // An encoded word (=?UTF-8?Q?...?=) when the value is not plain ASCII.
  return value
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_match, kind: string, text: string) =>
      kind.toUpperCase() === "B"
        ? Buffer.from(text, "base64").toString("utf8")
        : decodeQuotedPrintable(text.replaceAll("_", " ")),
    )
    .trim();
}

export async function startMailRecorder() {
  const received: RecordedMail[] = [];
  const { notify, until } = createConditionWaiter(60_000);
  let down = false;
  let refused = 0;

  const server = new SMTPServer({
    disabledCommands: ["STARTTLS", "AUTH"],
    authOptional: true,
    logger: false,
    onConnect(_session, callback) {
      if (!down) {
        callback();
        return;
      }
      refused += 1;
      notify();
      callback(Object.assign(new Error("Service not available"), { responseCode: 421 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        for (const rcpt of session.envelope.rcptTo)
          received.push({
            to: rcpt.address,
            subject: header(raw, "Subject"),
            messageId: header(raw, "Message-ID"),
            text: decodeQuotedPrintable(raw),
          });
        notify();
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  // smtp-server reports a client's broken connection on the server. This suite kills the api in
  // the middle of SMTP conversations, so resets are expected: kept, not thrown (an 'error' event
  // without a listener would end the test process).
  const connectionErrors: Error[] = [];
  server.on("error", (error: Error) => connectionErrors.push(error));
  const port = (server.server.address() as AddressInfo).port;

  const mailsTo = (address: string): RecordedMail[] =>
    received.filter((mail) => mail.to === address);

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** Connections a client broke off (the api killed mid-conversation). */
    connectionErrors,
    mailsTo,
    until,
    /** Takes the server down (421 to every connection) or brings it back. */
    setDown(value: boolean) {
      down = value;
    },
    /** Connections answered 421 so far. */
    refusedCount: () => refused,
    async codeFor(email: string): Promise<string> {
      await until(() => mailsTo(email).length > 0, `a sign-in code mailed to ${email}`);
      const code = /^([0-9A-Z]{6})\r?$/m.exec(mailsTo(email).at(-1)!.text)?.[1];
      if (code === undefined) throw new Error(`no code in the mail to ${email}`);
      return code;
    },
    /** The access link mailed to `email` for `envelopeUuid`, waiting for the mail if needed. */
    async linkFor(email: string, envelopeUuid: string, timeoutMs = 180_000): Promise<AccessLink> {
      const pattern = new RegExp(`/sign/${envelopeUuid}#token=([^&\\s]+)&secret=([^&\\s"<]+)`);
      const find = () => {
        for (const mail of mailsTo(email)) {
          const match = pattern.exec(mail.text);
          if (match?.[1] !== undefined && match[2] !== undefined)
            return {
              envelopeUuid,
              token: decodeURIComponent(match[1]),
              secretKey: decodeURIComponent(match[2]),
            };
        }
        return undefined;
      };
      await until(() => find() !== undefined, `a signing link mailed to ${email}`, timeoutMs);
      return find()!;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type MailRecorder = Awaited<ReturnType<typeof startMailRecorder>>;
