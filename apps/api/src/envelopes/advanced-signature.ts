import type { Kysely } from "kysely";
import type { BlobStore } from "../blob/blob-store";
import type { Config } from "../config";
import type { Database, EnvelopeRow, RecipientRow } from "../db/database";
import { issueSignerCertificate, type SignerCheck } from "../documents/signer-authority";
import { signAsSigner } from "../documents/worker-pool";
import { AppError } from "../errors/app-error";
import { signerAuthorityOf } from "./signer-authority-of";
import { addSignerRevisions } from "./signer-revisions";
import { personOf } from "./views";

/** The certificate an advanced signature was made with, as the activity chain and proof name it. */
export interface AdvancedSignatureRecord {
  level: "AES";
  check: SignerCheck;
  certificate: {
    subject: string;
    issuer: string;
    serialNumber: string;
    fingerprintSha256: string;
  };
}

/** The signature's reason, which validators show beside it. */
const REASON = "Signed with Paraphe (advanced electronic signature)";

/**
 * A signer's advanced signature (AES), once they passed their check and their signing was
 * accepted (their row already `signed`, their values saved, inside the signing transaction): a
 * certificate naming them is issued by the signer authority, then each document's current revision
 * gets their fields and their PAdES signature (`addSignerRevisions`). The certificate's key lives
 * only for this call.
 */
export async function addAdvancedSignature(
  deps: { config: Config; blobStore: BlobStore },
  trx: Kysely<Database>,
  envelope: EnvelopeRow,
  signer: RecipientRow,
  everyone: readonly RecipientRow[],
  images: { signature: Uint8Array; initials?: Uint8Array | undefined },
  at: Date,
): Promise<AdvancedSignatureRecord> {
  if (signer.verification === "none") {
    // Sending refuses such a signer at AES; a guard all the same: no certificate without a check.
    throw new AppError("CONFLICT", {
      message: "An advanced signature needs a check of the signer first.",
      reason: "verification_required",
    });
  }
  const check = signer.verification;
  const authority = await signerAuthorityOf(deps.config);
  const person = personOf(signer);
  const issued = await issueSignerCertificate(
    authority,
    { name: person.name, email: signer.email, check },
    at,
  );
  await addSignerRevisions(deps, trx, envelope, signer, everyone, images, at, ({ base, stamps }) =>
    signAsSigner(base, stamps, {
      certificate: issued.certificate,
      pkcs8: issued.pkcs8,
      chain: issued.chain,
      fieldName: person.name || signer.email,
      reason: REASON,
      location: "Paraphe",
      signingTime: at,
    }),
  );
  return {
    level: "AES",
    check,
    certificate: {
      subject: issued.subject,
      issuer: authority.subject,
      serialNumber: issued.serialNumber,
      fingerprintSha256: issued.fingerprintSha256,
    },
  };
}
