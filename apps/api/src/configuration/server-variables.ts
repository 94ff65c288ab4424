import { z } from "zod";
import { httpUrl, list, oneOf, parseOrigins, port, urlWithProtocols } from "./values";
import { variable } from "./variable";

/** Where the api listens, the addresses of the apps it serves, and where its data lives. */
export const serverVariables = {
  NODE_ENV: variable({
    key: "nodeEnv",
    description:
      "`development`, `test` or `production`. Production requires BLOB_MASTER_KEY and SMTP_URL and removes the development mailbox.",
    default: "development",
    parse: oneOf(["development", "test", "production"], "must be development, test or production"),
  }),
  API_HOST: variable({
    key: "host",
    description: "Interface the api listens on.",
    default: "127.0.0.1",
    parse: z.string(),
  }),
  API_PORT: variable({
    key: "port",
    description: "Port the api listens on (`0`: any free port, shown in the log).",
    default: "3000",
    parse: port(),
  }),
  WEB_URL: variable({
    key: "webUrl",
    description: "Address of the team web app: allowed CORS origin and base of links in mail.",
    default: "http://localhost:5173",
    parse: httpUrl(),
  }),
  SIGN_URL: variable({
    key: "signUrl",
    description:
      "Address of the public signing app: allowed CORS origin and base of signing links in mail.",
    default: "http://localhost:5174",
    parse: httpUrl(),
  }),
  CORS_ORIGINS: variable({
    key: "corsOrigins",
    description:
      "Further browser origins allowed to call the api, separated by commas (`https://tools.example.com`): an internal app of yours that uses the SDK in the browser with a team API key. Unset: only the web and signing apps.",
    whenUnset: [] as string[],
    shownWhenUnset: "(unset: the two apps only)",
    parse: list(
      parseOrigins,
      "must be http:// or https:// origins separated by commas, for example https://tools.example.com",
    ),
  }),
  PUBLIC_API_URL: variable({
    key: "publicApiUrl",
    description: "Public address of the api, as clients reach it (links, error documentation).",
    default: "http://localhost:3000",
    parse: httpUrl(),
  }),
  DATA_DIR: variable({
    key: "dataDir",
    description:
      "Directory of local data (embedded database, blobs, development key). Relative paths are resolved against the working directory.",
    default: ".data",
    parse: z.string(),
  }),
  DATABASE_URL: variable({
    key: "databaseUrl",
    description:
      "PostgreSQL connection string (`postgres://user:password@host:5432/db`). Unset: embedded PGlite in DATA_DIR/pglite.",
    masked: true,
    parse: urlWithProtocols(
      ["postgres:", "postgresql:"],
      "postgres://paraphe:secret@127.0.0.1:5432/paraphe",
    ),
  }),
};
