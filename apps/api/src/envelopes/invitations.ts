import type { Kysely } from "kysely";
import { signerBrandingOf } from "../branding/team-branding";
import type { Database, EnvelopeRow, Language, RecipientKind } from "../db/database";
import { enqueueMail } from "../mail/outbox";
import { teamMailTextsOf } from "../mail-texts/mail-text-store";
import { currentLinkToken, signingLinkUrl } from "./access-links";
import type { EnvelopeDeps } from "./envelope-deps";
import { mailLanguages } from "./languages";
import { invitationMail } from "./mails";
import { recipientName, senderOf } from "./views";

/**
 * What a mail to recipients of `envelope` (an invitation, a reminder) needs, read inside the
 * transaction that queues it: the sender, each recipient's language (among `emails`), and their
 * signing link with their current token (a link of version 0 moves to a derived one, in `trx`).
 */
export async function recipientMailContext(
  trx: Kysely<Database>,
  deps: Pick<EnvelopeDeps, "config" | "linkKey">,
  envelope: EnvelopeRow,
  emails: readonly string[],
) {
  const sender = await senderOf(trx, envelope);
  const languages = await mailLanguages(trx, [...emails], sender.language);
  return {
    sender,
    /** What the mails show of the envelope's team. */
    branding: await signerBrandingOf(trx, deps.config, envelope.teamId),
    /** The team's own texts of its mails, by mail and language (null: Paraphe's). */
    texts: await teamMailTextsOf(trx, envelope.teamId),
    languageOf: (email: string): Language => languages.get(email) ?? sender.language,
    signingLink: async (recipient: { id: string; linkVersion: number }): Promise<string> =>
      signingLinkUrl(
        deps.config.signUrl,
        deps.linkKey,
        envelope.id,
        await currentLinkToken(trx, deps.linkKey, recipient),
      ),
  };
}

/**
 * Queues the invitation of one recipient (their language) and marks them invited; a copy is never
 * invited (it receives the result on completion).
 */
export async function inviteRecipient(
  deps: EnvelopeDeps,
  trx: Kysely<Database>,
  envelope: EnvelopeRow,
  recipient: {
    id: string;
    email: string;
    linkVersion: number;
    kind: RecipientKind;
    firstname?: string | null;
    lastname?: string | null;
  },
  at: Date,
): Promise<void> {
  if (recipient.kind === "cc") return;
  const context = await recipientMailContext(trx, deps, envelope, [recipient.email]);
  const language = context.languageOf(recipient.email);
  await enqueueMail(
    trx,
    deps.mailKey,
    invitationMail({
      to: recipient.email,
      language,
      recipientName: recipientName({
        firstname: recipient.firstname ?? "",
        lastname: recipient.lastname ?? "",
      }),
      text: context.texts("invitation", language),
      sender: { name: context.sender.name, email: context.sender.email },
      title: envelope.title,
      message: envelope.message,
      expiresAt: envelope.expiresAt,
      kind: recipient.kind,
      link: await context.signingLink(recipient),
      branding: context.branding,
    }),
    { teamId: envelope.teamId, envelopeId: envelope.id, replyTo: context.sender.email },
  );
  await trx
    .updateTable("recipient")
    .set({ invitedAt: at })
    .where("id", "=", recipient.id)
    .execute();
}
