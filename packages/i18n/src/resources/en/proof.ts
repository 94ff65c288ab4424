/** The audit-log proof (certificate of completion), a PDF rendered on the server. */
export const proof = {
  documentTitle: "Certificate of completion",
  productTagline: "Electronic signature",
  heading: "Certificate of completion",
  intro:
    "This certificate records how the document below was signed: who took part, what they did and when, and the fingerprints of the original and sealed files.",
  summary: {
    heading: "Document",
    title: "Title",
    envelopeId: "Envelope ID",
    originalSha256: "Original file (SHA-256)",
    sealedSha256: "Sealed file (SHA-256)",
    completedAt: "Completed",
    generatedAt: "Certificate generated",
    chainFingerprint: "Activity log fingerprint (SHA-256, as paraphe-verify prints it)",
    chainHead: "Activity log, platform key (HMAC-SHA-256, checked by Paraphe)",
    chainCheck: "Activity log check",
  },
  chainCheck: {
    keyed:
      "Each event is chained to the one before with HMAC-SHA-256, under a key that only the Paraphe platform holds; the whole chain checked out when this certificate was generated.",
    rekeyed:
      "Each event is chained to the one before with HMAC-SHA-256, under a key that only the Paraphe platform holds; the whole chain checked out when this certificate was generated. Events recorded before {{date}} were first chained with plain SHA-256: that chain was checked, then keyed, on {{date}}.",
    broken:
      "The activity log’s chain did not check out when this certificate was generated: an event may have been changed after it was recorded.",
  },
  signers: {
    heading: "Signers",
    signedAt: "Signed {{date}}",
    notSigned: "Not signed",
    copied: "In copy (received the result)",
    viewedAt: "Viewed every page {{date}}",
    notViewed: "Did not view every page",
    noSignatureImage: "No signature image",
  },
  events: {
    heading: "Activity log",
    time: "Time",
    event: "Event",
    actor: "By",
    ipAddress: "IP address",
    userAgent: "Device (user agent)",
    platform: "Paraphe",
    notRecorded: "not recorded",
    types: {
      envelopeCreated: "Envelope created",
      envelopeSent: "Sent for signature",
      envelopeOpened: "Opened",
      documentSigned: "Signed",
      envelopeCompleted: "Completed and sealed",
      envelopeDeclined: "Declined",
      documentApproved: "Approved",
      approvalRejected: "Rejected by an approver",
      documentViewed: "Viewed every page",
      signerDelegated: "Delegated",
      envelopeCanceled: "Canceled",
      signerVerified: "Identity checked",
      stepStarted: "Signing step started",
      stepEnded: "Signing step ended",
    },
    titleDetail: "Title: {{title}}",
    templateDetail: "Created from the template: {{title}}",
    apiKeyDetail: "Created through the API key: {{description}}",
    directLinkDetail: "Created from the direct link",
    recipientsDetail: "To: {{recipients}}",
    copiedDetail: "In copy: {{recipients}}",
    reasonDetail: "Reason: {{reason}}",
    viewedDetail: "Every page of every document was read",
    attachmentDetail: "Attachment {{name}} ({{size}} bytes), SHA-256 {{sha256}}",
    advancedSignatureDetail:
      "Advanced electronic signature (AES) of the signer’s own, after the check: {{check}}",
    advancedChecks: {
      email_code: "a one-time code sent to the signer’s email address",
      sms_code: "a one-time code sent by SMS to the signer’s phone",
      account: "signing in to the Paraphe account of the signer’s email address",
    },
    qualifiedSignatureDetail:
      "Qualified electronic signature (QES) of the signer’s own, with their qualified certificate at the trust service provider",
    certificateDetail:
      "Signer certificate {{subject}}, serial number {{serialNumber}}, SHA-256 fingerprint {{fingerprint}}, issued by {{issuer}}",
    delegatedDetail: "{{from}} delegated to {{to}}",
    stepDetail: "Step {{step}} of {{steps}}",
    verificationDetail: "Method: a one-time code sent to the signer’s email address",
    verificationSmsDetail: "Method: a one-time code sent by SMS to the signer’s phone",
    verificationAccountCodeDetail:
      "Method: signed in to the Paraphe account of the signer’s email address, with a one-time code sent to that address",
    verificationAccountPasskeyDetail:
      "Method: signed in to the Paraphe account of the signer’s email address, with a passkey of that account",
    stepRecipientsDetail: "Invited: {{recipients}}",
  },
  verification: {
    heading: "Verification",
    body: "The signed document and this certificate are each sealed with Paraphe’s certificate (PAdES). Any PDF validator can check the seals; the SHA-256 fingerprints above identify the exact files. Times are given in {{timeZone}}.",
  },
  recordDescription:
    "Machine-readable record of this certificate: the documents’ SHA-256 and the activity log chained with SHA-256, checked offline by paraphe-verify.",
  footer: "Envelope {{envelopeId}} · Page {{page}} of {{pages}}",
};
