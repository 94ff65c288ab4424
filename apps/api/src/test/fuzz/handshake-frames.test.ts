/**
 * Property-based fuzzing of the handshake's second step when it carries the session's first call
 * (a ClientFinishedWithRequest, frame type 5): a valid message, made by the real client session,
 * is mutated (bits flipped, cut short, bytes inserted, its request part replaced, its type or
 * length changed) and sent. Properties: never a 5xx; an answer is either a ServerFinishedWithResponse
 * or a plaintext TUNNEL_ERROR in the spec's shape; the call runs only when its method, path and
 * sealed body are the ones the client sealed (the sealed body's associated data binds them); the
 * same message sent again is answered 401 and runs nothing. FUZZ_SEED replays a run.
 */
import { randomInt } from "node:crypto";
import { errorResponseSchema } from "@paraphe/api-sdk/contract";
import { createTunnelSession } from "@paraphe/tunnel-client";
import {
  decodeClientFinishedWithRequest,
  decodeServerFinishedWithResponse,
  SESSION_ID_HEADER,
  TUNNEL_CONTENT_TYPE,
  toHex,
  type FirstRequest,
} from "@paraphe/tunnel-client/protocol";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../app";
import { createTestDatabase, oneTestDatabaseKind, type TestDatabase } from "../databases";
import { bindingVerifier, fetchFromApp } from "../tunnel";

const SEED = Number(process.env.FUZZ_SEED ?? randomInt(1, 2 ** 31 - 1));
const RUNS = 150;
const BASE = "http://api.test";
const PATH = "/test/record";

type Mutation = (frame: Uint8Array) => Uint8Array;

const mutation: fc.Arbitrary<{ how: string; apply: Mutation }> = fc.oneof(
  fc.nat().map((at) => ({
    how: `bit flipped at ${at}`,
    apply: (frame: Uint8Array) => {
      const out = new Uint8Array(frame);
      const i = at % out.length;
      out[i] = (out[i] ?? 0) ^ (1 << (at % 8));
      return out;
    },
  })),
  fc.nat().map((at) => ({
    how: `cut at ${at}`,
    apply: (frame: Uint8Array) => frame.slice(0, at % frame.length),
  })),
  fc.tuple(fc.nat(), fc.uint8Array({ minLength: 1, maxLength: 64 })).map(([at, bytes]) => ({
    how: `${bytes.length} bytes inserted at ${at}`,
    apply: (frame: Uint8Array) => {
      const i = at % frame.length;
      return Uint8Array.from([...frame.subarray(0, i), ...bytes, ...frame.subarray(i)]);
    },
  })),
  fc.uint8Array({ maxLength: 512 }).map((bytes) => ({
    how: `request part replaced by ${bytes.length} random bytes`,
    apply: (frame: Uint8Array) => {
      const out = Uint8Array.from([...frame.subarray(0, 88), ...bytes]);
      new DataView(out.buffer).setUint32(2, out.length - 6);
      return out;
    },
  })),
  fc.integer({ min: 0, max: 255 }).map((type) => ({
    how: `type ${type}`,
    apply: (frame: Uint8Array) => {
      const out = new Uint8Array(frame);
      out[1] = type;
      return out;
    },
  })),
  fc.nat().map((length) => ({
    how: `payload length ${length}`,
    apply: (frame: Uint8Array) => {
      const out = new Uint8Array(frame);
      new DataView(out.buffer).setUint32(2, length);
      return out;
    },
  })),
  fc.constant({ how: "unchanged", apply: (frame: Uint8Array) => frame }),
);

function sameRequest(a: FirstRequest, b: FirstRequest): boolean {
  return a.method === b.method && a.path === b.path && toHex(a.sealed) === toHex(b.sealed);
}

describe.each([oneTestDatabaseKind])(
  "fuzzing the handshake's second step with a call on %s",
  (kind) => {
    let database: TestDatabase;
    let t: TestApp;
    let runs = 0;

    beforeAll(async () => {
      database = await createTestDatabase(kind);
      t = await createTestApp(
        database.connection.db,
        {},
        {
          verifyRequestSignature: async () => undefined,
          routes: (app) => {
            app.post(PATH, (c) => {
              runs += 1;
              return c.json({ ok: true });
            });
          },
        },
      );
      console.log(
        `Fuzzing ClientFinishedWithRequest, seed ${SEED} (replay with FUZZ_SEED=${SEED})`,
      );
    });
    afterAll(async () => {
      await t.destroy();
      await database.destroy();
    });

    /** A valid ClientFinishedWithRequest of a new pending handshake, and how to post bytes for it. */
    async function combined() {
      const fetch = fetchFromApp(t.app);
      const session = createTunnelSession({ verifyEvidence: bindingVerifier() });
      const hello = await fetch(`${BASE}/tunnel/session`, {
        method: "POST",
        headers: { "Content-Type": TUNNEL_CONTENT_TYPE },
        body: (await session.getOutgoingMessage()) as Uint8Array,
      });
      await session.putIncomingMessage(new Uint8Array(await hello.arrayBuffer()), {
        sessionId: hello.headers.get(SESSION_ID_HEADER),
      });
      const sealed = await session.writeFirst(new TextEncoder().encode('{"n":1}'), {
        method: "POST",
        path: PATH,
      });
      const request: FirstRequest = {
        method: "POST",
        path: PATH,
        headers: [["x-timestamp", "1700000000"]],
        sealed,
      };
      const frame = (await session.getOutgoingMessage(request)) as Uint8Array;
      const post = (bytes: Uint8Array) =>
        fetch(`${BASE}/tunnel/session`, {
          method: "POST",
          headers: {
            "Content-Type": TUNNEL_CONTENT_TYPE,
            [SESSION_ID_HEADER]: session.sessionId as string,
          },
          body: bytes,
        });
      return { frame, request, post };
    }

    it("never answers 5xx, answers a frame 6 or a TUNNEL_ERROR, runs only the sealed call, and refuses a replay", async () => {
      await fc.assert(
        fc.asyncProperty(mutation, async ({ how, apply }) => {
          const { frame, request, post } = await combined();
          const mutated = apply(frame);
          const before = runs;
          const answer = await post(mutated);
          const bytes = new Uint8Array(await answer.arrayBuffer());
          expect(answer.status, how).toBeLessThan(500);
          if (answer.status === 200) {
            const { response } = decodeServerFinishedWithResponse(bytes);
            expect(response.status, how).toBeLessThan(500);
          } else {
            const error = errorResponseSchema.parse(JSON.parse(new TextDecoder().decode(bytes)));
            expect(error.error.code, how).toBe("TUNNEL_ERROR");
          }
          if (runs > before) {
            expect(runs - before, how).toBe(1);
            expect(
              sameRequest(decodeClientFinishedWithRequest(mutated).request, request),
              how,
            ).toBe(true);
          }
          const replayed = runs;
          const replay = await post(mutated);
          expect(replay.status, how).toBe(401);
          expect(runs, how).toBe(replayed);
        }),
        { seed: SEED, numRuns: RUNS, endOnFailure: true },
      );
    }, 300_000);
  },
);
