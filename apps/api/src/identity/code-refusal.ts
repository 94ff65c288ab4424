import { AppError } from "../errors/app-error";

/** Why a one-time code (a sign-in code, a signer's check) was refused. */
export type CodeRefusal = "expired" | "attempts" | "incorrect";

const REFUSALS: Record<CodeRefusal, { word: string; message: string; suggestion: string }> = {
  expired: {
    word: "code_expired",
    message: "This code has expired.",
    suggestion: "Ask for a new code: codes are valid for 10 minutes.",
  },
  attempts: {
    word: "code_attempts_exceeded",
    message: "Too many wrong codes were tried: this code no longer works.",
    suggestion: "Ask for a new code.",
  },
  incorrect: {
    word: "code_incorrect",
    message: "This code is not correct.",
    suggestion: "Check the code in the latest email, or ask for a new one.",
  },
};

/**
 * The refusal of a one-time code: VALIDATION_ERROR on the `code` field, with the word the apps
 * translate (`code_expired`, `code_attempts_exceeded`, `code_incorrect`) and what to do next.
 */
export function codeRefusal(kind: CodeRefusal): AppError {
  const { word, message, suggestion } = REFUSALS[kind];
  return new AppError("VALIDATION_ERROR", {
    message,
    suggestion,
    fields: [{ path: "code", code: "custom", message: word }],
  });
}
