import type { Kysely } from "kysely";
import { hasSmsProvider, type Config } from "../config";
import type { Database } from "../db/database";
import { createDevMailboxSmsProvider } from "./dev-mailbox-provider";
import { createHttpSmsProvider } from "./http-provider";
import type { SmsProvider } from "./provider";

/**
 * The deployment's SMS provider: the HTTP provider when SMS_ACCOUNT_SID, SMS_AUTH_TOKEN and
 * SMS_FROM are set; otherwise, outside production, the development mailbox; in production
 * without one, none (the SMS check is unavailable).
 */
export function openSmsProvider(
  config: Pick<Config, "smsProviderUrl" | "smsAccountSid" | "smsAuthToken" | "smsFrom" | "nodeEnv">,
  db: Kysely<Database>,
  mailKey: Buffer,
): SmsProvider | undefined {
  if (hasSmsProvider(config)) {
    return createHttpSmsProvider({
      baseUrl: config.smsProviderUrl,
      accountSid: config.smsAccountSid ?? "",
      authToken: config.smsAuthToken ?? "",
      from: config.smsFrom ?? "",
    });
  }
  if (config.nodeEnv === "production") return undefined;
  return createDevMailboxSmsProvider(db, mailKey, config.smsFrom ?? "Paraphe");
}
