/**
 * A software WebAuthn authenticator for tests (decision 066): an ES256 (P-256) key pair per
 * credential, made with node:crypto; registration answers with attestation "none", sign-in with
 * an assertion over authenticatorData || SHA-256(clientDataJSON). It speaks the JSON that
 * @simplewebauthn/browser sends (base64url fields), so tests post what a browser would.
 */
import crypto from "node:crypto";

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64url");
const sha256 = (data: Uint8Array | string) => crypto.createHash("sha256").update(data).digest();

// A minimal CBOR encoder: unsigned and negative integers, byte and text strings, maps.
type Cbor = number | string | Uint8Array | Map<number | string, Cbor>;

function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 256) return Buffer.from([(major << 5) | 24, length]);
  if (length < 65536) return Buffer.from([(major << 5) | 25, length >> 8, length & 0xff]);
  const b = Buffer.alloc(5);
  b[0] = (major << 5) | 26;
  b.writeUInt32BE(length, 1);
  return b;
}

export function cbor(value: Cbor): Buffer {
  if (typeof value === "number") return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === "string") {
    const bytes = Buffer.from(value, "utf8");
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), Buffer.from(value)]);
  const parts: Buffer[] = [head(5, value.size)];
  for (const [k, v] of value) parts.push(cbor(k), cbor(v));
  return Buffer.concat(parts);
}

interface Credential {
  id: Buffer;
  privateKey: crypto.KeyObject;
  rpId: string;
  userHandle: string;
  counter: number;
}

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

function counterBytes(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
}

export class SoftwareAuthenticator {
  readonly credentials: Credential[] = [];

  constructor(readonly origin: string) {}

  /** Answers registration options (from GET /webauthn/register) like navigator.credentials.create(). */
  create(options: { challenge: string; rp: { id?: string }; user: { id: string } }) {
    const rpId = options.rp.id ?? new URL(this.origin).hostname;
    const { privateKey, publicKey } = crypto.generateKeyPairSync("ec", { namedCurve: "P-256" });
    const jwk = publicKey.export({ format: "jwk" });
    const id = crypto.randomBytes(32);
    const credential: Credential = { id, privateKey, rpId, userHandle: options.user.id, counter: 0 };
    this.credentials.push(credential);
    const cose = cbor(
      new Map<number, Cbor>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x!, "base64url")],
        [-3, Buffer.from(jwk.y!, "base64url")],
      ]),
    );
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(id.length);
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([FLAG_UP | FLAG_UV | FLAG_AT]),
      counterBytes(0),
      Buffer.alloc(16), // AAGUID: none
      idLength,
      id,
      cose,
    ]);
    const clientDataJSON = Buffer.from(
      JSON.stringify({
        type: "webauthn.create",
        challenge: options.challenge,
        origin: this.origin,
        crossOrigin: false,
      }),
    );
    const attestationObject = cbor(
      new Map<string, Cbor>([
        ["fmt", "none"],
        ["attStmt", new Map()],
        ["authData", authData],
      ]),
    );
    return {
      id: b64url(id),
      rawId: b64url(id),
      type: "public-key" as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        attestationObject: b64url(attestationObject),
        transports: ["internal"],
      },
      clientExtensionResults: {},
    };
  }

  /**
   * Answers authentication options (from GET /webauthn/authenticate) like
   * navigator.credentials.get(): with the first allowed credential, or any it holds.
   */
  get(
    options: { challenge: string; rpId?: string; allowCredentials?: Array<{ id: string }> },
    { userVerified = true, credential: chosen }: { userVerified?: boolean; credential?: number } = {},
  ) {
    const allowed = options.allowCredentials?.map((c) => c.id) ?? [];
    const credential =
      chosen !== undefined
        ? this.credentials[chosen]
        : this.credentials.find((c) => !allowed.length || allowed.includes(b64url(c.id)));
    if (!credential) throw new Error("no credential for these options");
    credential.counter += 1;
    const authData = Buffer.concat([
      sha256(options.rpId ?? credential.rpId),
      Buffer.from([FLAG_UP | (userVerified ? FLAG_UV : 0)]),
      counterBytes(credential.counter),
    ]);
    const clientDataJSON = Buffer.from(
      JSON.stringify({ type: "webauthn.get", challenge: options.challenge, origin: this.origin, crossOrigin: false }),
    );
    const signature = crypto.sign("sha256", Buffer.concat([authData, sha256(clientDataJSON)]), credential.privateKey);
    return {
      id: b64url(credential.id),
      rawId: b64url(credential.id),
      type: "public-key" as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: credential.userHandle,
      },
      clientExtensionResults: {},
    };
  }
}
