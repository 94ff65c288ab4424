import { AppError } from "../errors/app-error";

/** VALIDATION_ERROR on one field of the request (`path`), with the reason as its message. */
export const fieldError = (path: string, message: string): AppError =>
  new AppError("VALIDATION_ERROR", {
    message: "Some fields are not valid.",
    fields: [{ path, code: "custom", message }],
  });

/** CONFLICT: the signing request's state no longer allows the action (`message` says which). */
export const conflict = (message: string): AppError =>
  new AppError("CONFLICT", { message, suggestion: "Reload the page." });
