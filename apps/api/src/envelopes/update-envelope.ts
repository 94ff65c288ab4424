import type { updateEnvelopeRequestSchema } from "@paraphe/api-sdk/contract";
import type { Kysely } from "kysely";
import type { z } from "zod";
import type { Database, SigningOrder } from "../db/database";
import { fieldError } from "./command-errors";
import type { EnvelopeDeps } from "./envelope-deps";
import { lockDraftFor, lockEnvelopeFor } from "./envelope-store";
import { envelopeSubject } from "./envelope-access";
import { requirePermission, type Member } from "../membership/members";
import { stepsFor } from "./turns";
import { loadRecipients } from "./views";

/**
 * The title (any status but canceled or declined ones too) and, for drafts, the options (a new
 * signing order puts the recipients in its steps, `restepRecipients`). The
 * status and the role's rules (fields `title` and `options`) are checked on the locked row.
 */
export async function updateEnvelope(
  deps: EnvelopeDeps,
  member: Member,
  envelopeId: string,
  input: Pick<z.infer<typeof updateEnvelopeRequestSchema>, "title" | "options">,
): Promise<void> {
  const options = input.options ?? {};
  const changesOptions = checkOptions(options, deps.now());
  await deps.db.transaction().execute(async (trx) => {
    const envelope = changesOptions
      ? await lockDraftFor(trx, member, envelopeId, "update", "options")
      : await lockEnvelopeFor(trx, member, envelopeId, "update");
    if (input.title !== undefined) {
      requirePermission(member, "update", envelopeSubject(envelope), "title");
    }
    await trx
      .updateTable("envelope")
      .set({
        ...(input.title === undefined ? {} : { title: input.title }),
        ...optionColumns(options),
        updatedAt: new Date(deps.now()),
      })
      .where("id", "=", envelope.id)
      .execute();
    if (options.signingOrder !== undefined) {
      await restepRecipients(trx, envelope.id, options.signingOrder);
    }
  });
}

/**
 * Puts the recipients (or a template's roles) of `envelopeId` in the steps of `signingOrder`
 * (`stepsFor`): a preset rewrites them, custom order keeps the steps they have, without gaps.
 */
export async function restepRecipients(
  trx: Kysely<Database>,
  envelopeId: string,
  signingOrder: SigningOrder,
): Promise<void> {
  const recipients = await loadRecipients(trx, envelopeId);
  const steps = stepsFor(signingOrder, recipients);
  for (const recipient of recipients) {
    const step = steps.get(recipient.id) ?? 1;
    if (step === recipient.step) continue;
    await trx.updateTable("recipient").set({ step }).where("id", "=", recipient.id).execute();
  }
}

type OptionsInput = NonNullable<z.infer<typeof updateEnvelopeRequestSchema>["options"]>;

/**
 * Whether `options` changes anything; VALIDATION_ERROR when it sets an expiry that is already past
 * at `now`. Shared by envelopes and templates.
 */
export function checkOptions(options: OptionsInput, now: number): boolean {
  if (options.expiresAt !== undefined && options.expiresAt !== null) {
    if (new Date(options.expiresAt).getTime() <= now) {
      throw fieldError("options.expiresAt", "in_past");
    }
  }
  return Object.values(options).some((value) => value !== undefined);
}

/** The envelope columns that `options` sets (those it leaves out stay as they are). */
export function optionColumns(options: OptionsInput) {
  return {
    ...(options.signatureLevel === undefined ? {} : { signatureLevel: options.signatureLevel }),
    ...(options.senderName === undefined ? {} : { senderName: options.senderName }),
    ...(options.message === undefined ? {} : { message: options.message }),
    ...(options.initialsOnAllPages === undefined
      ? {}
      : { initialsOnAllPages: options.initialsOnAllPages }),
    ...(options.expiresAt === undefined
      ? {}
      : { expiresAt: options.expiresAt === null ? null : new Date(options.expiresAt) }),
    ...(options.reminderDays === undefined ? {} : { reminderDays: options.reminderDays }),
    ...(options.signingOrder === undefined ? {} : { signingOrder: options.signingOrder }),
    ...(options.allowDelegation === undefined ? {} : { allowDelegation: options.allowDelegation }),
  };
}
