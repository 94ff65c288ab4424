import { z } from "zod";
import {
  accessLinkSchema,
  DECLINE_REASON_MAX_LENGTH,
  signEnvelopeResponseSchema,
} from "./envelope";

/**
 * The approver's public calls of the signing link (app-level credential, authorised by the link):
 * an approver reads every page, then approves or rejects before any signer is invited.
 */

/** A rejection reason: required and under 500 characters, like a decline or a cancellation. */
export const REJECT_REASON_MAX_LENGTH = DECLINE_REASON_MAX_LENGTH;

// POST /envelope/approve
export const approveEnvelopeRequestSchema = accessLinkSchema;
export type ApproveEnvelopeRequest = z.input<typeof approveEnvelopeRequestSchema>;
export const approveEnvelopeResponseSchema = signEnvelopeResponseSchema;
export type ApproveEnvelopeResponse = z.infer<typeof approveEnvelopeResponseSchema>;

// POST /envelope/reject: the envelope is declined.
export const rejectEnvelopeRequestSchema = accessLinkSchema.extend({
  reason: z
    .string()
    .trim()
    .min(1, { error: "required" })
    .max(REJECT_REASON_MAX_LENGTH, { error: "too_long" }),
});
export type RejectEnvelopeRequest = z.input<typeof rejectEnvelopeRequestSchema>;
export const rejectEnvelopeResponseSchema = signEnvelopeResponseSchema;
export type RejectEnvelopeResponse = z.infer<typeof rejectEnvelopeResponseSchema>;
