import type { Generated } from "kysely";
import type { GeneratedTimestamp, Timestamp } from "./columns";

/**
 * An SMS waiting to go, or gone (`sms/outbox.ts`): the number readable, the body sealed
 * (`mail/body-sealing.ts`, bound to the number). A `send-sms` job delivers it.
 */
export interface SmsOutboxTable {
  id: Generated<string>;
  toPhone: string;
  /** Sealed: it carries a code. */
  body: string;
  locale: string | null;
  /** The provider's id of the delivered message. */
  messageId: string | null;
  /** When it was delivered; set, it is never sent again. */
  sentAt: Timestamp | null;
  createdAt: GeneratedTimestamp;
  updatedAt: GeneratedTimestamp;
}
