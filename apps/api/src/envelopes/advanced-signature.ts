import type { Kysely } from "kysely";
import type { BlobStore } from "../blob/blob-store";
import type { Config } from "../config";
import type { Database, EnvelopeRow, RecipientRow } from "../db/database";
import { sha256Hex } from "../documents/inspect";
import { issueSignerCertificate, type SignerCheck } from "../documents/signer-authority";
import { signAsSigner } from "../documents/worker-pool";
import { AppError } from "../errors/app-error";
import { documentStamps } from "./document-stamps";
import { shownFields } from "./field-settings";
import { blobKeys } from "./file-keys";
import { signerAuthorityOf } from "./signer-authority-of";
import { loadDocuments, personOf, senderOf } from "./views";

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
 * certificate naming them is issued by the signer authority, then on each document's current
 * revision (the original, or what the previous signer left) their fields are drawn and their PAdES
 * signature added in one incremental update (document worker), stored encrypted as the new
 * current revision. The certificate's key lives only for this call. The transaction's lock on
 * the envelope makes signers take turns on the revisions; should it roll back, the blob written is
 * overwritten at the next try (its key is the signer's) and the sweep removes it otherwise.
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
  const sender = await senderOf(trx, envelope);
  const dateFormat = new Intl.DateTimeFormat(sender.language, {
    dateStyle: "long",
    timeZone: "UTC",
  });
  const pictures = new Map<string, Uint8Array>([[`s:${signer.id}`, images.signature]]);
  if (images.initials !== undefined) pictures.set(`i:${signer.id}`, images.initials);
  // Every field of the envelope decides which are shown; this signer's are drawn.
  const fields = shownFields(
    await trx.selectFrom("field").selectAll().where("envelopeId", "=", envelope.id).execute(),
  ).filter((field) => field.recipientId === signer.id);
  // The signers in their order, so that initials on every page sit where the seal would put them.
  const signers = everyone
    .filter((row) => row.kind === "signer")
    .map((row) =>
      row.id === signer.id ? { ...signer, status: "signed" as const, signedAt: at } : row,
    );

  for (const document of await loadDocuments(trx, envelope.id)) {
    const baseKey = document.revisionBlobKey ?? document.blobKey;
    const base = await deps.blobStore.get(baseKey);
    if (base === null) throw new Error(`blob ${baseKey} is missing`);
    const stamps = documentStamps({
      fields: fields.filter((field) => field.documentId === document.id),
      recipients: signers,
      images: pictures,
      dateFormat,
      initialsOnAllPages: envelope.initialsOnAllPages,
      pageCount: document.pageCount,
    });
    const signed = await signAsSigner(base.bytes, stamps, {
      certificate: issued.certificate,
      pkcs8: issued.pkcs8,
      chain: issued.chain,
      fieldName: person.name || signer.email,
      reason: REASON,
      location: "Paraphe",
      signingTime: at,
    });
    const key = blobKeys.revision(envelope.id, document.id, signer.id);
    await deps.blobStore.put(key, signed, { contentType: "application/pdf" });
    await trx
      .updateTable("envelopeDocument")
      .set({ revisionBlobKey: key, revisionSha256: sha256Hex(signed) })
      .where("id", "=", document.id)
      .execute();
  }
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
