// The api seals and opens per-message AEAD with node:crypto (much cheaper per call than WebCrypto
// in Node, see TOOLCHAIN.md). This proves that node:crypto with the same raw secrets, nonce and
// associated data interoperates with the client's WebCrypto path, both ways. (Tests only: the
// shipped sources never import node: modules.)
import { createCipheriv, createDecipheriv } from "node:crypto";
import { describe, expect, it } from "vitest";
import { buildAssociatedData } from "./aad";
import { concatBytes, fromUtf8, utf8 } from "./bytes";
import { AEAD_TAG_LENGTH, SEALED_HEADER_LENGTH } from "./constants";
import { createHpkeSuite } from "./handshake";
import { deriveSessionKeys, deriveSessionSecrets } from "./keys";
import { decodeSealedMessage, encodeSealedMessage, openMessage, sealMessage } from "./message";
import { deriveNonce } from "./nonce";

async function pairOfSessions() {
  const suite = createHpkeSuite();
  const pair = await suite.kem.generateKeyPair();
  const info = utf8("interop");
  const sender = await suite.createSenderContext({ recipientPublicKey: pair.publicKey, info });
  const recipient = await suite.createRecipientContext({
    recipientKey: pair,
    enc: sender.enc,
    info,
  });
  return { client: await deriveSessionKeys(sender), server: await deriveSessionSecrets(recipient) };
}

const sessionId = "interop-session";

describe("node:crypto on the server, WebCrypto on the client", () => {
  it("opens a client-sealed request with node:crypto", async () => {
    const { client, server } = await pairOfSessions();
    const aad = buildAssociatedData({
      direction: "request",
      method: "POST",
      path: "/team/view-invite",
      sessionId,
      seq: 3,
    });
    const sealed = await sealMessage(client.c2sKey, client.c2sIv, 3, aad, utf8('{"token":"t"}'));

    const frame = decodeSealedMessage(sealed);
    const tagAt = frame.ciphertext.length - AEAD_TAG_LENGTH;
    const decipher = createDecipheriv(
      "aes-256-gcm",
      server.c2sKey,
      deriveNonce(server.c2sIv, frame.seq),
      {
        authTagLength: AEAD_TAG_LENGTH,
      },
    );
    decipher.setAAD(
      buildAssociatedData({
        direction: "request",
        method: "POST",
        path: "/team/view-invite",
        sessionId,
        seq: frame.seq,
      }),
    );
    decipher.setAuthTag(frame.ciphertext.subarray(tagAt));
    const plaintext = concatBytes(
      decipher.update(frame.ciphertext.subarray(0, tagAt)),
      decipher.final(),
    );
    expect(fromUtf8(plaintext)).toBe('{"token":"t"}');
  });

  it("opens a node:crypto-sealed response with WebCrypto", async () => {
    const { client, server } = await pairOfSessions();
    const aad = buildAssociatedData({
      direction: "response",
      method: "POST",
      path: "/team/view-invite",
      sessionId,
      seq: 0,
      requestSeq: 3,
      status: 404,
    });
    const cipher = createCipheriv("aes-256-gcm", server.s2cKey, deriveNonce(server.s2cIv, 0), {
      authTagLength: AEAD_TAG_LENGTH,
    });
    cipher.setAAD(aad);
    const body = concatBytes(
      cipher.update(utf8('{"statusCode":404}')),
      cipher.final(),
      cipher.getAuthTag(),
    );
    const sealed = encodeSealedMessage(0, body);
    expect(sealed.length).toBe(SEALED_HEADER_LENGTH + 18 + AEAD_TAG_LENGTH);
    expect(fromUtf8(await openMessage(client.s2cKey, client.s2cIv, sealed, aad))).toBe(
      '{"statusCode":404}',
    );
  });

  it("rejects in node:crypto what fails to authenticate", async () => {
    const { client, server } = await pairOfSessions();
    const aad = buildAssociatedData({
      direction: "request",
      method: "POST",
      path: "/user/profile",
      sessionId,
      seq: 0,
    });
    const sealed = await sealMessage(client.c2sKey, client.c2sIv, 0, aad, utf8("{}"));
    const frame = decodeSealedMessage(sealed);
    const decipher = createDecipheriv("aes-256-gcm", server.c2sKey, deriveNonce(server.c2sIv, 0), {
      authTagLength: 16,
    });
    decipher.setAAD(
      buildAssociatedData({
        direction: "request",
        method: "POST",
        path: "/user/profile?x",
        sessionId,
        seq: 0,
      }),
    );
    decipher.setAuthTag(frame.ciphertext.subarray(frame.ciphertext.length - 16));
    decipher.update(frame.ciphertext.subarray(0, frame.ciphertext.length - 16));
    expect(() => decipher.final()).toThrow();
  });
});
