// `@paraphe/attestation` (read from source in the repository) names WebCrypto keys with the DOM
// library's global `CryptoKey`; this package type-checks against Node's types only, where the same
// interface lives under `webcrypto`. This gives it the global name, nothing more.
import type { webcrypto } from "node:crypto";

declare global {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface CryptoKey extends webcrypto.CryptoKey {}
}
