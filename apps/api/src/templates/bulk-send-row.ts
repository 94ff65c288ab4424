import {
  bulkSendRowSchema,
  createEnvelopeFromTemplateRequestSchema,
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
