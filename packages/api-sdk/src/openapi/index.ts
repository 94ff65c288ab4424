export {
  generateOpenApiDocument,
  type GenerateOpenApiOptions,
  type OpenApiCredential,
  type OpenApiDocument,
  type OpenApiOperation,
} from "./generate-openapi";
export type { JsonSchema } from "./component-schemas";
