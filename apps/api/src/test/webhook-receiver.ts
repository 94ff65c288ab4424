import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

/** A request the receiver got: its headers and raw body. */
export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  body: string;
}

export interface WebhookReceiver {
  /** `http://127.0.0.1:<port>/hook`. */
  url: string;
  received: ReceivedWebhook[];
  /** The statuses of the next answers, in order; once used up, 200. */
  answerWith(...statuses: number[]): void;
  close(): Promise<void>;
}

/**
 * A webhook receiver on loopback, for tests: it keeps every request it gets and answers with the
 * statuses it was told (a short text body), then 200. Not part of the server.
 */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const statuses: number[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString("utf8") });
      const status = statuses.shift() ?? 200;
      response.writeHead(status, { "content-type": "text/plain" });
      response.end(status < 300 ? "ok" : `receiver failure ${status}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    answerWith: (...next) => statuses.push(...next),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
