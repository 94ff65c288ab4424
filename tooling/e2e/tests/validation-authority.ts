import { resolve } from "node:path";

/**
 * The suite's validation authority (the api's src/test/validation-authority-server.ts, started by
 * playwright.config.ts): a certification authority with an OCSP responder and a timestamp
 * authority it issued, against which the suite's api seals at PAdES B-LTA (TSA_URL). A verifier
 * trusts its root, written to `caFile` (`paraphe-verify --tsa-ca`).
 */
export const VALIDATION_AUTHORITY = {
  port: 5190,
  tsaPort: 5191,
  caFile: resolve(import.meta.dirname, "../.cache/validation-authority/ca.pem"),
} as const;
