import type { Kysely } from "kysely";
import type { Database, EnvelopeRow, RecipientRow } from "../db/database";
import { appendEvent } from "./activity";
import type { EnvelopeDeps } from "./envelope-deps";
import { inviteRecipient } from "./invitations";
import { actingStatus, currentStep, nextToInvite, stepsFor } from "./turns";
import { personOf } from "./views";

/**
 * How the signing steps of an envelope under way move on (`turns.ts` says whose turn it is): the
 * step's start and end are recorded in its activity chain (`stepStarted`, `stepEnded`, each with a
 * webhook event), its status follows who acts (`approving` while an approver of the current step
 * has not approved), and whoever's turn came is invited.
 */

/** How many steps the envelope's recipients make. */
function stepCount(envelope: Pick<EnvelopeRow, "signingOrder">, all: readonly RecipientRow[]) {
  return Math.max(1, ...stepsFor(envelope.signingOrder, all).values());
}

async function recordStep(
  deps: EnvelopeDeps,
  trx: Kysely<Database>,
  envelope: EnvelopeRow,
  all: readonly RecipientRow[],
  type: "stepStarted" | "stepEnded",
  step: number,
  at: Date,
): Promise<void> {
  const steps = stepCount(envelope, all);
  const common = { at: at.toISOString(), actor: null, ip: null, userAgent: null };
  if (type === "stepEnded") {
    await appendEvent(trx, deps.activityKey, envelope.id, {
      type,
      ...common,
      data: { step, steps },
    });
    return;
  }
  const inStep = stepsFor(envelope.signingOrder, all);
  // Copies act in no step: the chain names them apart (`envelopeSent`'s `copied`).
  const recipients = all
    .filter((recipient) => recipient.kind !== "cc" && inStep.get(recipient.id) === step)
    .sort((a, b) => a.position - b.position)
    .map(personOf);
  await appendEvent(trx, deps.activityKey, envelope.id, {
    type,
    ...common,
    data: { step, steps, recipients },
  });
}

/**
 * At sending (the envelope's status already set by `actingStatus`): records that the first
 * step started and invites whoever acts first.
 */
export async function startFirstStep(
  deps: EnvelopeDeps,
  trx: Kysely<Database>,
  envelope: EnvelopeRow,
  all: readonly RecipientRow[],
  at: Date,
): Promise<void> {
  const step = currentStep(envelope, all);
  if (step !== null) await recordStep(deps, trx, envelope, all, "stepStarted", step, at);
  for (const recipient of nextToInvite(envelope, all)) {
    await inviteRecipient(deps, trx, envelope, recipient, at);
  }
}

/**
 * After a recipient acted (`before` and `after` are the envelope's recipients around the action):
 * records the end of the step they completed and the start of the next, sets the envelope's
 * status and invites those whose turn came. Answers whether everyone has acted (the caller then
 * seals the envelope; its status is `signing`).
 */
export async function advanceSteps(
  deps: EnvelopeDeps,
  trx: Kysely<Database>,
  envelope: EnvelopeRow,
  before: readonly RecipientRow[],
  after: readonly RecipientRow[],
  at: Date,
): Promise<{ status: "approving" | "signing"; completed: boolean }> {
  const previous = currentStep(envelope, before);
  const next = currentStep(envelope, after);
  const status = actingStatus(envelope, after);
  if (status !== envelope.status) {
    await trx
      .updateTable("envelope")
      .set({ status, updatedAt: at })
      .where("id", "=", envelope.id)
      .execute();
  }
  if (previous !== null && next !== previous) {
    await recordStep(deps, trx, envelope, after, "stepEnded", previous, at);
  }
  if (next !== null && next !== previous) {
    await recordStep(deps, trx, envelope, after, "stepStarted", next, at);
  }
  for (const recipient of nextToInvite(envelope, after)) {
    if (recipient.invitedAt === null) {
      await inviteRecipient(deps, trx, { ...envelope, status }, recipient, at);
    }
  }
  return { status, completed: next === null };
}
