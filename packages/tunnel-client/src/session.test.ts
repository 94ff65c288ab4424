import { describe, expect, it, vi } from "vitest";
import { isTunnelError, type TunnelErrorCode } from "./errors";
import {
  decodeSealedMessage,
  encodeHandshakeFrame,
  fromUtf8,
  HandshakeMessageType,
  SESSION_ID_HEADER,
  utf8,
} from "./protocol";
import type { AttestationOutcome, VerifyEvidence } from "./evidence";
import { createTunnelSession, type TunnelSession } from "./session";
import { TEST_STATUS, verifyTestEvidence } from "./testing/evidence";
import {
  createTestResponder,
  type TestResponder,
  type TestResponderOptions,
} from "./testing/responder";

const BASE = "http://api.test";

async function post(
  handler: (request: Request) => Promise<Response>,
  path: string,
  body: Uint8Array,
  headers: Record<string, string> = {},
) {
  const response = await handler(
    new Request(BASE + path, { method: "POST", body: new Uint8Array(body), headers }),
  );
  return {
    status: response.status,
    sessionId: response.headers.get(SESSION_ID_HEADER),
    body: new Uint8Array(await response.arrayBuffer()),
  };
}

/** Runs the handshake message pump against the responder, as the client does over HTTP. */
async function pump(session: TunnelSession, responder: TestResponder) {
  while (!session.isOpen()) {
    const outgoing = await session.getOutgoingMessage();
    if (!outgoing) throw new Error("nothing to send");
    const headers: Record<string, string> = session.sessionId
      ? { [SESSION_ID_HEADER]: session.sessionId }
      : {};
    const answer = await post(responder.handshake, "/tunnel/session", outgoing, headers);
    if (answer.status !== 200) throw new Error(`status ${answer.status}`);
    await session.putIncomingMessage(answer.body, { sessionId: answer.sessionId });
  }
}

async function openPair(
  options: TestResponderOptions = {},
  verifyEvidence: VerifyEvidence = verifyTestEvidence,
) {
  const responder = createTestResponder(options);
  const onAttestation = vi.fn<(outcome: AttestationOutcome) => void>();
  const session = createTunnelSession({
    verifyEvidence,
    onAttestation,
    now: () => 1_700_000_000_000,
  });
  await pump(session, responder);
  return { responder, session, onAttestation };
}

async function codeOf(promise: Promise<unknown>): Promise<TunnelErrorCode | "resolved" | "other"> {
  try {
    await promise;
    return "resolved";
  } catch (error) {
    return isTunnelError(error) ? error.code : "other";
  }
}

/** Sends a request sealed by `session` to the responder and returns the raw answer. */
async function exchange(
  session: TunnelSession,
  responder: TestResponder,
  path: string,
  body: string,
) {
  const sealed = await session.write(utf8(body), { method: "POST", path });
  const answer = await post(responder.handle, path, sealed, {
    [SESSION_ID_HEADER]: session.sessionId ?? "",
  });
  return { sealed, answer, requestSeq: decodeSealedMessage(sealed).seq };
}

describe("TunnelSession handshake", () => {
  it("opens after two round trips with real HPKE and reports the attestation", async () => {
    const { session, responder, onAttestation } = await openPair();
    expect(session.isOpen()).toBe(true);
    expect(session.state).toBe("open");
    expect(responder.openSessionIds).toEqual([session.sessionId]);
    expect(await session.getOutgoingMessage()).toBeNull();
    expect(onAttestation).toHaveBeenCalledWith(
      expect.objectContaining({ ok: true, status: TEST_STATUS, checkedAt: 1_700_000_000_000 }),
    );
    expect(session.getAttestationStatus()).toEqual(TEST_STATUS);
    expect(JSON.parse(session.getAttestationResultsJson() ?? "null")).toEqual({
      components: { container_config: { value: "test", reference: "test" } },
    });
  });

  it("sends a fresh 32-byte nonce in each client hello", async () => {
    const a = await createTunnelSession({
      verifyEvidence: verifyTestEvidence,
    }).getOutgoingMessage();
    const b = await createTunnelSession({
      verifyEvidence: verifyTestEvidence,
    }).getOutgoingMessage();
    expect(a?.length).toBe(38);
    expect(Buffer.from(a ?? []).equals(Buffer.from(b ?? []))).toBe(false);
  });

  it("is not open, and refuses write and read, before the key confirmation", async () => {
    const responder = createTestResponder();
    const session = createTunnelSession({ verifyEvidence: verifyTestEvidence });
    const hello = await session.getOutgoingMessage();
    const answer = await post(responder.handshake, "/tunnel/session", hello ?? new Uint8Array());
    await session.putIncomingMessage(answer.body, { sessionId: answer.sessionId });
    expect(session.state).toBe("client-finished-ready");
    expect(session.isOpen()).toBe(false);
    expect(await codeOf(session.write(utf8("{}"), { method: "POST", path: "/x" }))).toBe(
      "SESSION_NOT_OPEN",
    );
    expect(
      await codeOf(
        session.read(new Uint8Array(30), {
          method: "POST",
          path: "/x",
          requestSeq: 0,
          status: 200,
        }),
      ),
    ).toBe("SESSION_NOT_OPEN");
  });

  it("CLIENT_NOT_INITIALIZED: an answer fed before the hello was produced", async () => {
    const session = createTunnelSession({ verifyEvidence: verifyTestEvidence });
    expect(await codeOf(session.putIncomingMessage(new Uint8Array(10), { sessionId: "s" }))).toBe(
      "CLIENT_NOT_INITIALIZED",
    );
  });

  it("CLIENT_NOT_INITIALIZED: no WebCrypto in this runtime", async () => {
    vi.stubGlobal("crypto", {});
    const session = createTunnelSession({ verifyEvidence: verifyTestEvidence });
    expect(await codeOf(session.getOutgoingMessage())).toBe("CLIENT_NOT_INITIALIZED");
  });

  it("NO_SESSION_ID: the first answer has no or an invalid X-Session-Id", async () => {
    const responder = createTestResponder();
    for (const sessionId of [null, "", "has spaces"]) {
      const session = createTunnelSession({ verifyEvidence: verifyTestEvidence });
      const answer = await post(
        responder.handshake,
        "/tunnel/session",
        (await session.getOutgoingMessage()) ?? new Uint8Array(),
      );
      expect(await codeOf(session.putIncomingMessage(answer.body, { sessionId }))).toBe(
        "NO_SESSION_ID",
      );
      expect(session.state).toBe("failed");
    }
  });

  it("EMPTY_RESPONSE: a handshake answer without a body", async () => {
    const session = createTunnelSession({ verifyEvidence: verifyTestEvidence });
    await session.getOutgoingMessage();
    expect(await codeOf(session.putIncomingMessage(new Uint8Array(0), { sessionId: "sid" }))).toBe(
      "EMPTY_RESPONSE",
    );
  });

  it("FAILED_TO_ESTABLISH_SESSION: a malformed server hello", async () => {
    const session = createTunnelSession({ verifyEvidence: verifyTestEvidence });
    await session.getOutgoingMessage();
    const junk = encodeHandshakeFrame(HandshakeMessageType.ServerHello, utf8("not json"));
    expect(await codeOf(session.putIncomingMessage(junk, { sessionId: "sid" }))).toBe(
      "FAILED_TO_ESTABLISH_SESSION",
    );
  });

  it("EVIDENCE_REJECTED: evidence that does not echo the client nonce", async () => {
    const responder = createTestResponder({
      makeEvidence: (fields) => ({ ...fields, format: "paraphe-test", clientNonce: "AAAA" }),
    });
    const verifyEvidence = vi.fn(verifyTestEvidence);
    const session = createTunnelSession({ verifyEvidence });
    const answer = await post(
      responder.handshake,
      "/tunnel/session",
      (await session.getOutgoingMessage()) ?? new Uint8Array(),
    );
    expect(
      await codeOf(session.putIncomingMessage(answer.body, { sessionId: answer.sessionId })),
    ).toBe("EVIDENCE_REJECTED");
    expect(verifyEvidence).not.toHaveBeenCalled();
  });

  it("EVIDENCE_REJECTED: evidence without a usable HPKE key", async () => {
    const responder = createTestResponder({
      makeEvidence: (fields) => ({ ...fields, format: "paraphe-test", hpkePublicKey: "AAAA" }),
    });
    const session = createTunnelSession({ verifyEvidence: verifyTestEvidence });
    const answer = await post(
      responder.handshake,
      "/tunnel/session",
      (await session.getOutgoingMessage()) ?? new Uint8Array(),
    );
    expect(
      await codeOf(session.putIncomingMessage(answer.body, { sessionId: answer.sessionId })),
    ).toBe("EVIDENCE_REJECTED");
  });

  it("EVIDENCE_REJECTED: the verifier says no, and the honest status still reaches onAttestation", async () => {
    const responder = createTestResponder({
      makeEvidence: (fields) => ({ ...fields, format: "unknown" }),
    });
    const onAttestation = vi.fn();
    const session = createTunnelSession({ verifyEvidence: verifyTestEvidence, onAttestation });
    const answer = await post(
      responder.handshake,
      "/tunnel/session",
      (await session.getOutgoingMessage()) ?? new Uint8Array(),
    );
    expect(
      await codeOf(session.putIncomingMessage(answer.body, { sessionId: answer.sessionId })),
    ).toBe("EVIDENCE_REJECTED");
    expect(onAttestation).toHaveBeenCalledWith(
      expect.objectContaining({
        ok: false,
        status: expect.objectContaining({ status: "GenericFailure" }) as unknown,
      }),
    );
    expect(session.getAttestationStatus()).toMatchObject({ status: "GenericFailure" });
    expect(await session.getOutgoingMessage()).toBeNull();
  });

  it("EVIDENCE_REJECTED: the verifier throws", async () => {
    const responder = createTestResponder();
    const session = createTunnelSession({
      verifyEvidence: () => Promise.reject(new Error("cannot fetch the VCEK")),
    });
    const answer = await post(
      responder.handshake,
      "/tunnel/session",
      (await session.getOutgoingMessage()) ?? new Uint8Array(),
    );
    expect(
      await codeOf(session.putIncomingMessage(answer.body, { sessionId: answer.sessionId })),
    ).toBe("EVIDENCE_REJECTED");
  });

  it("KEY_CONFIRMATION_FAILED: the server confirms another transcript", async () => {
    const responder = createTestResponder({ tamperServerFinished: true });
    const session = createTunnelSession({ verifyEvidence: verifyTestEvidence });
    expect(await codeOf(pump(session, responder))).toBe("KEY_CONFIRMATION_FAILED");
    expect(session.isOpen()).toBe(false);
  });

  it("KEY_CONFIRMATION_FAILED: a confirmation that does not authenticate", async () => {
    const responder = createTestResponder();
    const session = createTunnelSession({ verifyEvidence: verifyTestEvidence });
    const hello = await post(
      responder.handshake,
      "/tunnel/session",
      (await session.getOutgoingMessage()) ?? new Uint8Array(),
    );
    await session.putIncomingMessage(hello.body, { sessionId: hello.sessionId });
    const finished = await post(
      responder.handshake,
      "/tunnel/session",
      (await session.getOutgoingMessage()) ?? new Uint8Array(),
      {
        [SESSION_ID_HEADER]: hello.sessionId ?? "",
      },
    );
    const tampered = new Uint8Array(finished.body);
    tampered[tampered.length - 1] = (tampered[tampered.length - 1] ?? 0) ^ 1;
    expect(
      await codeOf(session.putIncomingMessage(tampered, { sessionId: finished.sessionId })),
    ).toBe("KEY_CONFIRMATION_FAILED");
  });
});

describe("TunnelSession write and read", () => {
  it("seals requests the server opens and opens the server's sealed responses", async () => {
    const { session, responder } = await openPair();
    const { answer, requestSeq } = await exchange(
      session,
      responder,
      "/envelope/list-requests",
      "{}",
    );
    expect(answer.status).toBe(200);
    const plaintext = await session.read(answer.body, {
      method: "POST",
      path: "/envelope/list-requests",
      requestSeq,
      status: 200,
    });
    expect(JSON.parse(fromUtf8(plaintext))).toEqual({
      method: "POST",
      path: "/envelope/list-requests",
      received: "{}",
    });
  });

  it("numbers requests from 0, one by one", async () => {
    const { session } = await openPair();
    const seqs: number[] = [];
    for (let i = 0; i < 3; i++) {
      seqs.push(
        decodeSealedMessage(await session.write(utf8("{}"), { method: "POST", path: "/x" })).seq,
      );
    }
    expect(seqs).toEqual([0, 1, 2]);
  });

  it("the server refuses a replayed request", async () => {
    const { session, responder } = await openPair();
    const { sealed } = await exchange(session, responder, "/user/profile", "{}");
    const replay = await post(responder.handle, "/user/profile", sealed, {
      [SESSION_ID_HEADER]: session.sessionId ?? "",
    });
    expect(replay.status).toBe(400);
    expect(JSON.parse(fromUtf8(replay.body))).toMatchObject({
      error: { code: "TUNNEL_ERROR", message: "replayed sequence number" },
    });
  });

  it("the server refuses a request replayed to another path", async () => {
    const { session, responder } = await openPair();
    const sealed = await session.write(utf8('{"reason":"x"}'), {
      method: "POST",
      path: "/envelope/cancel",
    });
    const moved = await post(responder.handle, "/envelope/decline", sealed, {
      [SESSION_ID_HEADER]: session.sessionId ?? "",
    });
    expect(moved.status).toBe(400);
    expect(responder.stats.requests).toBe(0);
  });

  it("EMPTY_REQUEST_BODY: writing an empty body", async () => {
    const { session } = await openPair();
    expect(await codeOf(session.write(new Uint8Array(0), { method: "POST", path: "/x" }))).toBe(
      "EMPTY_REQUEST_BODY",
    );
  });

  it("WRITE_ERROR: an invalid path, and a failing cipher", async () => {
    const { session } = await openPair();
    expect(
      await codeOf(session.write(utf8("{}"), { method: "POST", path: "https://evil.example/x" })),
    ).toBe("WRITE_ERROR");
    vi.spyOn(globalThis.crypto.subtle, "encrypt").mockRejectedValueOnce(
      new Error("OperationError"),
    );
    expect(await codeOf(session.write(utf8("{}"), { method: "POST", path: "/x" }))).toBe(
      "WRITE_ERROR",
    );
  });

  it("EMPTY_ENCRYPTED_MESSAGE: reading an empty sealed message", async () => {
    const { session } = await openPair();
    expect(
      await codeOf(
        session.read(new Uint8Array(0), { method: "POST", path: "/x", requestSeq: 0, status: 200 }),
      ),
    ).toBe("EMPTY_ENCRYPTED_MESSAGE");
  });

  it("EMPTY_DECRYPTED_MESSAGE: a response that opens to nothing", async () => {
    const { session, responder } = await openPair({
      route: () => ({ status: 200, body: new Uint8Array(0) }),
    });
    const { answer, requestSeq } = await exchange(session, responder, "/x", "{}");
    expect(
      await codeOf(
        session.read(answer.body, { method: "POST", path: "/x", requestSeq, status: 200 }),
      ),
    ).toBe("EMPTY_DECRYPTED_MESSAGE");
  });

  it("DECRYPT_FAILED: a flipped bit, another request's seq, another path or status, a malformed frame", async () => {
    const { session, responder } = await openPair();
    const { answer, requestSeq } = await exchange(session, responder, "/x", "{}");
    const meta = { method: "POST", path: "/x", requestSeq, status: 200 };
    const flipped = new Uint8Array(answer.body);
    flipped[12] = (flipped[12] ?? 0) ^ 0x10;
    expect(await codeOf(session.read(flipped, meta))).toBe("DECRYPT_FAILED");
    expect(await codeOf(session.read(answer.body, { ...meta, requestSeq: requestSeq + 1 }))).toBe(
      "DECRYPT_FAILED",
    );
    expect(await codeOf(session.read(answer.body, { ...meta, path: "/y" }))).toBe("DECRYPT_FAILED");
    expect(await codeOf(session.read(answer.body, { ...meta, status: 201 }))).toBe(
      "DECRYPT_FAILED",
    );
    expect(await codeOf(session.read(new Uint8Array(5), meta))).toBe("DECRYPT_FAILED");
    // Failed attempts did not burn the sequence number: the genuine answer still opens.
    expect(await codeOf(session.read(answer.body, meta))).toBe("resolved");
  });

  it("DECRYPT_FAILED: a response replayed (same server sequence number)", async () => {
    const { session, responder } = await openPair();
    const first = await exchange(session, responder, "/x", "{}");
    await session.read(first.answer.body, {
      method: "POST",
      path: "/x",
      requestSeq: first.requestSeq,
      status: 200,
    });
    expect(
      await codeOf(
        session.read(first.answer.body, {
          method: "POST",
          path: "/x",
          requestSeq: first.requestSeq,
          status: 200,
        }),
      ),
    ).toBe("DECRYPT_FAILED");
  });

  it("accepts responses out of order", async () => {
    const { session, responder } = await openPair();
    const a = await exchange(session, responder, "/a", "1");
    const b = await exchange(session, responder, "/b", "2");
    expect(
      fromUtf8(
        await session.read(b.answer.body, {
          method: "POST",
          path: "/b",
          requestSeq: b.requestSeq,
          status: 200,
        }),
      ),
    ).toContain('"2"');
    expect(
      fromUtf8(
        await session.read(a.answer.body, {
          method: "POST",
          path: "/a",
          requestSeq: a.requestSeq,
          status: 200,
        }),
      ),
    ).toContain('"1"');
  });

  it("SESSION_NOT_OPEN after close()", async () => {
    const { session } = await openPair();
    session.close();
    expect(session.isOpen()).toBe(false);
    expect(await codeOf(session.write(utf8("{}"), { method: "POST", path: "/x" }))).toBe(
      "SESSION_NOT_OPEN",
    );
  });
});

describe("TunnelSession first request", () => {
  it("seals nothing before the evidence was checked, and hands the answer out only once open", async () => {
    const responder = createTestResponder();
    const session = createTunnelSession({ verifyEvidence: verifyTestEvidence });
    expect(await codeOf(session.writeFirst(utf8("{}"), { method: "POST", path: "/x" }))).toBe(
      "SESSION_NOT_OPEN",
    );
    const hello = await session.getOutgoingMessage();
    expect(session.firstRequestLimit()).toBeNull();
    const answer = await post(responder.handshake, "/tunnel/session", hello ?? new Uint8Array());
    await session.putIncomingMessage(answer.body, { sessionId: answer.sessionId });
    expect(session.firstRequestLimit()).toBe(64 * 1024);
    const sealed = await session.writeFirst(utf8('{"a":1}'), { method: "POST", path: "/x" });
    expect(decodeSealedMessage(sealed).seq).toBe(0);
    // Only once, before the ClientFinished.
    expect(await codeOf(session.writeFirst(utf8("{}"), { method: "POST", path: "/x" }))).toBe(
      "SESSION_NOT_OPEN",
    );
    expect(session.takeFirstResponse()).toBeNull();
    const finished = await session.getOutgoingMessage({
      method: "POST",
      path: "/x",
      headers: [],
      sealed,
    });
    expect(finished?.[1]).toBe(HandshakeMessageType.ClientFinishedWithRequest);
    expect(session.firstRequestLimit()).toBeNull();
    const reply = await post(responder.handshake, "/tunnel/session", finished ?? new Uint8Array(), {
      [SESSION_ID_HEADER]: session.sessionId ?? "",
    });
    await session.putIncomingMessage(reply.body, { sessionId: reply.sessionId });
    expect(session.isOpen()).toBe(true);
    const first = session.takeFirstResponse();
    expect(first).toMatchObject({ status: 200, encrypted: true });
    expect(session.takeFirstResponse()).toBeNull();
    const opened = await session.read(first?.body ?? new Uint8Array(), {
      method: "POST",
      path: "/x",
      requestSeq: 0,
      status: 200,
    });
    expect(JSON.parse(fromUtf8(opened))).toMatchObject({ received: '{"a":1}' });
    // Later requests go on from sequence number 1.
    const { requestSeq } = await exchange(session, responder, "/y", "{}");
    expect(requestSeq).toBe(1);
  });

  it("refuses a ServerFinished without the answer when the request was sent", async () => {
    const responder = createTestResponder();
    const session = createTunnelSession({ verifyEvidence: verifyTestEvidence });
    const hello = await session.getOutgoingMessage();
    const answer = await post(responder.handshake, "/tunnel/session", hello ?? new Uint8Array());
    await session.putIncomingMessage(answer.body, { sessionId: answer.sessionId });
    const sealed = await session.writeFirst(utf8("{}"), { method: "POST", path: "/x" });
    await session.getOutgoingMessage({ method: "POST", path: "/x", headers: [], sealed });
    const plain = encodeHandshakeFrame(HandshakeMessageType.ServerFinished, new Uint8Array(48));
    expect(await codeOf(session.putIncomingMessage(plain, { sessionId: session.sessionId }))).toBe(
      "FAILED_TO_ESTABLISH_SESSION",
    );
    expect(session.takeFirstResponse()).toBeNull();
  });
});
