import { endpoints } from "@paraphe/api-sdk/contract";
import { envelopeDeps } from "../../deps";
import { rotateDirectLink } from "../../templates/direct-link";
import { handler } from "../endpoint-handler";

/** POST /template/direct-link/rotate: a new token; the old link stops. */
export const templateDirectLinkRotate = handler(
  endpoints.template.rotateDirectLink,
  "member",
  envelopeDeps,
  async ({ input, deps, member }) => rotateDirectLink(deps, member, input.templateUuid),
);
