/**
 * Signs in to Paraphe from a Node script with an email code, then reads the profile.
 *
 *   PARAPHE_API_URL=http://localhost:3000 PARAPHE_EMAIL=ada@example.com \
 *   PARAPHE_REFERENCE_VALUES_FILE=../../apps/api/dist/reference-values.json \
 *     node examples/sign-in.ts
 *
 * (Node 22.18 or later runs TypeScript as it is; on Node 20: `npx tsx examples/sign-in.ts`.)
 * The script asks for the code that arrives by mail (with `npm start`: the development mailbox).
 * The reference values are those of the api's build (`apps/api/dist/reference-values.json`, or the
 * file published with the release): never ask the server you check for them.
 */
import { readFile } from "node:fs/promises";
import { createInterface } from "node:readline/promises";
import { createEvidenceVerifier, parseReferenceValues } from "@paraphe/attestation";
import { createApiClient, DEFAULT_APP_CREDENTIALS, type SigningCredential } from "@paraphe/api-sdk";
import type { UserProfile } from "@paraphe/api-sdk/contract";

export interface SignInOptions {
  baseUrl: string;
  email: string;
  /** Answers the code mailed to `email`. */
  readCode: (email: string) => Promise<string>;
  /** The reference values of the api's build, which its evidence must match. */
  referenceValues: Record<string, string>;
}

export async function signInAndReadProfile(options: SignInOptions): Promise<UserProfile> {
  const { baseUrl } = options;
  let credential: SigningCredential | null = null;
  const api = createApiClient({
    baseUrl,
    // The reference values of the api's build; the status says what was really verified.
    verifyEvidence: createEvidenceVerifier({ referenceValues: options.referenceValues }),
    appCredential: DEFAULT_APP_CREDENTIALS.web,
    credential: () => credential,
  });

  await api.authentication.requestCode({ email: options.email, language: "en" });
  const code = await options.readCode(options.email);
  const session = await api.authentication.verifyCode({ email: options.email, code });
  credential = session; // { accessKey, secretKey }: keep it to make further calls
  return api.user.profile({});
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const prompt = createInterface({ input: process.stdin, output: process.stdout });
  const profile = await signInAndReadProfile({
    baseUrl: process.env.PARAPHE_API_URL ?? "http://localhost:3000",
    email: process.env.PARAPHE_EMAIL ?? "ada@example.com",
    readCode: (email) => prompt.question(`Code sent to ${email}: `),
    referenceValues: parseReferenceValues(
      JSON.parse(
        await readFile(
          process.env.PARAPHE_REFERENCE_VALUES_FILE ?? "../../apps/api/dist/reference-values.json",
          "utf8",
        ),
      ),
    ),
  });
  prompt.close();
  console.log(`Signed in as ${profile.email}; team: ${profile.team?.name ?? "(none yet)"}`);
}
