// The OpenTelemetry collector stand-in of the browser tests: takes the spans the api exports
// (OTLP/HTTP JSON, `POST /v1/traces`, ids in hex) and shows them over HTTP for the tests to read:
//   GET /spans?traceId=<hex>  ->  [{ traceId, spanId, parentSpanId, name, kind }]   (in arrival order)
//   GET /health               ->  {"status":"ok"}
// Port 4319 on 127.0.0.1 (OTLP_SINK_PORT). The suite's api samples only the calls that carry a
// sampled trace context (`parentbased_always_off`): the telemetry test's, none of the others'.
import { createServer } from "node:http";

const port = Number(process.env.OTLP_SINK_PORT ?? 4319);
/** Spans by trace id; the oldest traces are dropped past MAX_TRACES. */
const traces = new Map();
const MAX_TRACES = 10_000;

function keep(body) {
  const parsed = JSON.parse(body);
  for (const resource of parsed.resourceSpans ?? []) {
    for (const scope of resource.scopeSpans ?? []) {
      for (const span of scope.spans ?? []) {
        const { traceId, spanId, parentSpanId, name, kind } = span;
        const list = traces.get(traceId) ?? [];
        list.push({ traceId, spanId, parentSpanId, name, kind });
        traces.set(traceId, list);
        if (traces.size > MAX_TRACES) traces.delete(traces.keys().next().value);
      }
    }
  }
}

const http = createServer((request, response) => {
  const chunks = [];
  request.on("data", (chunk) => chunks.push(chunk));
  request.on("end", () => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    response.setHeader("Content-Type", "application/json");
    if (request.method === "POST" && url.pathname === "/v1/traces") {
      try {
        keep(Buffer.concat(chunks).toString("utf8"));
        response.end("{}");
      } catch {
        response.writeHead(400).end("{}");
      }
    } else if (url.pathname === "/spans") {
      response.end(JSON.stringify(traces.get(url.searchParams.get("traceId") ?? "") ?? []));
    } else if (url.pathname === "/health") {
      response.end(JSON.stringify({ status: "ok" }));
    } else {
      response.writeHead(404).end("{}");
    }
  });
});
http.listen(port, "127.0.0.1");
