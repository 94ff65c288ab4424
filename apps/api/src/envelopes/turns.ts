import type { EnvelopeRow, RecipientRow, SigningOrder } from "../db/database";

/**
 * Whose turn it is. Recipients belong to numbered steps (from 1): the steps run in order, everyone
 * of a step is invited at once, and the next step starts when the whole step has acted. Inside a
 * step, approvers act before its signers. The envelope's signing order is a preset of steps:
 * parallel puts everyone in step 1 (approvers still before signers), sequential gives each
 * recipient their own step (approvers by position, then signers by position), custom keeps the
 * steps the sender chose (`recipient.step`).
 *
 * Copies (`cc`) never act: they count as having acted from the start, so they are never invited,
 * and a step is whole when its signers and approvers have acted (a step holding only copies
 * blocks nothing). They take no step of their own: steps are numbered over the people who act,
 * and copies are listed with the last step (they receive the result when it ends).
 */

type TurnRecipient = Pick<RecipientRow, "id" | "kind" | "position" | "status" | "step">;
type StepRecipient = Pick<RecipientRow, "id" | "kind" | "position" | "step">;

/** The status a recipient of `kind` reaches by doing their part. */
const ACTED: Record<Exclude<RecipientRow["kind"], "cc">, RecipientRow["status"]> = {
  approver: "approved",
  signer: "signed",
  viewer: "viewed",
};

/**
 * Whether `recipient` has done their part (an approver approved, a signer signed, a viewer read
 * every page and marked the document read); a copy has nothing to do.
 */
export function hasActed(recipient: Pick<RecipientRow, "kind" | "status">): boolean {
  if (recipient.kind === "cc") return true;
  return recipient.status === ACTED[recipient.kind];
}

/**
 * The step of each recipient (by id) under `signingOrder`: 1 for everyone in parallel order; one
 * step each in sequential order, approvers by position first, then signers by position; the
 * recipients' own steps in custom order, renumbered from 1 without gaps (steps 2, 5, 5 become
 * 1, 2, 2). Copies are left out of the numbering and given the last step.
 */
export function stepsFor(
  signingOrder: SigningOrder,
  recipients: readonly StepRecipient[],
): Map<string, number> {
  const steps = actingSteps(
    signingOrder,
    recipients.filter((recipient) => recipient.kind !== "cc"),
  );
  const last = Math.max(1, ...steps.values());
  for (const recipient of recipients) if (recipient.kind === "cc") steps.set(recipient.id, last);
  return steps;
}

/** `stepsFor` of the signers and approvers. */
function actingSteps(
  signingOrder: SigningOrder,
  recipients: readonly StepRecipient[],
): Map<string, number> {
  const steps = new Map<string, number>();
  if (signingOrder === "parallel") {
    for (const recipient of recipients) steps.set(recipient.id, 1);
    return steps;
  }
  if (signingOrder === "sequential") {
    const ordered = [...recipients].sort(
      (a, b) =>
        Number(b.kind === "approver") - Number(a.kind === "approver") || a.position - b.position,
    );
    ordered.forEach((recipient, index) => steps.set(recipient.id, index + 1));
    return steps;
  }
  const numbers = renumberSteps(recipients.map((recipient) => recipient.step));
  recipients.forEach((recipient, index) => steps.set(recipient.id, numbers[index] ?? 1));
  return steps;
}

/**
 * The steps to store for people given in order (`kind`, and `step` when the sender chose one; a
 * person without one takes their position) under `signingOrder` (see `stepsFor`).
 */
export function stepsToStore(
  signingOrder: SigningOrder,
  people: readonly { kind: RecipientRow["kind"]; step?: number | undefined }[],
): number[] {
  const rows = people.map((person, index) => ({
    id: String(index),
    kind: person.kind,
    position: index + 1,
    step: person.step ?? index + 1,
  }));
  const steps = stepsFor(signingOrder, rows);
  return rows.map((row) => steps.get(row.id) ?? 1);
}

/** `steps` renumbered from 1 without gaps, keeping their order: [2, 5, 5, 3] -> [1, 3, 3, 2]. */
export function renumberSteps(steps: readonly number[]): number[] {
  const distinct = [...new Set(steps)].sort((a, b) => a - b);
  const rank = new Map(distinct.map((step, index) => [step, index + 1]));
  return steps.map((step) => rank.get(step) ?? 1);
}

/**
 * The step whose recipients act now: the lowest step with someone who has not acted; null once
 * everyone has.
 */
export function currentStep(
  envelope: Pick<EnvelopeRow, "signingOrder">,
  all: readonly TurnRecipient[],
): number | null {
  const steps = stepsFor(envelope.signingOrder, all);
  let current: number | null = null;
  for (const recipient of all) {
    if (hasActed(recipient)) continue;
    const step = steps.get(recipient.id) ?? 1;
    if (current === null || step < current) current = step;
  }
  return current;
}

/**
 * Whether it is `recipient`'s turn to approve (an approver), to sign (a signer) or to read (a
 * viewer); never a copy's.
 */
export function isTurn(
  envelope: Pick<EnvelopeRow, "signingOrder">,
  recipient: TurnRecipient,
  all: readonly TurnRecipient[],
): boolean {
  if (recipient.kind === "cc") return false;
  const steps = stepsFor(envelope.signingOrder, all);
  const step = steps.get(recipient.id) ?? 1;
  return all.every((other) => {
    if (other.id === recipient.id || hasActed(other)) return true;
    const otherStep = steps.get(other.id) ?? 1;
    if (otherStep < step) return false;
    // Inside a step, its approvers act before its signers and viewers.
    return !(otherStep === step && recipient.kind !== "approver" && other.kind === "approver");
  });
}

/**
 * The recipients to invite now, of those who have not acted, by position: those whose turn it is
 * (the approvers of the current step while any has not approved, then its signers).
 */
export function nextToInvite<R extends TurnRecipient>(
  envelope: Pick<EnvelopeRow, "signingOrder">,
  all: readonly R[],
): R[] {
  return [...all]
    .filter((recipient) => !hasActed(recipient) && isTurn(envelope, recipient, all))
    .sort((a, b) => a.position - b.position);
}

/**
 * The status of an envelope under way: `approving` while an approver whose turn it is has not
 * approved, else `signing`.
 */
export function actingStatus(
  envelope: Pick<EnvelopeRow, "signingOrder">,
  all: readonly TurnRecipient[],
): "approving" | "signing" {
  return nextToInvite(envelope, all).some((recipient) => recipient.kind === "approver")
    ? "approving"
    : "signing";
}
