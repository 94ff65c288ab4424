import { z } from "zod";
import { isHttpUrl, wholeNumber } from "./values";
import { variable } from "./variable";

/** What an upload may hold and how completed documents are sealed and timestamped. */
export const documentVariables = {
  MAX_UPLOAD_BYTES: variable({
    key: "maxUploadBytes",
    description: "Largest PDF an upload accepts, in bytes (20 MB by default).",
    default: "20971520",
    parse: wholeNumber(1024, 1024 * 1024 * 1024),
  }),
  MAX_UPLOAD_PAGES: variable({
    key: "maxUploadPages",
    description: "Most pages a PDF of an upload may have.",
    default: "500",
    parse: wholeNumber(1, 100_000),
  }),
  SEAL_P12_FILE: variable({
    key: "sealP12File",
    description:
      "PKCS#12 (.p12/.pfx) file with the certificate and key that seal completed documents. Unset: a development certificate generated in DATA_DIR/platform-seal (not trusted by validators).",
    parse: z.string(),
  }),
  SEAL_P12_PASSPHRASE: variable({
    key: "sealP12Passphrase",
    description: "Passphrase of SEAL_P12_FILE (never printed).",
    secret: true,
    untrimmed: true,
    parse: z.string(),
  }),
  SIGNER_CA_P12_FILE: variable({
    key: "signerCaP12File",
    description:
      "PKCS#12 (.p12/.pfx) file with the signer certification authority (a CA certificate and its key) that issues each signer a one-hour certificate at the advanced level (AES). Unset: a development authority generated in DATA_DIR/signer-ca outside production; in production, AES is unavailable.",
    parse: z.string(),
  }),
  SIGNER_CA_P12_PASSPHRASE: variable({
    key: "signerCaP12Passphrase",
    description: "Passphrase of SIGNER_CA_P12_FILE (never printed).",
    secret: true,
    untrimmed: true,
    parse: z.string(),
  }),
  TSA_URL: variable({
    key: "tsaUrl",
    description:
      "RFC 3161 timestamp authority. Set: seals are PAdES B-LTA (timestamped, with the validation data of every signature and a document timestamp); unset: B-B.",
    masked: true,
    shownWhenUnset: "(unset: seals are PAdES B-B)",
    parse: z.string().refine(isHttpUrl, {
      message: "must be an http:// or https:// address, for example http://timestamp.example.com",
    }),
  }),
};
