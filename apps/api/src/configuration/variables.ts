import { documentVariables } from "./document-variables";
import { messagingVariables } from "./messaging-variables";
import { observabilityVariables } from "./observability-variables";
import { operationVariables } from "./operation-variables";
import { qualifiedSignatureVariables } from "./qualified-signature-variables";
import { serverVariables } from "./server-variables";
import { sessionVariables } from "./session-variables";
import { storageVariables } from "./storage-variables";

/**
 * Every environment variable the api reads, in the order the README documents them: name, value
 * check, default, description and whether it is secret, each written once in the module of its
 * group. The configuration's type, its parsing, the start log and the README's table are made from
 * this table.
 */
export const variables = {
  ...serverVariables,
  ...messagingVariables,
  ...storageVariables,
  ...observabilityVariables,
  ...sessionVariables,
  ...documentVariables,
  ...qualifiedSignatureVariables,
  ...operationVariables,
};

export type VariableName = keyof typeof variables;
