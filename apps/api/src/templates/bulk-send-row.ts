import {
  bulkSendRowSchema,
  type BulkSendPerson,
  createEnvelopeFromTemplateRequestSchema,
  templateRecipientInputSchema,
  type BulkSendRowError,
  type RecipientVerification,
} from "@paraphe/api-sdk/contract";
import type { z } from "zod";

type CreateEnvelopeInput = z.infer<typeof createEnvelopeFromTemplateRequestSchema>;

/**
 * Turns one row of a bulk send into the input of `/template/create-envelope` (with `send`), or
 * the reason it cannot be sent. Roles are matched by label (trimmed, regardless of case); a role
 * whose person is all empty cells counts as missing. The request schema of create-envelope checks
 * the people, title and message, so a rule is written once.
 */
export function prepareBulkSendRow(
  templateUuid: string,
  roles: readonly { id: string; label: string | null; verification: RecipientVerification }[],
  input: unknown,
): { ok: true; request: CreateEnvelopeInput } | { ok: false; reason: BulkSendRowError } {
  const row = bulkSendRowSchema.safeParse(input);
  if (!row.success) return { ok: false, reason: "invalid_text" };
  const byLabel = new Map(roles.map((role) => [(role.label ?? "").trim().toLowerCase(), role.id]));
  const given = new Map<string, BulkSendPerson>();
  for (const person of row.data.recipients) {
    if (isEmptyPerson(person)) continue;
    const roleUuid = byLabel.get(person.role.trim().toLowerCase());
    if (roleUuid === undefined || given.has(roleUuid)) return { ok: false, reason: "unknown_role" };
    given.set(roleUuid, person);
  }
  if (roles.some((role) => !given.has(role.id))) return { ok: false, reason: "missing_recipient" };
  const title = row.data.title?.trim() ?? "";
  const message = row.data.message?.trim() ?? "";
  const parsed = createEnvelopeFromTemplateRequestSchema.safeParse({
    templateUuid,
    recipients: [...given].map(([roleUuid, { email, firstname, lastname, phone }]) => ({
      roleUuid,
      email,
      firstname,
      lastname,
      ...(phone === undefined || phone.trim() === "" ? {} : { phone }),
    })),
    ...(title === "" ? {} : { title }),
    ...(message === "" ? {} : { message }),
    send: true,
  });
  if (parsed.success) {
    // A role checked by a code by SMS needs the number the code goes to.
    const smsRoles = roles.filter((role) => role.verification === "sms_code");
    const byRole = new Map(parsed.data.recipients.map((person) => [person.roleUuid, person]));
    if (smsRoles.some((role) => (byRole.get(role.id)?.phone ?? null) === null)) {
      return { ok: false, reason: "missing_phone" };
    }
    return { ok: true, request: parsed.data };
  }
  const issue = parsed.error.issues[0];
  const [first, , field] = issue?.path ?? [];
  if (first !== "recipients") return { ok: false, reason: "invalid_text" };
  if (issue?.message === "already_added") return { ok: false, reason: "duplicate_email" };
  if (field === "phone") return { ok: false, reason: "invalid_phone" };
  return { ok: false, reason: field === "email" ? "invalid_email" : "invalid_name" };
}

/** A person of a row whose cells are all empty: no one for that role. */
function isEmptyPerson(person: BulkSendPerson): boolean {
  return [person.email, person.firstname, person.lastname, person.phone ?? ""].every(
    (cell) => cell.trim() === "",
  );
}

/** A reported cell: the CSV column (as the web page's file names it) and its value, cut for display. */
export interface BulkSendRowProblemCell {
  column: string;
  value: string;
}

/** The longest value a report shows of a cell (the rest is cut). */
const REPORTED_VALUE_MAX_LENGTH = 100;

function reported(column: string, value: string): BulkSendRowProblemCell {
  return { column, value: value.slice(0, REPORTED_VALUE_MAX_LENGTH) };
}

/**
 * The cell that made a row fail with `reason`, found again from the row's stored input by the same
 * rules as {@link prepareBulkSendRow}: the column `<role label> email|firstname|lastname` (lower
 * case, as in the file; `<role label> phone` for a wrong number), `title` or `message`, and its value. Null when the reason names no one
 * cell (a missing or unknown role, the template or the sender's rights).
 */
export function bulkSendRowProblemCell(
  input: unknown,
  reason: BulkSendRowError,
): BulkSendRowProblemCell | null {
  const row = bulkSendRowSchema.safeParse(input);
  if (!row.success) return null;
  const people = row.data.recipients.filter((person) => !isEmptyPerson(person));
  const column = (role: string, field: string) => `${role.trim().toLowerCase()} ${field}`;
  const shape = templateRecipientInputSchema.shape;
  switch (reason) {
    case "invalid_email": {
      const person = people.find((p) => !shape.email.safeParse(p.email).success);
      return person ? reported(column(person.role, "email"), person.email) : null;
    }
    case "invalid_name": {
      for (const person of people) {
        for (const field of ["firstname", "lastname"] as const) {
          if (!shape[field].safeParse(person[field]).success) {
            return reported(column(person.role, field), person[field]);
          }
        }
      }
      return null;
    }
    case "invalid_phone": {
      const person = people.find(
        (p) => (p.phone ?? "").trim() !== "" && !shape.phone.safeParse(p.phone).success,
      );
      return person ? reported(column(person.role, "phone"), person.phone ?? "") : null;
    }
    case "duplicate_email": {
      const seen = new Set<string>();
      for (const person of people) {
        const email = shape.email.safeParse(person.email);
        if (!email.success) continue;
        if (seen.has(email.data)) return reported(column(person.role, "email"), person.email);
        seen.add(email.data);
      }
      return null;
    }
    case "invalid_text": {
      const request = createEnvelopeFromTemplateRequestSchema.shape;
      const title = row.data.title?.trim() ?? "";
      if (title !== "" && !request.title.safeParse(title).success) return reported("title", title);
      const message = row.data.message?.trim() ?? "";
      if (message !== "" && !request.message.safeParse(message).success) {
        return reported("message", message);
      }
      return null;
    }
    default:
      return null;
  }
}
