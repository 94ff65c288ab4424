import { z } from "zod";
import { httpUrl } from "./values";
import { variable } from "./variable";

/**
 * The qualified trust service provider that signers sign with at QES, through the Cloud
 * Signature Consortium API v2 (one provider per deployment).
 */
export const qualifiedSignatureVariables = {
  CSC_BASE_URL: variable({
    key: "cscBaseUrl",
    description:
      "Address of the qualified trust service provider's Cloud Signature Consortium API v2, ending in `/csc/v2` (`https://rssp.example.com/csc/v2`). With CSC_CLIENT_ID and CSC_CLIENT_SECRET, senders may ask for qualified signatures (QES); unset: QES is unavailable.",
    shownWhenUnset: "(unset: qualified signatures are unavailable)",
    parse: httpUrl("https://rssp.example.com/csc/v2").refine(
      (value) => URL.parse(value)?.username === "" && /\/csc\/v2$/.test(value),
      {
        message:
          "must end in /csc/v2 and hold no credentials (set CSC_CLIENT_ID and CSC_CLIENT_SECRET)",
      },
    ),
  }),
  CSC_CLIENT_ID: variable({
    key: "cscClientId",
    description:
      "OAuth 2.0 client ID the provider registered for this deployment (with its redirect URI, see Qualified signatures).",
    parse: z.string().regex(/^[\x21-\x7e]{1,256}$/, {
      message: "must be 1 to 256 printable characters without spaces",
    }),
  }),
  CSC_CLIENT_SECRET: variable({
    key: "cscClientSecret",
    description:
      "OAuth 2.0 client secret of CSC_CLIENT_ID (never printed; sent only to the provider's token endpoint).",
    secret: true,
    parse: z.string().max(1024, { message: "must be at most 1024 characters" }),
  }),
};
