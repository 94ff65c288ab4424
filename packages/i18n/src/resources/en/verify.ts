/** `paraphe-verify`, the offline verifier of a sealed document and its audit-log proof (a CLI). */
export const verify = {
  heading: "Paraphe offline verification",
  files: {
    document: "Sealed document",
    proof: "Audit-log proof",
    original: "Original document",
  },
  marks: {
    pass: "✓",
    fail: "✗",
    warn: "!",
  },
  checks: {
    unreadable: "{{file}}: the file could not be read as a PDF ({{reason}}).",
    noSignature: "{{file}}: the file carries no signature.",
    coverageWhole:
      "{{file}}, signature “{{name}}”: it covers the whole file except the signature itself (total document signed).",
    coverageRevision:
      "{{file}}, signature “{{name}}”: it covers an earlier revision (the first {{end}} bytes); the signature that follows covers the rest.",
    coveragePartial:
      "{{file}}, signature “{{name}}”: it does not cover the whole file: bytes were appended after it was signed.",
    coverageMalformed: "{{file}}, signature “{{name}}”: its byte range is malformed ({{reason}}).",
    digestMatch:
      "{{file}}, signature “{{name}}”: the SHA-256 of the signed bytes matches the digest the signature carries.",
    digestMismatch:
      "{{file}}, signature “{{name}}”: the SHA-256 of the signed bytes does not match the digest the signature carries: the file was changed after it was signed.",
    digestUnreadable:
      "{{file}}, signature “{{name}}”: the signature could not be read ({{reason}}).",
    signatureValid:
      "{{file}}, signature “{{name}}”: the signature over the signed attributes verifies with the certificate of {{subject}}.",
    signatureInvalid:
      "{{file}}, signature “{{name}}”: the signature does not verify with the certificate of {{subject}}.",
    signatureUnreadable:
      "{{file}}, signature “{{name}}”: the signature could not be checked ({{reason}}).",
    chainTrusted:
      "{{file}}: the certificate chain of {{subject}} leads to the trusted root {{root}} and was valid at the signing time ({{date}}).",
    chainRootNotChecked:
      "{{file}}: the certificate chain of {{subject}} is consistent up to {{root}} and was valid at the signing time ({{date}}), but that root was not checked against a trusted certificate (give it with --ca).",
    chainNotAnchored:
      "{{file}}: the certificate chain of {{subject}} does not lead to any of the certificates given with --ca.",
    chainIssuerMissing:
      "{{file}}: the certificate chain of {{subject}} is incomplete: the issuer of {{certificate}} is neither in the signature nor among the --ca certificates.",
    chainBadSignature:
      "{{file}}: the certificate chain of {{subject}} is broken: {{certificate}} is not validly signed by its issuer.",
    chainNotValidAt:
      "{{file}}: the certificate chain of {{subject}} was not valid at the signing time ({{date}}): {{certificate}} is valid from {{from}} to {{to}}.",
    chainNotCa:
      "{{file}}: the certificate chain of {{subject}} is invalid: {{certificate}} is not a certification authority.",
    timestampValid:
      "{{file}}, signature “{{name}}”: its timestamp token (RFC 3161) proves it existed at {{genTime}}: the token of {{tsa}} is over this signature, intact, and its certificate chain leads to the trusted root {{root}}.",
    timestampRootNotChecked:
      "{{file}}, signature “{{name}}”: its timestamp token of {{tsa}} ({{genTime}}) is over this signature and intact, and the authority's certificate chain is consistent up to {{root}}, but that root was not checked against a trusted certificate (give it with --tsa-ca).",
    timestampIntactEarlier:
      "{{file}}, signature “{{name}}”: its timestamp token of {{tsa}} ({{genTime}}) is over this signature and intact; the authority of a signature made before sealing was not checked against a trusted root.",
    timestampMissing:
      "{{file}}, signature “{{name}}”: it carries no timestamp token (PAdES B-B): its signing time ({{date}}) is only claimed by the signer, not proven.",
    timestampRequired:
      "{{file}}, signature “{{name}}”: it carries no timestamp token, though a timestamp authority was given with --tsa-ca: its token was removed, or it was never timestamped.",
    timestampUnreadable:
      "{{file}}, signature “{{name}}”: its timestamp token could not be read ({{reason}}).",
    timestampSignatureInvalid:
      "{{file}}, signature “{{name}}”: its timestamp token of {{tsa}} does not verify: it was changed after the timestamp authority signed it.",
    timestampImprintMismatch:
      "{{file}}, signature “{{name}}”: its timestamp token of {{tsa}} is not over this signature (the token's message imprint is not the hash of the signature value).",
    timestampNotTimestamping:
      "{{file}}, signature “{{name}}”: its timestamp token is signed by {{tsa}}, whose certificate is not a timestamping certificate (critical extended key usage timeStamping).",
    timestampChainNotAnchored:
      "{{file}}, signature “{{name}}”: the certificate chain of the timestamp authority {{tsa}} does not lead to any of the certificates given with --tsa-ca: the token comes from another authority.",
    timestampChainIssuerMissing:
      "{{file}}, signature “{{name}}”: the certificate chain of the timestamp authority {{tsa}} is incomplete: the issuer of {{certificate}} is neither in the token nor among the --tsa-ca certificates.",
    timestampChainBadSignature:
      "{{file}}, signature “{{name}}”: the certificate chain of the timestamp authority {{tsa}} is broken: {{certificate}} is not validly signed by its issuer.",
    timestampChainNotValidAt:
      "{{file}}, signature “{{name}}”: the certificate chain of the timestamp authority {{tsa}} was not valid at the time of the timestamp ({{genTime}}): {{certificate}} is valid from {{from}} to {{to}}.",
    timestampChainNotCa:
      "{{file}}, signature “{{name}}”: the certificate chain of the timestamp authority {{tsa}} is invalid: {{certificate}} is not a certification authority.",
    proofSealRecognised:
      "{{file}}: it carries one signature only, over the whole file, and it is the seal Paraphe puts on its audit-log proofs (“{{name}}”, reason “{{reason}}”).",
    proofSignatureCount:
      "{{file}}: it carries {{signatures}} signatures; an audit-log proof made by Paraphe carries exactly one, its own seal. This is not a Paraphe proof: its embedded record is not read.",
    proofSealForeign:
      "{{file}}: its signature “{{name}}” (reason “{{reason}}”) is not the seal Paraphe puts on its audit-log proofs (“{{expectedName}}”, reason “{{expectedReason}}”, over the whole file). This is not a Paraphe proof (a document Paraphe sealed is not a proof, whatever it carries): its embedded record is not read.",
    proofAppended:
      "{{file}}: it was changed after its seal “{{name}}”: an audit-log proof made by Paraphe ends with its seal, which covers the whole file. Its embedded record is not read.",
    sealsSame:
      "{{file}}: its seal was made with the same certificate as the sealed document's, {{subject}} (SHA-256 fingerprint {{fingerprint}}).",
    sealsDiffer:
      "{{file}}: its seal was made with another certificate, {{subject}} (SHA-256 fingerprint {{fingerprint}}), than the sealed document's, {{documentSubject}} ({{documentFingerprint}}): Paraphe seals a document and its proof with the same certificate.",
    sealPinned:
      "{{file}}: its seal was made with the key of the certificate given with --seal-cert, {{subject}} (SHA-256 fingerprint {{fingerprint}}).",
    sealIsAnchor:
      "{{file}}: its seal's certificate, {{subject}} (SHA-256 fingerprint {{fingerprint}}), is itself one of the certificates given with --ca.",
    sealNotPinned:
      "{{file}}: its seal was made with the certificate of {{subject}} (SHA-256 fingerprint {{fingerprint}}), not with the key of the certificate given with --seal-cert, {{expected}} ({{expectedFingerprint}}).",
    sealIdentityNotPinned:
      "{{file}}: its seal's certificate, {{subject}} (SHA-256 fingerprint {{fingerprint}}), was not pinned: any certificate under the trusted root would pass. Give the platform's seal certificate with --seal-cert.",
    recordMissing:
      "{{file}}: it carries no machine-readable record ({{filename}}), so its chain of events cannot be checked offline.",
    recordInvalid: "{{file}}: its machine-readable record is malformed ({{reason}}).",
    eventsIntact_one:
      "{{file}}: the chain of {{count}} event of envelope {{envelopeId}} is intact: its fingerprint is {{head}} (SHA-256), the proof's “Activity log fingerprint”.",
    eventsIntact_other:
      "{{file}}: the chain of {{count}} events of envelope {{envelopeId}} is intact: its fingerprint is {{head}} (SHA-256), the proof's “Activity log fingerprint”.",
    eventsBroken:
      "{{file}}: the chain of events is broken at event {{index}} ({{type}}, {{at}}): an event was changed, removed or reordered.",
    eventsHeadMismatch:
      "{{file}}: the chain's head does not match its last event: events were removed or added.",
    eventsCompletedMismatch:
      "{{file}}: the completion event ({{index}}) names another sealed file than the one the proof lists.",
    documentHashMatch:
      "{{file}}: its SHA-256 ({{hash}}) is the one the proof records for the sealed document.",
    documentHashMismatch:
      "{{file}}: its SHA-256 ({{hash}}) is not one the proof records: the proof is about another file, or this file was changed.",
    originalHashMatch:
      "{{file}}: its SHA-256 ({{hash}}) is the one the proof records for the original document.",
    originalHashMismatch:
      "{{file}}: its SHA-256 ({{hash}}) is not one the proof records for the original document.",
    coverageValidationData:
      "{{file}}, signature “{{name}}”: the revisions after it only add validation data and document timestamps (PAdES B-LT and B-LTA); nothing it signed was changed.",
    coverageModifiedAfter:
      "{{file}}, signature “{{name}}”: the file was changed after it was signed: {{reason}}.",
    documentTimestampValid:
      "{{file}}, document timestamp “{{name}}”: {{tsa}} proves that the file up to it, its validation data included, existed at {{genTime}}: the token is over those bytes, intact, and the authority's certificate chain leads to the trusted root {{root}}.",
    documentTimestampRootNotChecked:
      "{{file}}, document timestamp “{{name}}”: the token of {{tsa}} ({{genTime}}) is over the file up to it and intact, and the authority's certificate chain is consistent up to {{root}}, but that root was not checked against a trusted certificate (give it with --tsa-ca).",
    documentTimestampImprintMismatch:
      "{{file}}, document timestamp “{{name}}”: the token of {{tsa}} is not over the bytes it covers: the file was changed after it was timestamped.",
    revocationGood:
      "{{file}}, signature “{{name}}”: the certificate {{certificate}} was not revoked at {{date}}, as the file's validation data shows ({{source}} of its issuer, issued at {{issuedAt}}).",
    revocationRevokedLater:
      "{{file}}, signature “{{name}}”: the certificate {{certificate}} was revoked at {{revokedAt}}, after {{date}}, when it was used ({{source}} in the file's validation data).",
    revocationRevoked:
      "{{file}}, signature “{{name}}”: the certificate {{certificate}} was revoked at {{revokedAt}}, before {{date}} ({{source}} in the file's validation data).",
    revocationMissing:
      "{{file}}, signature “{{name}}”: the file's validation data holds no OCSP response nor CRL, signed by its issuer and issued after {{date}}, for the certificate {{certificate}}: its revocation cannot be checked offline.",
    revocationNotNeeded:
      "{{file}}, signature “{{name}}”: the certificate {{certificate}} says its issuer publishes no revocation status for it (a short-lived certificate, RFC 9608): none is needed.",
    levelReached:
      "{{file}}, signature “{{name}}”: PAdES level {{level}} (B-B: signed; B-T: its time proven by a timestamp; B-LT: its validation data in the file; B-LTA: and a document timestamp over them).",
  },
  verdict: {
    valid:
      "Valid: the sealed document and its proof are intact, and sealed with a certificate that leads to a trusted root.",
    rootNotChecked:
      "Intact, root not checked: every check passed, but a seal's certificate, or its timestamp authority's, was not checked against a trusted root, or the seals' certificate was not pinned. Give the certificates you trust with --ca (and --tsa-ca for a timestamp authority), and the platform's seal certificate with --seal-cert.",
    invalid: "Invalid: at least one check failed (marked ✗).",
  },
  usage:
    "Usage: paraphe-verify <sealed.pdf> <proof.pdf> [--ca <certificate.pem> ...] [--tsa-ca <certificate.pem> ...] [--seal-cert <certificate.pem>] [--original <original.pdf>] [--lang en|fr] [--json]\n\nChecks a document sealed by Paraphe and its audit-log proof, offline.\nExit codes: 0 valid, 1 invalid, 2 usage error or unreadable file, 3 intact but the root was not checked (no --ca, or no --tsa-ca for the timestamp authority of a B-T seal) or the seal's certificate not pinned (no --seal-cert).",
  errors: {
    missingFiles: "Give the sealed PDF and its proof PDF.",
    unknownOption: "Unknown option {{option}}.",
    missingValue: "The option {{option}} needs a value.",
    badLanguage: "The language must be en or fr.",
    tooManyCa: "At most {{max}} --ca certificates.",
    tooManyTsaCa: "At most {{max}} --tsa-ca certificates.",
    unreadableFile: "{{path}} cannot be read: {{reason}}.",
    tooLarge: "{{path}} is larger than {{max}} MB.",
    badCertificate: "{{path}} holds no PEM or DER certificate that could be read.",
    sealCertOnce: "Give --seal-cert once, with a file holding one certificate.",
  },
};
