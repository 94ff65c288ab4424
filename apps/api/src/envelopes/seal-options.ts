import { PROOF_SEAL_FIELD_NAME, PROOF_SEAL_REASON } from "@paraphe/api-sdk/verify";
import { type PlatformIdentity } from "../documents/certificates";
import { type SealOptions } from "../documents/seal";

/** What the platform seals: an envelope's document, or the envelope's audit-log proof. */
export type SealedFile = "document" | "proof";

const SEALS = {
  document: { signerName: "Paraphe", reason: "Sealed by Paraphe after every signer signed" },
  // Only the proof's seal carries this field name and reason (inside the bytes it signs), which is
  // how `paraphe-verify` tells a proof from a sealed document that carries a record of its own.
  proof: { signerName: PROOF_SEAL_FIELD_NAME, reason: PROOF_SEAL_REASON },
} as const satisfies Record<SealedFile, { signerName: string; reason: string }>;

/**
 * The options the platform seals `file` with: its field name and reason, PAdES B-B, or B-LTA with
 * the timestamp authority `tsaUrl` (validation data for every signature, then a document
 * timestamp; validation data only from public addresses unless `allowPrivateValidationAddresses`).
 */
export function platformSealOptions(
  file: SealedFile,
  identity: PlatformIdentity,
  tsaUrl: string | undefined,
  allowPrivateValidationAddresses = false,
): SealOptions {
  return {
    identity,
    ...(allowPrivateValidationAddresses ? { allowPrivateValidationAddresses } : {}),
    level: tsaUrl === undefined ? "B-B" : "B-LTA",
    ...(tsaUrl === undefined ? {} : { tsaUrl }),
    ...SEALS[file],
    location: "Paraphe",
  };
}
