import {
  MAIL_TEXT_KINDS,
  MAIL_TEXT_LANGUAGES,
  type MailText,
  type MailTextKind,
  type PreviewMailTextResponse,
  type mailTextInputSchema,
  type resetMailTextRequestSchema,
} from "@paraphe/api-sdk/contract";
import { serverT } from "@paraphe/i18n";
import type { z } from "zod";
import { requireBrandingAdministrator } from "../branding/branding-access";
import { signerBrandingOf } from "../branding/team-branding";
import type { Language } from "../db/database";
import { completedMail, declinedMail, invitationMail, reminderMail } from "../envelopes/mails";
import type { OutgoingMail } from "../mail/outbox";
import type { Member } from "../membership/members";
import { defaultMailText } from "./default-texts";
import type { MailTextDeps } from "./mail-text-deps";
import { teamMailTextsOf } from "./mail-text-store";
import type { MailTextTemplate } from "./render-mail-text";

type MailTextInput = z.output<typeof mailTextInputSchema>;

function view(kind: MailTextKind, language: Language, saved: MailTextTemplate | null): MailText {
  const text = saved ?? defaultMailText(kind, language);
  return { kind, language, subject: text.subject, body: text.body, isDefault: saved === null };
}

/** `/mail-text/list`: every mail in every language, the team's text or Paraphe's. */
export async function listMailTexts(deps: MailTextDeps, member: Member): Promise<MailText[]> {
  requireBrandingAdministrator(member);
  const saved = await teamMailTextsOf(deps.db, member.teamId);
  return MAIL_TEXT_KINDS.flatMap((kind) =>
    MAIL_TEXT_LANGUAGES.map((language) => view(kind, language, saved(kind, language))),
  );
}

/** `/mail-text/save`: the team's text of one mail in one language (validated by the contract). */
export async function saveMailText(
  deps: MailTextDeps,
  member: Member,
  input: MailTextInput,
): Promise<MailText> {
  requireBrandingAdministrator(member);
  const values = { subject: input.subject, body: input.body, updatedAt: new Date(deps.now()) };
  await deps.db
    .insertInto("teamMailText")
    .values({ teamId: member.teamId, kind: input.kind, language: input.language, ...values })
    .onConflict((oc) => oc.columns(["teamId", "kind", "language"]).doUpdateSet(values))
    .execute();
  return view(input.kind, input.language, { subject: input.subject, body: input.body });
}

/** `/mail-text/reset`: back to Paraphe's text of one mail in one language. */
export async function resetMailText(
  deps: MailTextDeps,
  member: Member,
  input: z.output<typeof resetMailTextRequestSchema>,
): Promise<MailText> {
  requireBrandingAdministrator(member);
  await deps.db
    .deleteFrom("teamMailText")
    .where("teamId", "=", member.teamId)
    .where("kind", "=", input.kind)
    .where("language", "=", input.language)
    .execute();
  return view(input.kind, input.language, null);
}

/**
 * `/mail-text/preview`: the mail a text gives, rendered by the code of the real mail with sample
 * values (the caller as the sender, a sample signer, title and link) and the team's branding.
 * Nothing is saved or sent.
 */
export async function previewMailText(
  deps: MailTextDeps,
  member: Member,
  input: MailTextInput,
): Promise<PreviewMailTextResponse> {
  requireBrandingAdministrator(member);
  const mail = sampleMail(
    input,
    await signerBrandingOf(deps.db, deps.config, member.teamId),
    member,
    deps,
  );
  return { subject: mail.subject, text: mail.text, html: mail.html ?? "" };
}

function sampleMail(
  input: MailTextInput,
  branding: Awaited<ReturnType<typeof signerBrandingOf>>,
  member: Member,
  deps: MailTextDeps,
): OutgoingMail {
  const { language } = input;
  const sample = (key: "signerName" | "signerEmail" | "envelopeTitle" | "reason" | "message") =>
    serverT(language, `mail:mailTextSample.${key}`);
  const text = { subject: input.subject, body: input.body };
  const sender = { name: member.name, email: member.email };
  const to = sample("signerEmail");
  const link = `${deps.config.signUrl}/example`;
  const expiresAt = new Date(deps.now() + 14 * 24 * 60 * 60 * 1000);
  const common = { to, language, sender, title: sample("envelopeTitle"), link, branding, text };
  switch (input.kind) {
    case "invitation":
      return invitationMail({
        ...common,
        message: sample("message"),
        expiresAt,
        recipientName: sample("signerName"),
      });
    case "reminder":
      return reminderMail({ ...common, expiresAt, recipientName: sample("signerName") });
    case "completion":
      return completedMail({ ...common, to: member.email });
    case "decline":
      return declinedMail({
        to: member.email,
        language,
        name: sample("signerName"),
        email: sample("signerEmail"),
        title: sample("envelopeTitle"),
        reason: sample("reason"),
        senderName: member.name,
        branding,
        text,
      });
  }
}
