// Uses the published SDK from Node with a team API key: lists the templates, creates an envelope
// from the first active one (one person per role), sends it, and reads its status. Prints one line
// of JSON with what it saw; exits non-zero on any error.
//
//   PARAPHE_API_URL=... PARAPHE_ACCESS_KEY=... PARAPHE_SECRET_KEY=... \
//   PARAPHE_REFERENCE_VALUES_FILE=reference-values.json node check.mjs
import { readFile } from "node:fs/promises";
import { runWithApiKey } from "./run.mjs";

const referenceValues = JSON.parse(
  await readFile(process.env.PARAPHE_REFERENCE_VALUES_FILE ?? "reference-values.json", "utf8"),
);
const result = await runWithApiKey({
  baseUrl: process.env.PARAPHE_API_URL ?? "http://localhost:3000",
  accessKey: process.env.PARAPHE_ACCESS_KEY ?? "",
  secretKey: process.env.PARAPHE_SECRET_KEY ?? "",
  referenceValues,
  recipientDomain: process.env.PARAPHE_RECIPIENT_DOMAIN ?? "example.com",
});
console.log(JSON.stringify(result));
