export {
  ErrorCode,
  errorCatalogue,
  errorCodeSchema,
  errorResponseSchema,
  fieldErrorSchema,
  isErrorCode,
  type ErrorCodeDefinition,
  type ErrorResponse,
  type FieldError,
} from "./errors";
export { HeaderName } from "./headers";
export { healthResponseSchema, type HealthResponse } from "./health";
export {
  devMailboxMessageSchema,
  devMailboxResponseSchema,
  type DevMailboxMessage,
} from "./dev-mailbox";
