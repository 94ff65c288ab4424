import { describe, expect, it } from "vitest";
import type { RecipientRow, SigningOrder } from "../db/database";
import {
  actingStatus,
  currentStep,
  isTurn,
  nextToInvite,
  renumberSteps,
  stepsFor,
  stepsToStore,
} from "./turns";

type Person = Pick<RecipientRow, "id" | "kind" | "position" | "status" | "step">;

function person(
  id: string,
  kind: Person["kind"],
  position: number,
  step = 1,
  status: Person["status"] = "pending",
): Person {
  return { id, kind, position, step, status };
}

const acted = (recipient: Person): Person => ({
  ...recipient,
  status: recipient.kind === "approver" ? "approved" : "signed",
});

const ids = (recipients: readonly Person[]) => recipients.map((recipient) => recipient.id);

function turns(signingOrder: SigningOrder, all: readonly Person[]): string[] {
  return ids(all.filter((recipient) => isTurn({ signingOrder }, recipient, all)));
}

/** The turn rule before steps existed (approvers first; sequential: by position in each group). */
function previousIsTurn(signingOrder: SigningOrder, recipient: Person, all: readonly Person[]) {
  const done = (other: Person) =>
    other.status === (other.kind === "approver" ? "approved" : "signed");
  if (recipient.kind === "signer" && all.some((o) => o.kind === "approver" && !done(o))) {
    return false;
  }
  if (signingOrder !== "sequential") return true;
  return all
    .filter((other) => other.kind === recipient.kind && other.position < recipient.position)
    .every(done);
}

describe("signing steps", () => {
  it("puts everyone in step 1 in parallel order, approvers still before signers", () => {
    const all = [person("s1", "signer", 1), person("a1", "approver", 2), person("s2", "signer", 3)];
    expect([...stepsFor("parallel", all).values()]).toEqual([1, 1, 1]);
    expect(turns("parallel", all)).toEqual(["a1"]);
    expect(actingStatus({ signingOrder: "parallel" }, all)).toBe("approving");
    const approved = all.map((r) => (r.id === "a1" ? acted(r) : r));
    expect(turns("parallel", approved)).toEqual(["s1", "a1", "s2"]);
    expect(ids(nextToInvite({ signingOrder: "parallel" }, approved))).toEqual(["s1", "s2"]);
    expect(actingStatus({ signingOrder: "parallel" }, approved)).toBe("signing");
  });

  it("gives one step each in sequential order: approvers by position, then signers by position", () => {
    const all = [
      person("s1", "signer", 1),
      person("a1", "approver", 2),
      person("s2", "signer", 3),
      person("a2", "approver", 4),
    ];
    const steps = stepsFor("sequential", all);
    expect(Object.fromEntries(steps)).toEqual({ a1: 1, a2: 2, s1: 3, s2: 4 });
    expect(ids(nextToInvite({ signingOrder: "sequential" }, all))).toEqual(["a1"]);
    const firstApproved = all.map((r) => (r.id === "a1" ? acted(r) : r));
    expect(ids(nextToInvite({ signingOrder: "sequential" }, firstApproved))).toEqual(["a2"]);
  });

  it("matches the turn rule of parallel and sequential order before steps, in every state", () => {
    const base = [
      person("a1", "approver", 1),
      person("s1", "signer", 2),
      person("a2", "approver", 3),
      person("s2", "signer", 4),
      person("s3", "signer", 5),
    ];
    for (const signingOrder of ["parallel", "sequential"] as const) {
      const steps = stepsFor(signingOrder, base);
      const stepped = base.map((r) => ({ ...r, step: steps.get(r.id) ?? 1 }));
      // Every combination of who has acted.
      for (let mask = 0; mask < 2 ** stepped.length; mask++) {
        const all = stepped.map((r, index) => (mask & (1 << index) ? acted(r) : r));
        for (const recipient of all) {
          expect(
            isTurn({ signingOrder }, recipient, all),
            `${signingOrder} ${mask} ${recipient.id}`,
          ).toBe(previousIsTurn(signingOrder, recipient, all));
          // The custom order with the steps the preset gives behaves the same.
          expect(isTurn({ signingOrder: "custom" }, recipient, all)).toBe(
            previousIsTurn(signingOrder, recipient, all),
          );
        }
      }
    }
  });

  it("runs custom steps in order, everyone of a step at once, approvers of a step first", () => {
    // Step 1: an approver; step 2: two signers at once; step 3: a signer.
    let all = [
      person("a", "approver", 1, 1),
      person("s1", "signer", 2, 2),
      person("s2", "signer", 3, 2),
      person("s3", "signer", 4, 3),
    ];
    const order = { signingOrder: "custom" as const };
    expect(currentStep(order, all)).toBe(1);
    expect(ids(nextToInvite(order, all))).toEqual(["a"]);
    expect(actingStatus(order, all)).toBe("approving");
    all = all.map((r) => (r.id === "a" ? acted(r) : r));
    expect(currentStep(order, all)).toBe(2);
    expect(ids(nextToInvite(order, all))).toEqual(["s1", "s2"]);
    expect(actingStatus(order, all)).toBe("signing");
    expect(turns("custom", all)).not.toContain("s3");
    all = all.map((r) => (r.id === "s2" ? acted(r) : r));
    expect(ids(nextToInvite(order, all))).toEqual(["s1"]);
    all = all.map((r) => (r.id === "s1" ? acted(r) : r));
    expect(currentStep(order, all)).toBe(3);
    expect(ids(nextToInvite(order, all))).toEqual(["s3"]);
    all = all.map((r) => (r.id === "s3" ? acted(r) : r));
    expect(currentStep(order, all)).toBeNull();
    expect(nextToInvite(order, all)).toEqual([]);
  });

  it("lets an approver of a later step wait for the signers of an earlier one", () => {
    const order = { signingOrder: "custom" as const };
    let all = [
      person("s1", "signer", 1, 1),
      person("a", "approver", 2, 2),
      person("s2", "signer", 3, 2),
    ];
    expect(ids(nextToInvite(order, all))).toEqual(["s1"]);
    expect(actingStatus(order, all)).toBe("signing");
    all = all.map((r) => (r.id === "s1" ? acted(r) : r));
    // Step 2: its approver before its signer.
    expect(ids(nextToInvite(order, all))).toEqual(["a"]);
    expect(actingStatus(order, all)).toBe("approving");
    expect(turns("custom", all)).not.toContain("s2");
  });

  it("renumbers custom steps without gaps and stores the presets' steps", () => {
    expect(renumberSteps([2, 5, 5, 3])).toEqual([1, 3, 3, 2]);
    const people = [
      { kind: "signer" as const, step: 3 },
      { kind: "approver" as const, step: 1 },
      { kind: "signer" as const, step: 3 },
      { kind: "signer" as const },
    ];
    expect(stepsToStore("custom", people)).toEqual([2, 1, 2, 3]);
    expect(stepsToStore("parallel", people)).toEqual([1, 1, 1, 1]);
    expect(stepsToStore("sequential", people)).toEqual([2, 1, 3, 4]);
  });
});

describe("copies (cc)", () => {
  it("never invites a copy and lets no copy block a step", () => {
    const all = [
      person("s1", "signer", 1, 1),
      person("c1", "cc", 2, 2),
      person("s2", "signer", 3, 3),
    ];
    const order = { signingOrder: "custom" as const };
    // The copy's own step disappears from the numbering: it is listed with the last step.
    expect(Object.fromEntries(stepsFor("custom", all))).toEqual({ s1: 1, s2: 2, c1: 2 });
    expect(ids(nextToInvite(order, all))).toEqual(["s1"]);
    expect(turns("custom", all)).toEqual(["s1"]);
    expect(currentStep(order, all)).toBe(1);
    const first = all.map((r) => (r.id === "s1" ? acted(r) : r));
    expect(ids(nextToInvite(order, first))).toEqual(["s2"]);
    expect(currentStep(order, first)).toBe(2);
    const both = first.map((r) => (r.id === "s2" ? acted(r) : r));
    // Everyone who acts has acted: the envelope completes though the copy did nothing.
    expect(currentStep(order, both)).toBeNull();
    expect(nextToInvite(order, both)).toEqual([]);
  });

  it("leaves copies out of the sequential steps and of the approvers' turn", () => {
    const all = [person("c1", "cc", 1), person("a1", "approver", 2), person("s1", "signer", 3)];
    expect(Object.fromEntries(stepsFor("sequential", all))).toEqual({ a1: 1, s1: 2, c1: 2 });
    expect(Object.fromEntries(stepsFor("parallel", all))).toEqual({ c1: 1, a1: 1, s1: 1 });
    expect(ids(nextToInvite({ signingOrder: "parallel" }, all))).toEqual(["a1"]);
    expect(actingStatus({ signingOrder: "parallel" }, all)).toBe("approving");
    expect(
      stepsToStore("custom", [
        { kind: "cc", step: 1 },
        { kind: "signer", step: 2 },
      ]),
    ).toEqual([1, 1]);
  });
});
