import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

/** A span as an OTLP/HTTP JSON export carries it (ids in hex). */
export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes?: { key: string; value: Record<string, unknown> }[];
}

export interface OtlpReceiver {
  /** The base address to give as OTEL_EXPORTER_OTLP_ENDPOINT. */
  url: string;
  /** Every span received so far, and the raw bodies. */
  spans(): ReceivedSpan[];
  bodies(): string[];
  close(): Promise<void>;
}

/**
 * A collector stand-in: takes `POST /v1/traces` with an OTLP/HTTP JSON body (what the exporter
 * sends), keeps its spans, answers 200 `{}`. Anything else: 404, or 415 when the body is not JSON.
 */
export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const bodies: string[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      if (request.method !== "POST" || request.url !== "/v1/traces") {
        response.writeHead(404).end();
        return;
      }
      if (!(request.headers["content-type"] ?? "").startsWith("application/json")) {
        response.writeHead(415).end();
        return;
      }
      bodies.push(Buffer.concat(chunks).toString("utf8"));
      response.writeHead(200, { "Content-Type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    bodies: () => [...bodies],
    spans: () =>
      bodies.flatMap((body) => {
        const parsed = JSON.parse(body) as {
          resourceSpans?: { scopeSpans?: { spans?: ReceivedSpan[] }[] }[];
        };
        return (parsed.resourceSpans ?? []).flatMap((resource) =>
          (resource.scopeSpans ?? []).flatMap((scope) => scope.spans ?? []),
        );
      }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
