import { createContext, useContext } from "react";
import { type AccessLink } from "../../../lib/api";

/** The access link of the signing page, for the fields that call the api themselves (attachments). */
export const SigningLinkContext = createContext<AccessLink | null>(null);

export function useSigningLink(): AccessLink {
  const link = useContext(SigningLinkContext);
  if (link === null) throw new Error("useSigningLink outside the signing page");
  return link;
}
