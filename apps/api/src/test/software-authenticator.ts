/**
 * A software WebAuthn authenticator for tests: an ES256 key pair (node:crypto), "none"
 * attestation, and a signature counter the test controls. It answers the JSON a browser would
 * give `@simplewebauthn/browser`. Not part of the server.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto";
import { isoCBOR } from "@simplewebauthn/server/helpers";

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

function b64url(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString("base64url");
}

function uint32(value: number): Buffer {
  const buffer = Buffer.alloc(4);
  buffer.writeUInt32BE(value);
  return buffer;
}

export class SoftwareAuthenticator {
  readonly credentialId = randomBytes(16);
  private readonly privateKey: KeyObject;
  private readonly publicJwk: { x: string; y: string };
  /** The next signature counter the authenticator reports. */
  counter = 0;
  /** The user handle given at registration. */
  userHandle: string | undefined;
  /** Whether the authenticator reports that it verified the user (PIN, biometrics): the UV flag. */
  userVerified = true;

  constructor(
    private readonly rpID: string,
    private readonly origin: string,
  ) {
    const pair = generateKeyPairSync("ec", { namedCurve: "P-256" });
    this.privateKey = pair.privateKey;
    const jwk = pair.publicKey.export({ format: "jwk" });
    this.publicJwk = { x: jwk.x ?? "", y: jwk.y ?? "" };
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  private rpIdHash(): Buffer {
    return createHash("sha256").update(this.rpID).digest();
  }

  private clientData(type: string, challenge: string, origin = this.origin): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** The RegistrationResponseJSON for `options` (PublicKeyCredentialCreationOptionsJSON). */
  register(options: Record<string, unknown>, overrides: { origin?: string } = {}) {
    const user = options.user as { id: string };
    this.userHandle = user.id;
    const cose = new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(this.publicJwk.x, "base64url")],
      [-3, Buffer.from(this.publicJwk.y, "base64url")],
    ]);
    const credentialIdLength = Buffer.alloc(2);
    credentialIdLength.writeUInt16BE(this.credentialId.length);
    const authData = Buffer.concat([
      this.rpIdHash(),
      Buffer.from([FLAG_UP | (this.userVerified ? FLAG_UV : 0) | FLAG_AT]),
      uint32(this.counter),
      Buffer.alloc(16),
      credentialIdLength,
      this.credentialId,
      Buffer.from(isoCBOR.encode(cose)),
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ["fmt", "none"],
        ["attStmt", new Map()],
        ["authData", new Uint8Array(authData)],
      ]) as never,
    );
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key",
      response: {
        clientDataJSON: b64url(
          this.clientData("webauthn.create", options.challenge as string, overrides.origin),
        ),
        attestationObject: b64url(attestationObject),
        transports: ["internal"],
      },
      clientExtensionResults: {},
      authenticatorAttachment: "platform",
    };
  }

  /**
   * The AuthenticationResponseJSON for `options` (PublicKeyCredentialRequestOptionsJSON), from the
   * authenticator's origin or another page of the same RP ID (`overrides.origin`).
   */
  authenticate(options: Record<string, unknown>, overrides: { origin?: string } = {}) {
    const authData = Buffer.concat([
      this.rpIdHash(),
      Buffer.from([FLAG_UP | (this.userVerified ? FLAG_UV : 0)]),
      uint32(this.counter),
    ]);
    const clientDataJSON = this.clientData(
      "webauthn.get",
      options.challenge as string,
      overrides.origin,
    );
    const signature = sign(
      "sha256",
      Buffer.concat([authData, createHash("sha256").update(clientDataJSON).digest()]),
      this.privateKey,
    );
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key",
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        ...(this.userHandle === undefined ? {} : { userHandle: this.userHandle }),
      },
      clientExtensionResults: {},
      authenticatorAttachment: "platform",
    };
  }
}
