// The test SMTP server of the browser tests: a real SMTP server (smtp-server) that keeps every
// message it receives, parsed (mailparser), and shows them over HTTP for the tests to read:
//   GET /messages?to=<address>  ->  [{ to, subject, text, html, date }]   (newest last)
//   GET /messages?to=<address>&count=<n>&waitMs=<ms>  ->  the same, answered as soon as <n> of them
//       arrived (or after <ms>, at most 60 s, with what arrived by then)
//   GET /health                 ->  {"status":"ok"}
// Ports: SMTP 2525, HTTP 2526 on 127.0.0.1 (MAIL_SINK_SMTP_PORT / MAIL_SINK_HTTP_PORT).
// It is the suite's SMS provider too, speaking Twilio's Messages API as the api's HTTP provider
// calls it (SMS_PROVIDER_URL): POST /2010-04-01/Accounts/<SMS_SINK_ACCOUNT>/Messages.json, form
// fields To, From and Body, HTTP Basic authentication (the account and SMS_SINK_TOKEN); 201 with
// the message's sid, 401 with Twilio's error body for other credentials. Each SMS is kept as a
// message to its number, subject "SMS", its text the body: GET /messages?to=<+number> reads them.
import { randomBytes } from "node:crypto";
import { createServer } from "node:http";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

const smtpPort = Number(process.env.MAIL_SINK_SMTP_PORT ?? 2525);
const httpPort = Number(process.env.MAIL_SINK_HTTP_PORT ?? 2526);
const smsAccount = process.env.SMS_SINK_ACCOUNT ?? "ACe2e";
const smsToken = process.env.SMS_SINK_TOKEN ?? "e2e-sms-token";
const smsPath = `/2010-04-01/Accounts/${smsAccount}/Messages.json`;
const messages = [];
/** Requests waiting for mail: each is checked again whenever a message arrives. */
const waiting = new Set();

const smtp = new SMTPServer({
  disabledCommands: ["STARTTLS", "AUTH"],
  authOptional: true,
  logger: false,
  onData(stream, session, callback) {
    simpleParser(stream).then(
      (mail) => {
        const to = session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase());
        keep({
          to,
          subject: mail.subject ?? "",
          text: mail.text ?? "",
          html: typeof mail.html === "string" ? mail.html : "",
          language: mail.headers.get("content-language") ?? null,
        });
        callback();
      },
      (error) => callback(error),
    );
  },
});
smtp.listen(smtpPort, "127.0.0.1");

/** Keeps a message and answers whoever waits for it. */
function keep(message) {
  messages.push({ ...message, date: new Date().toISOString() });
  for (const waiter of waiting) waiter();
}

/** Twilio's Messages API, as much of it as the api's provider uses (see the header). */
async function receiveSms(request, response) {
  const expected = `Basic ${Buffer.from(`${smsAccount}:${smsToken}`).toString("base64")}`;
  if (request.headers.authorization !== expected) {
    response.statusCode = 401;
    response.end(JSON.stringify({ code: 20003, message: "Authenticate", status: 401 }));
    return;
  }
  let body = "";
  for await (const chunk of request) body += chunk;
  const form = new URLSearchParams(body);
  const to = form.get("To") ?? "";
  const text = form.get("Body") ?? "";
  if (!/^\+[1-9]\d{1,14}$/.test(to) || text === "" || !form.get("From")) {
    response.statusCode = 400;
    response.end(
      JSON.stringify({ code: 21211, message: `The 'To' number ${to} is not valid.`, status: 400 }),
    );
    return;
  }
  keep({ to: [to], subject: "SMS", text, html: "", language: null });
  response.statusCode = 201;
  const sid = `SM${randomBytes(16).toString("hex")}`;
  response.end(JSON.stringify({ sid, status: "queued", to, from: form.get("From") }));
}

const http = createServer((request, response) => {
  const url = new URL(request.url ?? "/", "http://127.0.0.1");
  response.setHeader("Content-Type", "application/json");
  if (request.method === "POST" && url.pathname === smsPath) {
    receiveSms(request, response).catch(() => {
      response.statusCode = 500;
      response.end(JSON.stringify({ code: 20500, message: "Internal error", status: 500 }));
    });
  } else if (url.pathname === "/health") {
    response.end(JSON.stringify({ status: "ok" }));
  } else if (url.pathname === "/messages") {
    const to = url.searchParams.get("to")?.toLowerCase();
    const count = Number(url.searchParams.get("count") ?? 0);
    const waitMs = Math.min(Number(url.searchParams.get("waitMs") ?? 0), 60_000);
    const matching = () => (to ? messages.filter((m) => m.to.includes(to)) : messages);
    if (!(count > 0 && waitMs > 0) || matching().length >= count) {
      response.end(JSON.stringify(matching()));
      return;
    }
    const answer = () => {
      waiting.delete(check);
      clearTimeout(timer);
      response.end(JSON.stringify(matching()));
    };
    const check = () => {
      if (matching().length >= count) answer();
    };
    const timer = setTimeout(answer, waitMs);
    waiting.add(check);
    response.on("close", () => {
      waiting.delete(check);
      clearTimeout(timer);
    });
  } else {
    response.statusCode = 404;
    response.end(JSON.stringify({ error: "not found" }));
  }
});
http.listen(httpPort, "127.0.0.1");

const stop = () => {
  http.close();
  smtp.close(() => process.exit(0));
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
