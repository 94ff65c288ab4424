/**
 * Sealed request + answer versus raw AES-256-GCM over the same bytes.
 *
 * One sealed operation is what one tunnelled call costs in cryptography and framing, without HTTP:
 * the client seals the request (`TunnelSession.write`, WebCrypto), the server decodes the frame,
 * builds the associated data and opens it (`openSealed`, node:crypto), seals the same bytes back as
 * the answer (`seal`) and the client opens the answer (`TunnelSession.read`, WebCrypto, replay
 * window included). The keys come from a real handshake against the real api app.
 *
 * The baselines, measured in the same loop (alternating with the sealed operation), are raw
 * AES-256-GCM over the same plaintexts: seal + open of the request bytes and seal + open of the
 * answer bytes, with no framing and no associated data, one call per pass,
 *
 * - on node:crypto alone (the cheapest AES-GCM of this machine),
 * - on WebCrypto alone (`crypto.subtle.encrypt` / `decrypt`, the primitive the client must use),
 * - and "same-AEAD floor": with the implementations the protocol uses on each side (WebCrypto for
 *   the client's two passes, node:crypto for the server's two, each opening what the other
 *   sealed). The ratio to it is the cost of the protocol itself (framing, associated data, nonces,
 *   replay window, copies): the goal is judged against it.
 */
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import {
  buildAssociatedData,
  decodeSealedMessage,
  type SessionSecrets,
} from "@paraphe/tunnel-client/protocol";
import { openSealed, seal } from "@paraphe/api";
import { bindingVerifier, fetchFromApp, openManualSession } from "@paraphe/api/testing";
import { createBenchApi } from "./api-app";
import { ECHO_PATH, registerEcho } from "./echo";
import { median } from "./stats";

export interface SealingOptions {
  sizes: number[];
  /** Time spent measuring each size (after a short warm-up). */
  budgetMs: number;
  minIterations: number;
  maxIterations: number;
}

export interface SealingResult {
  size: number;
  iterations: number;
  /** Medians per operation, in milliseconds. */
  sealedMs: number;
  sealedClientMs: number;
  sealedServerMs: number;
  rawNodeMs: number;
  rawWebCryptoMs: number;
  floorMs: number;
}

type Op = () => Promise<void>;

const METHOD = "POST";
const IV_LENGTH = 12;
const TAG_LENGTH = 16;

export async function runSealingBenchmark(options: SealingOptions): Promise<SealingResult[]> {
  const api = await createBenchApi({ routes: (app) => registerEcho(app) });
  try {
    // The real handshake, through the app, with the real client session.
    const manual = await openManualSession(fetchFromApp(api.app), {
      verifyEvidence: bindingVerifier(),
    });
    const found = await api.tunnel.store.find(manual.sessionId, api.tunnel.now());
    if (found === undefined) throw new Error("the server does not know the session it just opened");
    const { session, sessionId } = manual;
    const secrets: SessionSecrets = found.secrets;
    let nextResponseSeq = 0;

    const results: SealingResult[] = [];
    for (const size of options.sizes) {
      const plaintext = new Uint8Array(randomBytes(size));
      let client = 0;
      let server = 0;

      const sealedOp: Op = async () => {
        const t0 = performance.now();
        const sealed = await session.write(plaintext, { method: METHOD, path: ECHO_PATH });
        const t1 = performance.now();
        const frame = decodeSealedMessage(sealed);
        const requestAad = buildAssociatedData({
          direction: "request",
          method: METHOD,
          path: ECHO_PATH,
          sessionId,
          seq: frame.seq,
        });
        const opened = openSealed(secrets.c2sKey, secrets.c2sIv, frame, requestAad);
        const seq = nextResponseSeq++;
        const answerAad = buildAssociatedData({
          direction: "response",
          method: METHOD,
          path: ECHO_PATH,
          sessionId,
          seq,
          requestSeq: frame.seq,
          status: 200,
        });
        const answer = seal(secrets.s2cKey, secrets.s2cIv, seq, answerAad, opened);
        const t2 = performance.now();
        const back = await session.read(answer, {
          method: METHOD,
          path: ECHO_PATH,
          requestSeq: frame.seq,
          status: 200,
        });
        const t3 = performance.now();
        if (back.length !== plaintext.length) throw new Error("the sealed round trip lost bytes");
        client = t1 - t0 + (t3 - t2);
        server = t2 - t1;
      };

      const rawOp = rawNodeOperation(plaintext);
      const rawWebCryptoOp = await rawWebCryptoOperation(plaintext);
      const floorOp = await sameAeadFloorOperation(plaintext);
      const all = [sealedOp, rawOp, rawWebCryptoOp, floorOp];

      // Correctness once, outside the timings: the sealed answer opens to the same bytes.
      for (const op of all) await op();

      const warmUpUntil = performance.now() + Math.min(300, options.budgetMs / 4);
      while (performance.now() < warmUpUntil) {
        for (const op of all) await op();
      }

      const sealedTimes: number[] = [];
      const clientTimes: number[] = [];
      const serverTimes: number[] = [];
      const rawTimes: number[] = [];
      const rawWebCryptoTimes: number[] = [];
      const floorTimes: number[] = [];
      const ops: [Op, number[]][] = [
        [sealedOp, sealedTimes],
        [rawOp, rawTimes],
        [rawWebCryptoOp, rawWebCryptoTimes],
        [floorOp, floorTimes],
      ];
      const until = performance.now() + options.budgetMs;
      let iteration = 0;
      while (
        iteration < options.maxIterations &&
        (iteration < options.minIterations || performance.now() < until)
      ) {
        // Rotate the order so that no operation always runs right after the same other one.
        for (let k = 0; k < ops.length; k += 1) {
          const [op, times] = ops[(iteration + k) % ops.length] as [Op, number[]];
          const start = performance.now();
          await op();
          times.push(performance.now() - start);
          if (op === sealedOp) {
            clientTimes.push(client);
            serverTimes.push(server);
          }
        }
        iteration += 1;
      }
      results.push({
        size,
        iterations: iteration,
        sealedMs: median(sealedTimes),
        sealedClientMs: median(clientTimes),
        sealedServerMs: median(serverTimes),
        rawNodeMs: median(rawTimes),
        rawWebCryptoMs: median(rawWebCryptoTimes),
        floorMs: median(floorTimes),
      });
    }
    return results;
  } finally {
    await api.close();
  }
}

/** A fresh 12-byte nonce per message from a counter (as the protocol derives its nonces). */
function nonceCounter(): () => Buffer {
  const base = randomBytes(IV_LENGTH);
  let counter = 0;
  return () => {
    const iv = Buffer.from(base);
    iv.writeUInt32BE((iv.readUInt32BE(8) ^ counter++) >>> 0, 8);
    return iv;
  };
}

function nodeSeal(key: Buffer, iv: Buffer, plaintext: Uint8Array): Buffer {
  const cipher = createCipheriv("aes-256-gcm", key, iv, { authTagLength: TAG_LENGTH });
  return Buffer.concat([cipher.update(plaintext), cipher.final(), cipher.getAuthTag()]);
}

function nodeOpen(key: Buffer, iv: Buffer, sealed: Buffer): Buffer {
  const tagAt = sealed.length - TAG_LENGTH;
  const decipher = createDecipheriv("aes-256-gcm", key, iv, { authTagLength: TAG_LENGTH });
  decipher.setAuthTag(sealed.subarray(tagAt));
  return Buffer.concat([decipher.update(sealed.subarray(0, tagAt)), decipher.final()]);
}

/** Raw node:crypto: seal + open the request bytes, seal + open the answer bytes. */
function rawNodeOperation(plaintext: Uint8Array): Op {
  const requestKey = randomBytes(32);
  const answerKey = randomBytes(32);
  const nextIv = nonceCounter();
  return async () => {
    const requestIv = nextIv();
    const request = nodeOpen(requestKey, requestIv, nodeSeal(requestKey, requestIv, plaintext));
    const answerIv = nextIv();
    const answer = nodeOpen(answerKey, answerIv, nodeSeal(answerKey, answerIv, request));
    if (answer.length !== plaintext.length) throw new Error("the raw round trip lost bytes");
  };
}

/** Raw WebCrypto: the same four passes, each one `crypto.subtle.encrypt` or `decrypt` call. */
async function rawWebCryptoOperation(plaintext: Uint8Array): Promise<Op> {
  const subtle = globalThis.crypto.subtle;
  const usages: ["encrypt", "decrypt"] = ["encrypt", "decrypt"];
  const requestKey = await subtle.importKey("raw", randomBytes(32), "AES-GCM", false, usages);
  const answerKey = await subtle.importKey("raw", randomBytes(32), "AES-GCM", false, usages);
  const nextIv = nonceCounter();
  return async () => {
    const requestIv = nextIv();
    const sealedRequest = await subtle.encrypt(
      { name: "AES-GCM", iv: requestIv },
      requestKey,
      plaintext,
    );
    const request = await subtle.decrypt(
      { name: "AES-GCM", iv: requestIv },
      requestKey,
      sealedRequest,
    );
    const answerIv = nextIv();
    const sealedAnswer = await subtle.encrypt(
      { name: "AES-GCM", iv: answerIv },
      answerKey,
      request,
    );
    const answer = await subtle.decrypt({ name: "AES-GCM", iv: answerIv }, answerKey, sealedAnswer);
    if (answer.byteLength !== plaintext.length) throw new Error("the raw round trip lost bytes");
  };
}

/**
 * The same four AES-256-GCM passes with the implementations the protocol uses: WebCrypto seals
 * the request, node:crypto opens it and seals the answer, WebCrypto opens the answer.
 */
async function sameAeadFloorOperation(plaintext: Uint8Array): Promise<Op> {
  const requestKeyBytes = randomBytes(32);
  const answerKeyBytes = randomBytes(32);
  const subtle = globalThis.crypto.subtle;
  const requestKey = await subtle.importKey("raw", requestKeyBytes, "AES-GCM", false, ["encrypt"]);
  const answerKey = await subtle.importKey("raw", answerKeyBytes, "AES-GCM", false, ["decrypt"]);
  const nextIv = nonceCounter();
  return async () => {
    const requestIv = nextIv();
    const sealedRequest = Buffer.from(
      await subtle.encrypt({ name: "AES-GCM", iv: requestIv }, requestKey, plaintext),
    );
    const request = nodeOpen(requestKeyBytes, requestIv, sealedRequest);
    const answerIv = nextIv();
    const sealedAnswer = nodeSeal(answerKeyBytes, answerIv, request);
    const answer = await subtle.decrypt({ name: "AES-GCM", iv: answerIv }, answerKey, sealedAnswer);
    if (answer.byteLength !== plaintext.length) throw new Error("the floor round trip lost bytes");
  };
}
