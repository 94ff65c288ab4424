import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Logger } from "pino";
import { metricsRegistry } from "./metrics";

export interface MetricsServer {
  /** `http://host:port/metrics`. */
  url: string;
  close(): Promise<void>;
}

/**
 * The metrics listener (METRICS_PORT, METRICS_HOST): `GET /metrics` answers the registry in the
 * Prometheus text format; anything else 404. A listener of its own, apart from the api's, so that
 * it is never reachable where the api is published (it binds to loopback by default).
 */
export async function startMetricsServer(options: {
  host: string;
  port: number;
  logger: Logger;
}): Promise<MetricsServer> {
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? "/").split("?")[0];
    if (path !== "/metrics" || (request.method !== "GET" && request.method !== "HEAD")) {
      response.writeHead(404, { "Content-Type": "text/plain; charset=utf-8" }).end("Not found\n");
      return;
    }
    metricsRegistry.metrics().then(
      (text) => {
        response
          .writeHead(200, {
            "Content-Type": metricsRegistry.contentType,
            "Cache-Control": "no-store",
          })
          .end(request.method === "HEAD" ? undefined : text);
      },
      (error: unknown) => {
        options.logger.error({ err: error }, "metrics could not be collected");
        response.writeHead(500, { "Content-Type": "text/plain; charset=utf-8" }).end("Error\n");
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host.includes(":") ? `[${options.host}]` : options.host;
  return {
    url: `http://${host}:${port}/metrics`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
