import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { fieldErrorProblem, fieldErrorWord } from "../api/error-text";

/**
 * Puts the api's refusal of each of `fields` (its validation `details`) under that field of the
 * form, with the limit it names; the refusal of a field the form does not show stays for the
 * form's own message (see {@link namesAField}).
 */
export function setApiFieldErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  error: unknown,
  fields: readonly Path<T>[],
): void {
  for (const field of fields) {
    const problem = fieldErrorProblem(error, field);
    if (problem) setError(field, problem);
  }
}

/** Whether the api's refusal names one of `fields`: the form then shows it there, not above. */
export function namesAField(error: unknown, fields: readonly string[]): boolean {
  return fields.some((field) => fieldErrorWord(error, field) !== undefined);
}
