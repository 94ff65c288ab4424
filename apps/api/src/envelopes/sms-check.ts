import { toE164 } from "@paraphe/api-sdk/contract";
import { smsVerificationAvailable, type Config } from "../config";
import { fieldError } from "./command-errors";

type SmsConfig = Pick<Config, "smsAccountSid" | "smsAuthToken" | "smsFrom" | "nodeEnv">;

/**
 * Why a signer's check by SMS cannot run: `sms_unavailable` (no SMS provider on this deployment),
 * `phone_required_for_sms` (no number in international form); null when it can.
 */
export function smsCheckProblem(
  config: SmsConfig,
  phone: string | null,
): "sms_unavailable" | "phone_required_for_sms" | null {
  if (!smsVerificationAvailable(config)) return "sms_unavailable";
  if (toE164(phone) === null) return "phone_required_for_sms";
  return null;
}

/**
 * Refuses a code by SMS asked of a signer (a recipient or a template role, under `path`) when the
 * deployment has no SMS provider: VALIDATION_ERROR `sms_unavailable` on its `verification`.
 */
export function refuseUnavailableSms(
  config: SmsConfig,
  people: readonly { kind: string; verification: string }[],
  path: "recipients" | "roles",
): void {
  if (smsVerificationAvailable(config)) return;
  people.forEach((person, index) => {
    if (person.kind === "signer" && person.verification === "sms_code") {
      throw fieldError(`${path}.${index}.verification`, "sms_unavailable");
    }
  });
}
