import { common } from "./common";
import { errors } from "./errors";
import { mail } from "./mail";
import { proof } from "./proof";
import { security } from "./security";
import { sign } from "./sign";
import { verify } from "./verify";
import { web } from "./web";

/** English, the fallback language: its shape is the type every other language must match. */
export const en = { common, web, sign, errors, security, mail, proof, verify };

export type EnglishResources = typeof en;
