/**
 * `paraphe-admin`: the operator's command for plans and teams' subscriptions (README, "Billing").
 * It opens the api's database with the api's environment (DATA_DIR or DATABASE_URL), migrates it,
 * runs one command and exits: 0 on success, 1 with a message otherwise.
 */
import { AdminError, runAdminCommand } from "./billing/admin-command";
import { loadConfig } from "./config";
import { migrateToLatest } from "./db/migrate";
import { openDatabase } from "./db/open-database";
import { createLogger } from "./logger";

const config = loadConfig(process.env);
const logger = createLogger(config);
const database = await openDatabase(
  config.databaseUrl === undefined
    ? { pgliteDir: config.pgliteDir, logger }
    : { databaseUrl: config.databaseUrl, logger },
);
try {
  await migrateToLatest(database.db, logger);
  process.stdout.write(
    `${await runAdminCommand(database.db, process.argv.slice(2), () => new Date())}\n`,
  );
} catch (error) {
  if (!(error instanceof AdminError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exitCode = 1;
} finally {
  await database.close();
}
