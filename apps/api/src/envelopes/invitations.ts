import type { Kysely } from "kysely";
import type { Database, EnvelopeRow } from "../db/database";
import { enqueueMail } from "../mail/outbox";
import { currentLinkToken, signingLinkUrl } from "./access-links";
import type { EnvelopeDeps } from "./envelope-deps";
import { mailLanguages } from "./languages";
import { invitationMail } from "./mails";
import { senderOf } from "./views";

/** Queues the invitation of one recipient (their language) and marks them invited. */
export async function inviteRecipient(
  deps: EnvelopeDeps,
  trx: Kysely<Database>,
  envelope: EnvelopeRow,
  recipient: { id: string; email: string; linkVersion: number; kind: "signer" | "approver" },
  at: Date,
): Promise<void> {
  const sender = await senderOf(trx, envelope);
  const languages = await mailLanguages(trx, [recipient.email], sender.language);
  await enqueueMail(
    trx,
    deps.mailKey,
    invitationMail({
      to: recipient.email,
      language: languages.get(recipient.email) ?? sender.language,
      sender: { name: sender.name, email: sender.email },
      title: envelope.title,
      message: envelope.message,
      expiresAt: envelope.expiresAt,
      kind: recipient.kind,
      link: signingLinkUrl(
        deps.config.signUrl,
        deps.linkKey,
        envelope.id,
        await currentLinkToken(trx, deps.linkKey, recipient),
      ),
    }),
  );
  await trx
    .updateTable("recipient")
    .set({ invitedAt: at })
    .where("id", "=", recipient.id)
    .execute();
}
