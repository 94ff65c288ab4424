export {
  DEFAULT_WEBHOOK_TOLERANCE_SECONDS,
  signWebhookPayload,
  verifyWebhookSignature,
  WEBHOOK_ID_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMESTAMP_HEADER,
  type VerifyWebhookSignatureInput,
  type VerifyWebhookSignatureResult,
  type WebhookSignatureFailure,
} from "./verify-webhook-signature";
