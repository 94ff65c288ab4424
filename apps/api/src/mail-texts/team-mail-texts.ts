import {
  MAIL_TEXT_KINDS,
  MAIL_TEXT_LANGUAGES,
  type MailText,
  type MailTextKind,
  type PreviewMailTextResponse,
  type mailTextInputSchema,
  type resetMailTextRequestSchema,
  type SignerBranding,
} from "@paraphe/api-sdk/contract";
import type { z } from "zod";
import { requireBrandingAdministrator } from "../branding/branding-access";
import { signerBrandingOf } from "../branding/team-branding";
import type { Language } from "../db/database";
import type { Member } from "../membership/members";
import { defaultMailText } from "./default-texts";
import type { MailTextDeps } from "./mail-text-deps";
import { teamMailTextsOf } from "./mail-text-store";
import type { MailTextTemplate } from "./render-mail-text";

export type MailTextInput = z.output<typeof mailTextInputSchema>;

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
 * What renders a text as its mail with sample values: the envelope mails' own code
 * (`envelopes/mail-text-preview.ts`, given by the route, so that this folder does not import the
 * envelopes').
 */
export type SampleMailRenderer = (
  input: MailTextInput,
  sample: {
    branding: SignerBranding;
    sender: { name: string; email: string };
    signUrl: string;
    now: number;
  },
) => { subject: string; text: string; html?: string | undefined };

/**
 * `/mail-text/preview`: the mail a text gives, rendered by the code of the real mail with sample
 * values (the caller as the sender, a sample signer, title and link) and the team's branding.
 * Nothing is saved or sent.
 */
export async function previewMailText(
  deps: MailTextDeps,
  member: Member,
  input: MailTextInput,
  render: SampleMailRenderer,
): Promise<PreviewMailTextResponse> {
  requireBrandingAdministrator(member);
  const mail = render(input, {
    branding: await signerBrandingOf(deps.db, deps.config, member.teamId),
    sender: { name: member.name, email: member.email },
    signUrl: deps.config.signUrl,
    now: deps.now(),
  });
  return { subject: mail.subject, text: mail.text, html: mail.html ?? "" };
}
