import { describe, expect, it } from "vitest";
import { buildClientFinishedAad } from "./aad";
import { concatBytes, fromBase64Url, toBase64Url, toHex, utf8 } from "./bytes";
import { HandshakeMessageType } from "./constants";
import { isTunnelProtocolError } from "./errors";
import {
  buildHpkeInfo,
  computeTranscriptHash,
  createHpkeSuite,
  decodeClientFinished,
  decodeClientHello,
  decodeHandshakeFrame,
  decodeServerFinished,
  decodeServerHello,
  encodeClientFinished,
  encodeClientHello,
  encodeHandshakeFrame,
  encodeServerFinished,
  encodeServerHello,
  openServerFinished,
  sealServerFinished,
} from "./handshake";
import { deriveSessionKeys, deriveSessionSecrets } from "./keys";
import { buildAssociatedData } from "./aad";
import { openMessage, sealMessage } from "./message";

const reasonOf = (fn: () => unknown): string => {
  try {
    fn();
  } catch (error) {
    return isTunnelProtocolError(error) ? error.reason : "other";
  }
  return "accepted";
};

describe("handshake frames", () => {
  it("frames a client hello as [1][type 1][u32 32][nonce]", () => {
    const clientNonce = Uint8Array.from({ length: 32 }, (_, i) => i);
    const bytes = encodeClientHello({ clientNonce });
    expect(toHex(bytes.subarray(0, 6))).toBe("0101" + "00000020");
    expect(bytes.length).toBe(38);
    expect(toHex(decodeClientHello(bytes).clientNonce)).toBe(toHex(clientNonce));
  });

  it("refuses another version, another type, a wrong length or trailing bytes", () => {
    const hello = encodeClientHello({ clientNonce: new Uint8Array(32) });
    expect(reasonOf(() => decodeClientHello(concatBytes(hello, new Uint8Array(1))))).toBe(
      "MALFORMED_FRAME",
    );
    expect(reasonOf(() => decodeClientHello(hello.subarray(0, 37)))).toBe("MALFORMED_FRAME");
    expect(reasonOf(() => decodeClientHello(hello.subarray(0, 3)))).toBe("MALFORMED_FRAME");
    const v2 = new Uint8Array(hello);
    v2[0] = 2;
    expect(reasonOf(() => decodeClientHello(v2))).toBe("UNSUPPORTED_VERSION");
    expect(reasonOf(() => decodeServerHello(hello))).toBe("UNEXPECTED_MESSAGE_TYPE");
    const short = encodeHandshakeFrame(HandshakeMessageType.ClientHello, new Uint8Array(31));
    expect(reasonOf(() => decodeClientHello(short))).toBe("MALFORMED_FRAME");
  });

  it("carries the evidence as UTF-8 JSON in the server hello", () => {
    const evidence = { hpkePublicKey: "a", clientNonce: "b", report: { measurement: "x" } };
    const bytes = encodeServerHello({ evidence });
    expect(bytes[1]).toBe(HandshakeMessageType.ServerHello);
    expect(decodeServerHello(bytes).evidence).toEqual(evidence);
  });

  it("refuses a server hello that is not JSON or lacks the evidence fields", () => {
    const frame = (text: string) =>
      encodeHandshakeFrame(HandshakeMessageType.ServerHello, utf8(text));
    for (const text of [
      "not json",
      "[]",
      "{}",
      '{"evidence":[]}',
      '{"evidence":{"hpkePublicKey":"a"}}',
      '{"evidence":{"hpkePublicKey":1,"clientNonce":"b"}}',
    ]) {
      expect(
        reasonOf(() => decodeServerHello(frame(text))),
        text,
      ).toBe("MALFORMED_FRAME");
    }
    const invalidUtf8 = encodeHandshakeFrame(
      HandshakeMessageType.ServerHello,
      new Uint8Array([0x7b, 0xff, 0x7d]),
    );
    expect(reasonOf(() => decodeServerHello(invalidUtf8))).toBe("MALFORMED_FRAME");
  });

  it("frames client finished as u16 enc length, enc and a 48-byte confirmation", () => {
    const enc = new Uint8Array(32).fill(1);
    const confirmation = new Uint8Array(48).fill(2);
    const bytes = encodeClientFinished({ enc, confirmation });
    expect(toHex(bytes.subarray(0, 8))).toBe("0103" + "00000052" + "0020");
    const decoded = decodeClientFinished(bytes);
    expect(toHex(decoded.enc)).toBe(toHex(enc));
    expect(toHex(decoded.confirmation)).toBe(toHex(confirmation));
    const bad = encodeHandshakeFrame(
      HandshakeMessageType.ClientFinished,
      concatBytes(new Uint8Array([0, 31]), new Uint8Array(31 + 48)),
    );
    expect(reasonOf(() => decodeClientFinished(bad))).toBe("MALFORMED_FRAME");
  });

  it("frames server finished as the 48-byte confirmation", () => {
    const confirmation = new Uint8Array(48).fill(3);
    const bytes = encodeServerFinished({ confirmation });
    expect(toHex(bytes.subarray(0, 6))).toBe("0104" + "00000030");
    expect(toHex(decodeServerFinished(bytes).confirmation)).toBe(toHex(confirmation));
    expect(reasonOf(() => decodeServerFinished(encodeHandshakeFrame(4, new Uint8Array(47))))).toBe(
      "MALFORMED_FRAME",
    );
    expect(toHex(decodeHandshakeFrame(bytes, 4))).toBe(toHex(confirmation));
  });
});

describe("a full handshake between the protocol's client and server sides", () => {
  it("agrees on the transcript, confirms keys both ways and derives the same directional keys", async () => {
    const suite = createHpkeSuite();
    const serverKeys = await suite.kem.generateKeyPair();
    const hpkePublicKey = toBase64Url(
      new Uint8Array(await suite.kem.serializePublicKey(serverKeys.publicKey)),
    );
    const sessionId = "handshake-test-session";

    // Client: hello.
    const clientNonce = crypto.getRandomValues(new Uint8Array(32));
    const clientHello = encodeClientHello({ clientNonce });
    // Server: evidence bound to its key and the nonce.
    const received = decodeClientHello(clientHello);
    const serverHello = encodeServerHello({
      evidence: { hpkePublicKey, clientNonce: toBase64Url(received.clientNonce) },
    });
    // Client: encapsulate to the evidence's key, confirm the transcript.
    const evidence = decodeServerHello(serverHello).evidence;
    const recipientPublicKey = await suite.kem.deserializePublicKey(
      fromBase64Url(evidence.hpkePublicKey) ?? new Uint8Array(),
    );
    const info = await buildHpkeInfo(clientHello, serverHello);
    const sender = await suite.createSenderContext({ recipientPublicKey, info });
    const enc = new Uint8Array(sender.enc);
    const transcript = await computeTranscriptHash(clientHello, serverHello, enc);
    const clientFinished = encodeClientFinished({
      enc,
      confirmation: new Uint8Array(
        await sender.seal(transcript, buildClientFinishedAad(sessionId)),
      ),
    });
    // Server: open the confirmation, check it, derive keys, confirm back.
    const finished = decodeClientFinished(clientFinished);
    const recipient = await suite.createRecipientContext({
      recipientKey: serverKeys,
      enc: finished.enc,
      info: await buildHpkeInfo(clientHello, serverHello),
    });
    const serverTranscript = await computeTranscriptHash(clientHello, serverHello, finished.enc);
    const opened = new Uint8Array(
      await recipient.open(finished.confirmation, buildClientFinishedAad(sessionId)),
    );
    expect(toHex(opened)).toBe(toHex(serverTranscript));
    const serverSession = await deriveSessionKeys(recipient);
    const serverFinished = encodeServerFinished({
      confirmation: await sealServerFinished(serverSession, sessionId, serverTranscript),
    });
    // Client: check the server's confirmation.
    const clientSession = await deriveSessionKeys(sender);
    const confirmed = await openServerFinished(
      clientSession,
      sessionId,
      decodeServerFinished(serverFinished).confirmation,
    );
    expect(toHex(confirmed)).toBe(toHex(transcript));

    // Both directions work with the derived keys.
    const requestAad = buildAssociatedData({
      direction: "request",
      method: "POST",
      path: "/user/profile",
      sessionId,
      seq: 0,
    });
    const request = await sealMessage(
      clientSession.c2sKey,
      clientSession.c2sIv,
      0,
      requestAad,
      utf8("{}"),
    );
    expect(
      toHex(await openMessage(serverSession.c2sKey, serverSession.c2sIv, request, requestAad)),
    ).toBe(toHex(utf8("{}")));
    const responseAad = buildAssociatedData({
      direction: "response",
      method: "POST",
      path: "/user/profile",
      sessionId,
      seq: 0,
      requestSeq: 0,
      status: 200,
    });
    const response = await sealMessage(
      serverSession.s2cKey,
      serverSession.s2cIv,
      0,
      responseAad,
      utf8('{"ok":true}'),
    );
    expect(
      toHex(await openMessage(clientSession.s2cKey, clientSession.s2cIv, response, responseAad)),
    ).toBe(toHex(utf8('{"ok":true}')));
    // The request key cannot open a response and vice versa.
    await expect(
      openMessage(clientSession.c2sKey, clientSession.c2sIv, response, responseAad),
    ).rejects.toThrow();
  });

  it("exports four distinct secrets, identical on both sides", async () => {
    const suite = createHpkeSuite();
    const pair = await suite.kem.generateKeyPair();
    const info = utf8("info");
    const sender = await suite.createSenderContext({ recipientPublicKey: pair.publicKey, info });
    const recipient = await suite.createRecipientContext({
      recipientKey: pair,
      enc: sender.enc,
      info,
    });
    const a = await deriveSessionSecrets(sender);
    const b = await deriveSessionSecrets(recipient);
    expect([a.c2sKey.length, a.s2cKey.length, a.c2sIv.length, a.s2cIv.length]).toEqual([
      32, 32, 12, 12,
    ]);
    expect(toHex(a.c2sKey)).toBe(toHex(b.c2sKey));
    expect(toHex(a.s2cKey)).toBe(toHex(b.s2cKey));
    expect(toHex(a.c2sIv)).toBe(toHex(b.c2sIv));
    expect(toHex(a.s2cIv)).toBe(toHex(b.s2cIv));
    expect(new Set([toHex(a.c2sKey), toHex(a.s2cKey)]).size).toBe(2);
    expect(new Set([toHex(a.c2sIv), toHex(a.s2cIv)]).size).toBe(2);
  });

  it("binds the HPKE info and the transcript to every byte of the hellos", async () => {
    const hello = encodeClientHello({ clientNonce: new Uint8Array(32) });
    const serverHello = encodeServerHello({ evidence: { hpkePublicKey: "k", clientNonce: "n" } });
    const info = await buildHpkeInfo(hello, serverHello);
    expect(toHex(info.subarray(0, 28))).toBe(toHex(utf8("paraphe/tunnel/v1 hpke info")) + "00");
    expect(info.length).toBe(27 + 1 + 32);
    const otherServerHello = encodeServerHello({
      evidence: { hpkePublicKey: "k", clientNonce: "m" },
    });
    expect(toHex(await buildHpkeInfo(hello, otherServerHello))).not.toBe(toHex(info));
    const enc = new Uint8Array(32);
    const transcript = await computeTranscriptHash(hello, serverHello, enc);
    expect(toHex(await computeTranscriptHash(hello, otherServerHello, enc))).not.toBe(
      toHex(transcript),
    );
    expect(
      toHex(await computeTranscriptHash(hello, serverHello, new Uint8Array(32).fill(1))),
    ).not.toBe(toHex(transcript));
  });

  it("rejects a server confirmation for another session id", async () => {
    const secrets = {
      s2cKey: await crypto.subtle.importKey("raw", new Uint8Array(32), "AES-GCM", false, [
        "encrypt",
        "decrypt",
      ]),
      s2cIv: new Uint8Array(12),
    };
    const sealed = await sealServerFinished(secrets, "session-a", new Uint8Array(32));
    await expect(openServerFinished(secrets, "session-a", sealed)).resolves.toHaveLength(32);
    const error = await openServerFinished(secrets, "session-b", sealed).catch((e: unknown) => e);
    expect(isTunnelProtocolError(error, "AUTHENTICATION_FAILED")).toBe(true);
  });
});
