// The test SMTP server of the browser tests: a real SMTP server (smtp-server) that keeps every
// message it receives, parsed (mailparser), and shows them over HTTP for the tests to read:
//   GET /messages?to=<address>  ->  [{ to, subject, text, html, date }]   (newest last)
//   GET /messages?to=<address>&count=<n>&waitMs=<ms>  ->  the same, answered as soon as <n> of them
//       arrived (or after <ms>, at most 60 s, with what arrived by then)
//   GET /health                 ->  {"status":"ok"}
// Ports: SMTP 2525, HTTP 2526 on 127.0.0.1 (MAIL_SINK_SMTP_PORT / MAIL_SINK_HTTP_PORT).
import { createServer } from "node:http";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

const smtpPort = Number(process.env.MAIL_SINK_SMTP_PORT ?? 2525);
const httpPort = Number(process.env.MAIL_SINK_HTTP_PORT ?? 2526);
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
        messages.push({
          to,
          subject: mail.subject ?? "",
          text: mail.text ?? "",
          html: typeof mail.html === "string" ? mail.html : "",
          language: mail.headers.get("content-language") ?? null,
          date: new Date().toISOString(),
        });
        for (const waiter of waiting) waiter();
        callback();
      },
      (error) => callback(error),
    );
  },
});
smtp.listen(smtpPort, "127.0.0.1");

const http = createServer((request, response) => {
  const url = new URL(request.url ?? "/", "http://127.0.0.1");
  response.setHeader("Content-Type", "application/json");
  if (url.pathname === "/health") {
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
