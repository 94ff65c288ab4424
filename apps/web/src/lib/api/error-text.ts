import { isApiError } from "@paraphe/api-sdk";
import { type I18n, type Resources } from "@paraphe/i18n";
import { useTranslation } from "@paraphe/i18n/react";
import { useCallback, useMemo } from "react";

/** Validation words the contract's schemas and the api use as messages (translated under errors:validation). */
const VALIDATION_WORDS = [
  "required",
  "encoding",
  "invalid_email",
  "too_short",
  "too_long",
  "code_length",
  "code_invalid",
  "code_incorrect",
  "code_expired",
  "invalid_phone",
  "invalid_file",
  "invalid_file_type",
  "file_too_large",
  "already_added",
  "outside_page",
  "too_small",
  "not_pdf",
  "too_large",
  "truncated",
  "unreadable",
  "encrypted",
  "too_many_pages",
  "no_pages",
  "too_complex",
  "certified",
  "signatures_not_kept",
  "embedded_files",
  "javascript",
  "automatic_actions",
  "too_many_files",
  "too_many_recipients",
  "too_many_fields",
  "level_unavailable",
  "verification_required",
  "sequential_signers_required",
  "invalid_date",
  "in_past",
  "signature_field_required",
  "not_found",
  "duplicate",
  "name_taken",
  "invalid_color",
  "one_line",
  "image_too_large",
  "same_workspace",
  "too_many_tags",
  "contact_exists",
  "duplicate_email",
  "already_member",
  "already_invited",
  "empty_import",
  "too_many_rows",
  "invalid_url",
  "insecure_url",
  "label_taken",
  "select_all_recipients",
  "template_incomplete",
  "template_without_recipients",
  "https_required",
  "invalid_origin",
  "duplicate_origin",
  "loopback_origin",
  "non_public_address",
  "unresolvable_host",
  "invalid_domain",
  "public_domain",
  "record_not_found",
  "lookup_failed",
  "too_many_domains",
  "invalid_step",
  "step_too_large",
  "phone_required_for_sms",
  "sms_unavailable",
  "unknown_placeholder",
  "link_required",
  "link_in_subject",
  "invalid_host",
  "invalid_port",
] as const;
type ValidationWord = (typeof VALIDATION_WORDS)[number];

function isValidationWord(value: unknown): value is ValidationWord {
  return (VALIDATION_WORDS as readonly unknown[]).includes(value);
}

/** The distinct words of an api error's field problems (all paths). */
export function fieldErrorWords(error: unknown): string[] {
  if (!isApiError(error) || !error.details) return [];
  return [...new Set(error.details.map((item) => item.message || item.code))];
}

/** The words that name a limit (`validationLimits.<word>`) when the api sends `params.limit`. */
const LIMIT_WORDS = [
  "too_long",
  "too_many_files",
  "too_many_recipients",
  "too_many_fields",
  "too_many_tags",
  "too_many_rows",
  "too_many_domains",
] as const;
type LimitWord = (typeof LIMIT_WORDS)[number];

function isLimitWord(value: string): value is LimitWord {
  return (LIMIT_WORDS as readonly string[]).includes(value);
}

/** A field problem's word and the numbers of the limit it names (`params`), when the api sent them. */
export interface FieldProblem {
  word: string;
  params?: Readonly<Record<string, number>>;
}

/** The distinct problems of an api error's field problems (all paths), with their limits. */
export function fieldErrorProblems(error: unknown): FieldProblem[] {
  if (!isApiError(error) || !error.details) return [];
  const byWord = new Map<string, FieldProblem>();
  for (const item of error.details) {
    const word = item.message || item.code;
    if (!byWord.has(word)) byWord.set(word, item.params ? { word, params: item.params } : { word });
  }
  return [...byWord.values()];
}

/**
 * A form field's error (react-hook-form's `errors.<field>`): its word (`message`) and, from the
 * form's resolver or the api, the numbers of the limit it names (`params`).
 */
export interface FormFieldError {
  message?: string;
  params?: Readonly<Record<string, number>>;
}

function limitParamsOf(error: object): Readonly<Record<string, number>> | undefined {
  const params: unknown = (error as { params?: unknown }).params;
  if (typeof params !== "object" || params === null) return undefined;
  const numbers = Object.entries(params).filter(
    (entry): entry is [string, number] => typeof entry[1] === "number",
  );
  return numbers.length === 0 ? undefined : Object.fromEntries(numbers);
}

/**
 * The api's field error for `path` as a form field's error (`form.setError(path, problem)`): its
 * word and the numbers of the limit it names.
 */
export function fieldErrorProblem(
  error: unknown,
  path: string,
): { message: string; params?: Readonly<Record<string, number>> } | undefined {
  const word = fieldErrorWord(error, path);
  if (word === undefined || !isApiError(error)) return undefined;
  const params = error.details?.find((item) => item.path === path)?.params;
  return params === undefined ? { message: word } : { message: word, params };
}

/** The word of the api's field error for `path` (`details[].message`), if the error has one. */
export function fieldErrorWord(error: unknown, path: string): string | undefined {
  if (!isApiError(error)) return undefined;
  const detail = error.details?.find((item) => item.path === path);
  if (!detail) return undefined;
  return isValidationWord(detail.message) ? detail.message : detail.code;
}

/**
 * Texts of errors for the user: an api error shows the translation of its code (never the raw
 * message), a call that got no answer "the server could not be reached", anything else the generic
 * text; a validation word shows errors:validation.<word>, or
 * errors:validationLimits.<word> naming the limit a form field's error or the api's carries.
 */
export function useErrorText() {
  const { t, i18n } = useTranslation("errors");
  const apiError = useCallback(
    (error: unknown): string => {
      if (!isApiError(error)) return t("generic");
      // No answer at all is the network's failure (spec §8's INTERNAL_SERVER_ERROR 500 too); an
      // INTERNAL_SERVER_ERROR the api answered is a failure on its side, and says so.
      if (error.unanswered) return t("unreachable");
      // A conflict says what it conflicts with (the api's `conflict` detail), when the app knows it.
      const reason = error.details?.find((detail) => detail.path === "conflict")?.message;
      if (error.code === "CONFLICT" && reason !== undefined && isConflictReason(i18n, reason)) {
        return t(`conflicts.${reason}`);
      }
      return isTranslatedCode(i18n, error.code) ? t(`codes.${error.code}`) : t("generic");
    },
    [t, i18n],
  );
  const validation = useCallback(
    (
      problem: string | FormFieldError | undefined,
      limits?: Readonly<Record<string, number>>,
    ): string | undefined => {
      const word = typeof problem === "object" ? problem.message : problem;
      const params = typeof problem === "object" ? limitParamsOf(problem) : limits;
      if (word === undefined || word === "") return undefined;
      // A limit the api named is said: "This is too long: the limit is 255 characters."
      if (params?.limit !== undefined && isLimitWord(word)) {
        return t(`validationLimits.${word}`, { count: params.limit });
      }
      return isValidationWord(word) ? t(`validation.${word}`) : t("validation.invalid");
    },
    [t],
  );
  return useMemo(() => ({ apiError, validation }), [apiError, validation]);
}

type TranslatedCode = keyof Resources["errors"]["codes"];

type ConflictReason = keyof Resources["errors"]["conflicts"];

// Asked of the loaded texts (the app downloads its namespaces, it does not bundle them): both
// languages have the same keys (the i18n package's parity tests).
function isConflictReason(i18n: I18n, reason: string): reason is ConflictReason {
  return i18n.exists(`errors:conflicts.${reason}`);
}

function isTranslatedCode(i18n: I18n, code: string): code is TranslatedCode {
  return i18n.exists(`errors:codes.${code}`);
}
