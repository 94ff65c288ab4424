// What a team's own code does with the published SDK and a team API key, in Node or in a browser
// bundle: lists the active templates, creates an envelope from the first one (a person for every
// role, at `recipientDomain`), sends it, and reads its status.
import { createApiClient, isApiError } from "@paraphe/api-sdk";
import { createEvidenceVerifier, parseReferenceValues } from "@paraphe/attestation";

export async function runWithApiKey({
  baseUrl,
  accessKey,
  secretKey,
  referenceValues,
  recipientDomain,
}) {
  const api = createApiClient({
    baseUrl,
    verifyEvidence: createEvidenceVerifier({
      referenceValues: parseReferenceValues(referenceValues),
    }),
    apiKey: { accessKey, secretKey },
  });
  try {
    const { templates } = await api.template.list({ status: "active", limit: 50 });
    const first = templates[0];
    if (first === undefined) throw new Error("no active template");
    const template = await api.template.get({ templateUuid: first.uuid });
    const created = await api.template.createEnvelope({
      templateUuid: template.uuid,
      recipients: template.roles.map((role, index) => ({
        roleUuid: role.uuid,
        email: `sdk-${index}-${Date.now().toString(36)}@${recipientDomain}`,
        firstname: "Grace",
        lastname: `Hopper ${index + 1}`,
      })),
      send: true,
    });
    const envelope = await api.template.envelopeStatus({ envelopeUuid: created.uuid });
    // A key with template permissions only may not list the team's envelopes.
    let envelopesList = "allowed";
    try {
      await api.envelope.list({});
    } catch (error) {
      envelopesList = isApiError(error) ? error.code : String(error);
    }
    return {
      templates: templates.map((t) => t.title),
      envelopeUuid: created.uuid,
      status: envelope.status,
      recipients: envelope.recipients.length,
      envelopesList,
    };
  } finally {
    api.tunnel.destroy();
  }
}
