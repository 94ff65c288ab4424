import {
  bulkSendRowSchema,
  createEnvelopeFromTemplateRequestSchema,
  templateRecipientInputSchema,
  type BulkSendRowError,
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
  roles: readonly { id: string; label: string | null }[],
  input: unknown,
): { ok: true; request: CreateEnvelopeInput } | { ok: false; reason: BulkSendRowError } {
  const row = bulkSendRowSchema.safeParse(input);
  if (!row.success) return { ok: false, reason: "invalid_text" };
  const byLabel = new Map(roles.map((role) => [(role.label ?? "").trim().toLowerCase(), role.id]));
  const given = new Map<string, { email: string; firstname: string; lastname: string }>();
  for (const person of row.data.recipients) {
    if ([person.email, person.firstname, person.lastname].every((cell) => cell.trim() === "")) {
      continue;
    }
    const roleUuid = byLabel.get(person.role.trim().toLowerCase());
    if (roleUuid === undefined || given.has(roleUuid)) return { ok: false, reason: "unknown_role" };
    given.set(roleUuid, person);
  }
  if (roles.some((role) => !given.has(role.id))) return { ok: false, reason: "missing_recipient" };
  const title = row.data.title?.trim() ?? "";
  const message = row.data.message?.trim() ?? "";
  const parsed = createEnvelopeFromTemplateRequestSchema.safeParse({
    templateUuid,
    recipients: [...given].map(([roleUuid, person]) => ({ roleUuid, ...person })),
    ...(title === "" ? {} : { title }),
    ...(message === "" ? {} : { message }),
    send: true,
  });
  if (parsed.success) return { ok: true, request: parsed.data };
  const issue = parsed.error.issues[0];
  const [first, , field] = issue?.path ?? [];
  if (first !== "recipients") return { ok: false, reason: "invalid_text" };
  if (issue?.message === "already_added") return { ok: false, reason: "duplicate_email" };
  return { ok: false, reason: field === "email" ? "invalid_email" : "invalid_name" };
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
 * case, as in the file), `title` or `message`, and its value. Null when the reason names no one
 * cell (a missing or unknown role, the template or the sender's rights).
 */
export function bulkSendRowProblemCell(
  input: unknown,
  reason: BulkSendRowError,
): BulkSendRowProblemCell | null {
  const row = bulkSendRowSchema.safeParse(input);
  if (!row.success) return null;
  const people = row.data.recipients.filter(
    (person) => ![person.email, person.firstname, person.lastname].every((c) => c.trim() === ""),
  );
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
