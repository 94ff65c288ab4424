import {
  emailSchema,
  toE164,
  type BulkSendRow,
  type BulkSendRowError,
  type TemplateDetail,
} from "@paraphe/api-sdk/contract";
import { useTranslation } from "@paraphe/i18n/react";
import { toCsv } from "@paraphe/ui-kit";

const PERSON_COLUMNS = ["email", "firstname", "lastname"] as const;

type Role = TemplateDetail["roles"][number];

/** A role whose person passes a code by SMS: its phone column is required. */
const checkedBySms = (role: Role) => role.verification === "sms_code";

/** A role's columns as the file names them: its person's, and the phone of a role checked by SMS. */
function roleColumns(role: Role): string[] {
  return [...PERSON_COLUMNS, ...(checkedBySms(role) ? ["phone"] : [])].map(
    (column) => `${role.label} ${column}`,
  );
}

/**
 * The CSV columns a file must have for a template: `<label> email|firstname|lastname` per role, and
 * `<label> phone` for a role checked by a code by SMS (lower case).
 */
export function bulkSendColumns(template: Pick<TemplateDetail, "roles">): string[] {
  return template.roles.flatMap((role) => roleColumns(role).map((name) => name.toLowerCase()));
}

/** The columns a file may have besides: the phone of the other roles, the title and the message. */
export function optionalBulkSendColumns(template: Pick<TemplateDetail, "roles">): string[] {
  return [
    ...template.roles
      .filter((role) => !checkedBySms(role))
      .map((role) => `${role.label.toLowerCase()} phone`),
    "title",
    "message",
  ];
}

/**
 * An example file: the header and one row per role's people, with the optional columns. Written by
 * the shared CSV writer: a title or a role label that a spreadsheet would run as a formula starts
 * with an apostrophe there.
 */
export function exampleCsv(template: Pick<TemplateDetail, "roles" | "title">): Promise<string> {
  const header = [...template.roles.flatMap(roleColumns), "title", "message"];
  const row = [
    ...template.roles.flatMap((role, index) => [
      `person${index + 1}@example.com`,
      "First",
      role.label,
      ...(checkedBySms(role) ? ["+33 6 12 34 56 78"] : []),
    ]),
    template.title,
    "",
  ];
  const columns = header.map((name, index) => ({
    id: String(index),
    header: name,
    value: (cells: string[]) => cells[index],
  }));
  return toCsv(columns, [row]);
}

/** The row of the request for a row of the file (raw cells: the server checks them). */
export function toRequestRow(
  template: Pick<TemplateDetail, "roles">,
  cells: Record<string, string>,
): BulkSendRow {
  return {
    recipients: template.roles.map((role) => {
      const key = role.label.toLowerCase();
      // The example file writes a number as '+33… (so that a spreadsheet keeps it as text): the
      // apostrophe is not part of it.
      const phone = (cells[`${key} phone`] ?? "").trim().replace(/^'/, "");
      return {
        role: role.label,
        email: cells[`${key} email`] ?? "",
        firstname: cells[`${key} firstname`] ?? "",
        lastname: cells[`${key} lastname`] ?? "",
        ...(phone === "" ? {} : { phone }),
      };
    }),
    ...(cells.title ? { title: cells.title } : {}),
    ...(cells.message ? { message: cells.message } : {}),
  };
}

/** A problem of a row: the reason, and the column and value of the cell, as the report says it. */
export interface RowProblem {
  reason:
    | "invalid_email"
    | "invalid_name"
    | "duplicate_email"
    | "invalid_phone"
    | "missing_phone"
    | "encoding";
  column: string;
  value: string;
}

/** What the server will refuse in a row, said before sending (the row is still sent and reported). */
export function rowProblems(
  template: Pick<TemplateDetail, "roles">,
  cells: Record<string, string>,
): RowProblem[] {
  const problems: RowProblem[] = [];
  // A character the file's encoding could not give (shown as �) is never sent as it is.
  for (const [column, value] of Object.entries(cells)) {
    if (value.includes("\uFFFD")) problems.push({ reason: "encoding", column, value });
  }
  const seen = new Set<string>();
  const people = toRequestRow(template, cells).recipients;
  for (const [index, person] of people.entries()) {
    const key = person.role.toLowerCase();
    const phone = person.phone ?? "";
    if (phone !== "" && toE164(phone) === null) {
      problems.push({ reason: "invalid_phone", column: `${key} phone`, value: phone });
    } else if (phone === "" && template.roles[index] && checkedBySms(template.roles[index])) {
      problems.push({ reason: "missing_phone", column: `${key} phone`, value: "" });
    }
    const email = emailSchema.safeParse(person.email);
    if (!email.success) {
      problems.push({ reason: "invalid_email", column: `${key} email`, value: person.email });
    } else if (seen.has(email.data)) {
      problems.push({ reason: "duplicate_email", column: `${key} email`, value: person.email });
    } else seen.add(email.data);
    for (const field of ["firstname", "lastname"] as const) {
      if (person[field].trim() === "") {
        problems.push({ reason: "invalid_name", column: `${key} ${field}`, value: person[field] });
      }
    }
  }
  return problems;
}

/** The reasons that name one cell (its column and value) in the preview and the report. */
const CELL_REASONS = [
  "invalid_email",
  "invalid_name",
  "duplicate_email",
  "invalid_phone",
  "missing_phone",
  "invalid_text",
  "encoding",
] as const;
type CellReason = (typeof CELL_REASONS)[number];

function isCellReason(reason: string): reason is CellReason {
  return (CELL_REASONS as readonly string[]).includes(reason);
}

/**
 * The text of a row's problem, the same in the preview and the report: the column and the value
 * when the reason names one cell ("Column “employee email”: “bob@” is not an email address."),
 * the reason alone otherwise.
 */
export function useRowProblemText(): (problem: {
  reason: RowProblem["reason"] | BulkSendRowError;
  column: string | null;
  value: string | null;
}) => string {
  const { t } = useTranslation("web");
  return ({ reason, column, value }) =>
    isCellReason(reason) && (column !== null || reason === "encoding")
      ? t(`templates.bulk.cellProblems.${reason}`, {
          column: column ?? "",
          value: value ?? "",
        })
      : t(`templates.bulk.reasons.${reason as BulkSendRowError}`);
}
