import { endpoint } from "./endpoint";
import {
  approveEnvelopeRequestSchema,
  approveEnvelopeResponseSchema,
  rejectEnvelopeRequestSchema,
  rejectEnvelopeResponseSchema,
} from "./approval";
import {
  listAttachmentsRequestSchema,
  removeAttachmentRequestSchema,
  signerAttachmentsResponseSchema,
  uploadAttachmentRequestSchema,
} from "./attachment";
import {
  confirmDirectLinkRequestSchema,
  confirmDirectLinkResponseSchema,
  openDirectLinkRequestSchema,
  openDirectLinkResponseSchema,
  sendDirectLinkCodeRequestSchema,
  sendDirectLinkCodeResponseSchema,
} from "./direct-link";
import {
  binaryFileSchema,
  checkSignerPasskeyRequestSchema,
  checkSignerPasskeyResponseSchema,
  checkVerificationCodeRequestSchema,
  checkVerificationCodeResponseSchema,
  declineEnvelopeRequestSchema,
  declineEnvelopeResponseSchema,
  delegateEnvelopeRequestSchema,
  delegateEnvelopeResponseSchema,
  downloadSignerDocumentRequestSchema,
  markPageReadRequestSchema,
  markPageReadResponseSchema,
  markReadRequestSchema,
  markReadResponseSchema,
  openEnvelopeRequestSchema,
  openEnvelopeResponseSchema,
  qesAuthorizeRequestSchema,
  qesAuthorizeResponseSchema,
  qesCredentialsRequestSchema,
  qesCredentialsResponseSchema,
  sendVerificationCodeRequestSchema,
  sendVerificationCodeResponseSchema,
  signEnvelopeRequestSchema,
  signEnvelopeResponseSchema,
  signerPasskeyOptionsRequestSchema,
  signerPasskeyOptionsResponseSchema,
} from "./envelope";

/**
 * The public calls of a signing link and of a template's direct link (the app-level credential;
 * the link authorises them): what the signing app calls, and all it bundles of the contract's
 * table (`createSignerApiClient`). The full table (`endpoints`) has them under the same names.
 */
export const signerEndpoints = {
  envelope: {
    open: endpoint("/envelope/open", openEnvelopeRequestSchema, openEnvelopeResponseSchema),
    downloadSignerDocument: endpoint(
      "/envelope/download-signer-document",
      downloadSignerDocumentRequestSchema,
      binaryFileSchema,
    ),
    markPageRead: endpoint(
      "/envelope/mark-page-read",
      markPageReadRequestSchema,
      markPageReadResponseSchema,
    ),
    sendVerificationCode: endpoint(
      "/envelope/verification/send",
      sendVerificationCodeRequestSchema,
      sendVerificationCodeResponseSchema,
    ),
    checkVerificationCode: endpoint(
      "/envelope/verification/check",
      checkVerificationCodeRequestSchema,
      checkVerificationCodeResponseSchema,
    ),
    signerPasskeyOptions: endpoint(
      "/envelope/verification/passkey-options",
      signerPasskeyOptionsRequestSchema,
      signerPasskeyOptionsResponseSchema,
    ),
    checkSignerPasskey: endpoint(
      "/envelope/verification/passkey-check",
      checkSignerPasskeyRequestSchema,
      checkSignerPasskeyResponseSchema,
    ),
    qesAuthorize: endpoint(
      "/envelope/qes/authorize",
      qesAuthorizeRequestSchema,
      qesAuthorizeResponseSchema,
    ),
    qesCredentials: endpoint(
      "/envelope/qes/credentials",
      qesCredentialsRequestSchema,
      qesCredentialsResponseSchema,
    ),
    sign: endpoint("/envelope/sign", signEnvelopeRequestSchema, signEnvelopeResponseSchema),
    decline: endpoint(
      "/envelope/decline",
      declineEnvelopeRequestSchema,
      declineEnvelopeResponseSchema,
    ),
    approve: endpoint(
      "/envelope/approve",
      approveEnvelopeRequestSchema,
      approveEnvelopeResponseSchema,
    ),
    reject: endpoint("/envelope/reject", rejectEnvelopeRequestSchema, rejectEnvelopeResponseSchema),
    markRead: endpoint("/envelope/mark-read", markReadRequestSchema, markReadResponseSchema),
    delegate: endpoint(
      "/envelope/delegate",
      delegateEnvelopeRequestSchema,
      delegateEnvelopeResponseSchema,
    ),
    uploadAttachment: endpoint(
      "/envelope/upload-attachment",
      uploadAttachmentRequestSchema,
      signerAttachmentsResponseSchema,
    ),
    listAttachments: endpoint(
      "/envelope/list-attachments",
      listAttachmentsRequestSchema,
      signerAttachmentsResponseSchema,
    ),
    removeAttachment: endpoint(
      "/envelope/remove-attachment",
      removeAttachmentRequestSchema,
      signerAttachmentsResponseSchema,
    ),
  },
  directLink: {
    open: endpoint("/direct-link/open", openDirectLinkRequestSchema, openDirectLinkResponseSchema),
    sendCode: endpoint(
      "/direct-link/send-code",
      sendDirectLinkCodeRequestSchema,
      sendDirectLinkCodeResponseSchema,
    ),
    confirm: endpoint(
      "/direct-link/confirm",
      confirmDirectLinkRequestSchema,
      confirmDirectLinkResponseSchema,
    ),
  },
} as const;

export type SignerEndpoints = typeof signerEndpoints;
