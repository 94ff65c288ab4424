export {
  ErrorCode,
  errorCatalogue,
  errorCodeSchema,
  errorResponseSchema,
  fieldErrorSchema,
  isErrorCode,
  HeaderName,
  type ErrorCodeDefinition,
  type ErrorResponse,
  type FieldError,
} from "./contract";
