/**
 * Calls Paraphe from a Node script with a team API key (created in /settings/api-keys): lists the
 * templates the key may read and, given a template and a recipient, creates an envelope from the
 * template (a person per role), sends it, and reads its status.
 *
 *   PARAPHE_API_URL=http://localhost:3000 \
 *   PARAPHE_ACCESS_KEY=pak_... PARAPHE_SECRET_KEY=... \
 *   PARAPHE_REFERENCE_VALUES_FILE=../../apps/api/dist/reference-values.json \
 *   [PARAPHE_TEMPLATE_UUID=... PARAPHE_RECIPIENT_EMAILS=first@example.com,second@example.com] \
 *     node examples/api-key.ts
 *
 * (Node 22.18 or later runs TypeScript as it is; on Node 20: `npx tsx examples/api-key.ts`.)
 * The secret key is shown once, when the key is created: keep it in a secret store, never in
 * source control or logs.
 */
import { readFile } from "node:fs/promises";
import { createEvidenceVerifier, parseReferenceValues } from "@paraphe/attestation";
import { createApiClient, isApiError, type ApiKeyCredentials } from "@paraphe/api-sdk";
import type { EnvelopeDetail, TemplateSummary } from "@paraphe/api-sdk/contract";

export interface ApiKeyExampleOptions {
  baseUrl: string;
  apiKey: ApiKeyCredentials;
  /** The reference values of the api's build, which its evidence must match. */
  referenceValues: Record<string, string>;
  /**
   * With a template (active) and a person per role, in the roles' order: an envelope is created
   * from it and sent.
   */
  send?: { templateUuid: string; emails: string[] };
}

export interface ApiKeyExampleResult {
  templates: TemplateSummary[];
  envelope: EnvelopeDetail | null;
}

export async function runApiKeyExample(
  options: ApiKeyExampleOptions,
): Promise<ApiKeyExampleResult> {
  const api = createApiClient({
    baseUrl: options.baseUrl,
    verifyEvidence: createEvidenceVerifier({ referenceValues: options.referenceValues }),
    // Every call is signed with the key; a key has no app-level credential.
    apiKey: options.apiKey,
  });
  try {
    const { templates } = await api.template.list({ status: "active", limit: 50 });
    if (options.send === undefined) return { templates, envelope: null };
    const template = await api.template.get({ templateUuid: options.send.templateUuid });
    const { emails } = options.send;
    if (emails.length !== template.roles.length) {
      throw new Error(`The template has ${template.roles.length} roles: give an email for each.`);
    }
    const created = await api.template.createEnvelope({
      templateUuid: template.uuid,
      recipients: template.roles.map((role, index) => ({
        roleUuid: role.uuid,
        email: emails[index] ?? "",
        firstname: "Sam",
        lastname: role.label,
      })),
      send: true,
    });
    // Later, the status of that envelope (the key reads the envelopes it created).
    const envelope = await api.template.envelopeStatus({ envelopeUuid: created.uuid });
    return { templates, envelope };
  } finally {
    api.tunnel.destroy();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const accessKey = process.env.PARAPHE_ACCESS_KEY;
  const secretKey = process.env.PARAPHE_SECRET_KEY;
  if (!accessKey || !secretKey) {
    console.error("Set PARAPHE_ACCESS_KEY and PARAPHE_SECRET_KEY (from /settings/api-keys).");
    process.exit(2);
  }
  const templateUuid = process.env.PARAPHE_TEMPLATE_UUID;
  const emails = process.env.PARAPHE_RECIPIENT_EMAILS?.split(",").map((email) => email.trim());
  try {
    const result = await runApiKeyExample({
      baseUrl: process.env.PARAPHE_API_URL ?? "http://localhost:3000",
      apiKey: { accessKey, secretKey },
      referenceValues: parseReferenceValues(
        JSON.parse(
          await readFile(
            process.env.PARAPHE_REFERENCE_VALUES_FILE ??
              "../../apps/api/dist/reference-values.json",
            "utf8",
          ),
        ),
      ),
      ...(templateUuid && emails ? { send: { templateUuid, emails } } : {}),
    });
    console.log(`Active templates: ${result.templates.length}`);
    for (const template of result.templates) console.log(`- ${template.uuid} ${template.title}`);
    if (result.envelope !== null) {
      console.log(`Envelope ${result.envelope.uuid}: ${result.envelope.status}`);
    }
  } catch (error) {
    // The api's error shape: its code says what to do (see the README's table).
    console.error(isApiError(error) ? `${error.code}: ${error.message}` : error);
    process.exit(1);
  }
}
