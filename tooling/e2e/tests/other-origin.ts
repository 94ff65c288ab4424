import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import { join, resolve } from "node:path";
import { promisify } from "node:util";

// The site of another origin that the embedding tests serve: one page of theirs (the element of
// the built `@paraphe/embed`) and the package's built files under /embed/.

const root = resolve(import.meta.dirname, "../../..");
const embedDist = join(root, "packages/embed/dist");

/** The running sites of {@link serveOtherOrigins}; `close` stops them all. */
export interface OtherOrigins {
  close: () => Promise<void>;
}

/**
 * Serves `page` at each of `paths` and the built package's modules under /embed/, on each of
 * `ports` (a site per port); the package is built once if the suite's build did not.
 */
export async function serveOtherOrigins(
  page: string,
  ports: number[],
  paths: string[] = ["/"],
): Promise<OtherOrigins> {
  if (!existsSync(join(embedDist, "index.js"))) {
    await promisify(execFile)("pnpm", ["--filter", "@paraphe/embed", "build"], { cwd: root });
  }
  const servers = await Promise.all(ports.map((port) => serve(page, paths, port)));
  return {
    close: async () => {
      await Promise.all(servers.map((server) => new Promise((done) => server.close(done))));
    },
  };
}

function serve(page: string, paths: string[], port: number): Promise<Server> {
  const server = createServer((request, response) => {
    const path = (request.url ?? "/").split(/[?#]/)[0] ?? "/";
    if (paths.includes(path)) {
      response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end(page);
      return;
    }
    const file = /^\/embed\/([\w.-]+\.js)$/.exec(path)?.[1];
    if (file === undefined) {
      response.writeHead(404).end();
      return;
    }
    readFile(join(embedDist, file)).then(
      (body) => response.writeHead(200, { "Content-Type": "text/javascript" }).end(body),
      () => response.writeHead(404).end(),
    );
  });
  return new Promise((done) => server.listen(port, () => done(server)));
}
