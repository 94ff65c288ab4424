import { common } from "./common";
import { errors } from "./errors";
import { mail } from "./mail";
import { proof } from "./proof";
import { security } from "./security";
import { sign } from "./sign";
import { verify } from "./verify";
import { web } from "./web";

export const fr = { common, web, sign, errors, security, mail, proof, verify };
