/**
 * Property-based fuzzing of every endpoint of the contract (the list is read from
 * `endpoints.ts`, so a new endpoint is fuzzed without edits here): bodies generated from its
 * request schema, mutations of the access matrix's valid body for it, and raw texts, each sent
 * sealed through the real tunnel with a real request signature as the caller its path needs (the
 * owner's session for member calls, the signing app's credential, with the link in the body, for
 * public ones; one body in `WITH_HANDSHAKE_EVERY` on a new session, with the handshake's second
 * message, as the signing page's first call travels). Properties: never a 5xx; a success answers
 * what the contract says and a failure is in the spec's error shape with a known code; a rejected
 * call leaves every table as it was.
 *
 * FUZZ_SEED replays a run (the seed is printed at the start); FUZZ_RUNS is the number of bodies
 * of a run over all endpoints (10,000 by default).
 */
import { randomInt } from "node:crypto";
import { DEFAULT_APP_CREDENTIALS, credentialKindForPath } from "@paraphe/api-sdk";
import { endpoints, errorResponseSchema, type Endpoint } from "@paraphe/api-sdk/contract";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMatrixFixture, targetOf, type MatrixFixture } from "../access-matrix";
import { matrixRow } from "../access-matrix-rows";
import { oneTestDatabaseKind } from "../databases";
import { createIdentityHarness, type IdentityHarness } from "../identity";
import { bodiesOf, bodyBytes, describeBody, jsonOf, type FuzzBody } from "./bodies";
import { rawCaller, type RawAnswer, type RawCall } from "./raw-caller";
import { RejectionWatch, tableDigester } from "./table-digest";

function integerFromEnv(name: string, fallback: number, min: number): number {
  const text = process.env[name];
  if (text === undefined || text === "") return fallback;
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < min) {
    throw new Error(`${name} must be an integer of at least ${min}, not ${JSON.stringify(text)}`);
  }
  return value;
}

const SEED = integerFromEnv("FUZZ_SEED", randomInt(1, 2 ** 31 - 1), 0);
const TOTAL_RUNS = integerFromEnv("FUZZ_RUNS", 10_000, 1);

const contractEndpoints = Object.entries(endpoints).flatMap(([group, members]) =>
  Object.entries(members).map(([name, endpoint]: [string, Endpoint]) => ({
    id: `${group}.${name}`,
    endpoint,
  })),
);
const RUNS_PER_ENDPOINT = Math.ceil(TOTAL_RUNS / contractEndpoints.length);

console.log(
  `Fuzzing ${contractEndpoints.length} endpoints, ${RUNS_PER_ENDPOINT} bodies each, seed ${SEED} ` +
    `(replay with FUZZ_SEED=${SEED}; FUZZ_RUNS=${TOTAL_RUNS} bodies in all)`,
);

/** The seed of one endpoint's property: the run's seed mixed with the endpoint's name. */
function seedOf(id: string): number {
  let hash = SEED | 0;
  for (const char of id) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return hash;
}

/**
 * The 5xx answers that are no fault of the api, each named by the contract with its status:
 * - OIDC_DISCOVERY_FAILED (502): the issuer URL the caller typed does not answer (a made-up host);
 *   the spec shows this error to the administrator, who then enters the URLs by hand.
 * - SERVICE_BUSY (503): the document workers shed load with Retry-After; nothing was done.
 * Any other 5xx fails the property, and these too must leave every table as it was.
 */
const UPSTREAM_FAILURES: ReadonlySet<string> = new Set(["OIDC_DISCOVERY_FAILED", "SERVICE_BUSY"]);

function errorCodeOf(json: unknown): string | undefined {
  const parsed = errorResponseSchema.safeParse(json);
  return parsed.success ? parsed.data.error.code : undefined;
}

/** What is wrong with an answer (undefined when it keeps the properties). */
function problemOf(endpoint: Endpoint, answer: RawAnswer): string | undefined {
  if (answer.status >= 500 && !UPSTREAM_FAILURES.has(errorCodeOf(answer.json) ?? "")) {
    return `answered ${answer.status}: ${answer.text.slice(0, 500)}`;
  }
  if (answer.status < 400) {
    if (!answer.sealed) return `answered ${answer.status} in plaintext`;
    const parsed = endpoint.response.safeParse(answer.json);
    return parsed.success
      ? undefined
      : `answered ${answer.status} with a body out of the contract: ${parsed.error.message}`;
  }
  const error = errorResponseSchema.safeParse(answer.json);
  if (!error.success) return `answered ${answer.status} out of the error shape: ${answer.text}`;
  if (error.data.statusCode !== answer.status) {
    return `answered ${answer.status} with statusCode ${error.data.statusCode}`;
  }
  return undefined;
}

describe.each([oneTestDatabaseKind])("fuzzing every endpoint on %s", (kind) => {
  let h: IdentityHarness;
  let fixture: MatrixFixture;
  let asOwner: RawCall;
  let asSigningApp: RawCall;
  let pdf: Uint8Array;
  let digest: () => Promise<Record<string, string>>;
  const closers: (() => Promise<void>)[] = [];
  const tally = { bodies: 0, accepted: 0, rejected: 0, digests: 0, digestMs: 0, started: 0 };

  beforeAll(async () => {
    h = await createIdentityHarness(kind);
    fixture = await createMatrixFixture(h);
    asOwner = rawCaller(h, () => fixture.owner.credential);
    asSigningApp = rawCaller(h, () => ({
      ...DEFAULT_APP_CREDENTIALS.sign,
      email: "signing-app@example.com",
    }));
    pdf = Buffer.from(fixture.files.pdf, "base64");
    const digestTables = await tableDigester(h.database.connection.db, {
      databaseUrl: h.database.databaseUrl,
      onClose: (close) => closers.push(close),
    });
    digest = async () => {
      const started = performance.now();
      try {
        return await digestTables();
      } finally {
        tally.digestMs += performance.now() - started;
      }
    };
    tally.started = performance.now();
  });
  afterAll(async () => {
    const seconds = ((performance.now() - tally.started) / 1000).toFixed(1);
    console.log(
      `Fuzz on ${kind}: ${tally.bodies} bodies (${tally.accepted} accepted, ${tally.rejected} ` +
        `rejected, ${tally.digests} table digests taking ${(tally.digestMs / 1000).toFixed(1)} s) ` +
        `in ${seconds} s, seed ${SEED}`,
    );
    for (const close of closers) await close();
    await h.destroy();
  });

  it.each(contractEndpoints)(
    "$id: no 5xx, every answer in the contract's shape, and a rejected call changes nothing",
    async ({ id, endpoint }) => {
      const row = matrixRow(...(id.split(".") as [string, string]));
      if (row === undefined) throw new Error(`${id} has no row in the access matrix`);
      const target = await targetOf(row, fixture);
      const member = credentialKindForPath(endpoint.path) === "session";
      const caller = member ? fixture.callers.owner : fixture.callers.linkOfThisEnvelope;
      const valid = await row.input(target, caller, fixture);
      const call = member ? asOwner : asSigningApp;

      const watch = new RejectionWatch(digest);
      const verify = async (accepted?: "accepted") => {
        try {
          await watch.checkpoint(accepted);
        } catch (error) {
          throw new Error(
            `${endpoint.path}: ${(error as Error).message}\n  replay with FUZZ_SEED=${SEED}`,
          );
        }
      };
      await verify();
      const fail = (body: FuzzBody, what: string) =>
        new Error(
          `${endpoint.path} ${what}\n  body: ${describeBody(body)}\n  replay with FUZZ_SEED=${SEED}`,
        );
      await fc.assert(
        fc.asyncProperty(bodiesOf(endpoint.request, valid, pdf), async (body) => {
          // A body the contract accepts may succeed: the tables are digested before it (the
          // rejected calls since the last digest must have changed nothing) and, when it
          // succeeded, after it (the new base). A rejected call, whether its body was acceptable
          // or not, is checked with the others at the next digest, which names them all.
          const acceptable = endpoint.request.safeParse(jsonOf(body)).success;
          if (acceptable) await verify();
          const answer = await call(endpoint.path, bodyBytes(body));
          tally.bodies += 1;
          const problem = problemOf(endpoint, answer);
          if (problem !== undefined) throw fail(body, problem);
          const rejected = answer.status >= 400;
          if (rejected) tally.rejected += 1;
          else tally.accepted += 1;
          if (!acceptable && !rejected) {
            throw fail(body, `accepted a body its request schema refuses`);
          }
          if (rejected) {
            watch.rejected(describeBody(body));
            return;
          }
          await verify("accepted");
        }),
        { seed: seedOf(id), numRuns: RUNS_PER_ENDPOINT, endOnFailure: true },
      );
      await verify();
      tally.digests += watch.digests;
    },
    600_000,
  );

  it(`sent at least FUZZ_RUNS (${TOTAL_RUNS}) bodies`, () => {
    expect(tally.bodies).toBeGreaterThanOrEqual(TOTAL_RUNS);
  });
});
