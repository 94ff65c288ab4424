import type { DevMailboxMessage } from "@paraphe/api-sdk/contract";
import { html } from "hono/html";
import type { AppDeps } from "../../deps";
import type { AppRouter } from "../../http/context";
import { listDevMailbox } from "../../dev/mailbox-messages";

/**
 * The development mailbox: `GET /dev/mailbox` (a page) and `GET /dev/mailbox.json`, newest first.
 * Registered only when mail goes to the development mailbox (never in production), DEV_MAILBOX=1
 * asks for it and the api listens on a loopback address. Bodies are stored sealed; it opens them.
 */
export function registerDevMailbox(app: AppRouter, deps: AppDeps): void {
  const list = () => listDevMailbox(deps, deps.mailKey);

  app.get("/dev/mailbox.json", async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await list());
  });

  app.get("/dev/mailbox", async (c) => {
    const messages = await list();
    c.header("Cache-Control", "no-store");
    // Inline styles only; mail HTML is shown in a sandboxed frame that can run nothing.
    c.header(
      "Content-Security-Policy",
      "default-src 'none'; style-src 'unsafe-inline'; frame-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
    );
    return c.html(renderMailbox(messages));
  });
}

function renderMailbox(messages: DevMailboxMessage[]) {
  // hono/html escapes every interpolated value.
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>Paraphe development mailbox</title>
        <style>
          body {
            font-family: system-ui, sans-serif;
            margin: 0 auto;
            max-width: 60rem;
            padding: 1.5rem;
            color: #1f2330;
            background: #f6f7fb;
          }
          h1 {
            font-size: 1.4rem;
            margin: 0 0 0.25rem;
          }
          .intro {
            color: #596080;
            margin: 0 0 1.5rem;
          }
          article {
            background: #fff;
            border: 1px solid #dde0ea;
            border-radius: 0.5rem;
            padding: 1rem 1.25rem;
            margin-bottom: 1rem;
          }
          h2 {
            font-size: 1.1rem;
            margin: 0 0 0.5rem;
          }
          dl {
            display: grid;
            grid-template-columns: max-content 1fr;
            gap: 0.15rem 0.75rem;
            margin: 0 0 0.75rem;
            font-size: 0.9rem;
          }
          dt {
            color: #596080;
          }
          dd {
            margin: 0;
          }
          pre {
            white-space: pre-wrap;
            word-break: break-word;
            background: #f6f7fb;
            padding: 0.75rem;
            border-radius: 0.35rem;
            margin: 0;
            font-size: 0.95rem;
          }
          iframe {
            width: 100%;
            height: 24rem;
            border: 1px solid #dde0ea;
            border-radius: 0.35rem;
            background: #fff;
          }
          summary {
            cursor: pointer;
            margin-top: 0.5rem;
            color: #3c44b1;
          }
          .empty {
            color: #596080;
          }
        </style>
      </head>
      <body>
        <h1>Development mailbox</h1>
        <p class="intro">
          Every message the api sends while no SMTP server is configured, newest first
          (${messages.length} shown).
          <a href="/dev/mailbox">Reload</a> · <a href="/dev/mailbox.json">JSON</a>
        </p>
        ${messages.length === 0 ? html`<p class="empty">No messages yet.</p>` : ""}
        ${messages.map(
          (message) =>
            html`<article>
              <h2>${message.subject}</h2>
              <dl>
                <dt>To</dt>
                <dd>${message.to}</dd>
                <dt>From</dt>
                <dd>${message.from}</dd>
                <dt>Date</dt>
                <dd><time datetime="${message.createdAt}">${message.createdAt}</time></dd>
                ${
                  message.locale === null
                    ? ""
                    : html`<dt>Language</dt>
                        <dd>${message.locale}</dd>`
                }
              </dl>
              <pre>${message.text}</pre>
              ${
                message.html === null
                  ? ""
                  : html`<details>
                      <summary>HTML version</summary>
                      <iframe sandbox="" title="HTML version" srcdoc="${message.html}"></iframe>
                    </details>`
              }
            </article>`,
        )}
      </body>
    </html>`;
}
