/**
 * The roots of trust of AMD SEV-SNP verification.
 *
 * A chain that ends in a self-signed ARK proves only that the chain is consistent: whoever supplies
 * the chain could supply their own root. The ARK is therefore pinned by the SHA-256 of its DER
 * encoding. The Milan pin is the ARK of AMD's published Milan chain (`cert_chain` of AMD's key
 * distribution service, also embedded by google/go-sev-guest as `verify/trust/ask_ark_milan.pem`);
 * it is the ARK of the test vectors in `testdata/`, checked by the tests.
 */

/** SHA-256 of the DER encoding of AMD's Milan ARK (CN=ARK-Milan, RSA-4096, valid 2020-2045). */
export const AMD_MILAN_ARK_SHA256 =
  "69d063b45344d26a2e94e1f4210de49ef555308287d4c174445c95639a540bcd";

/** The ARKs trusted when a caller names none: Milan's. */
export const DEFAULT_TRUSTED_ARK_SHA256: readonly string[] = [AMD_MILAN_ARK_SHA256];
