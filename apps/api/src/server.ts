import { fileURLToPath } from "node:url";
import { ConfigError, loadConfig, type Config } from "./config";
import { createLogger } from "./logger";
import { startApi } from "./runtime";

/** Entry point: `node dist/server.js` (built) or `tsx src/server.ts`. */
async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config);

  let api;
  try {
    // In the build this module is dist/server.js itself: the bundle that is measured.
    api = await startApi(config, logger, { entryFile: fileURLToPath(import.meta.url) });
  } catch (error) {
    logger.fatal({ err: error }, "the api could not start");
    process.exit(1);
  }

  const shutdown = (signal: NodeJS.Signals): void => {
    logger.info({ signal }, "stopping");
    // A hard limit, whatever hangs.
    setTimeout(() => {
      logger.error("shutdown took too long; exiting");
      process.exit(1);
    }, 1900).unref();
    api.stop({ graceMs: 1200 }).then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, "shutdown failed");
        process.exit(1);
      },
    );
  };
  process.once("SIGINT", shutdown);
  process.once("SIGTERM", shutdown);
}

void main();
