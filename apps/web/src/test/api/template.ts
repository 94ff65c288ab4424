import { type TemplateDetail, type TemplateSummary } from "@paraphe/api-sdk/contract";
import { DOCUMENT_UUID, envelopeDetail, WORKSPACE_MAIN } from "./envelope";

/** Fixtures of templates (envelopes of kind template). */

export const TEMPLATE_UUID = "9a4c5d6e-5555-4e5e-8e5e-000000000001";
export const ROLE_EMPLOYEE = "9a4c5d6e-6666-4f6f-8f6f-000000000001";
export const ROLE_MANAGER = "9a4c5d6e-6666-4f6f-8f6f-000000000002";

export function templateSummary(overrides: Partial<TemplateSummary> = {}): TemplateSummary {
  return {
    uuid: TEMPLATE_UUID,
    workspaceUuid: WORKSPACE_MAIN.uuid,
    title: "Onboarding",
    status: "active",
    owner: { name: "Léa Martin", email: "lea.martin@example.com" },
    roleCount: 2,
    firstDocumentUuid: DOCUMENT_UUID,
    tags: [],
    createdAt: "2026-03-01T09:00:00.000Z",
    updatedAt: "2026-03-02T09:00:00.000Z",
    ...overrides,
  };
}

export function templateDetail(overrides: Partial<TemplateDetail> = {}): TemplateDetail {
  const { documents, options } = envelopeDetail();
  return {
    ...templateSummary(),
    documents,
    options,
    roles: [
      { uuid: ROLE_EMPLOYEE, label: "Employee", kind: "signer", order: 1, step: 1 },
      { uuid: ROLE_MANAGER, label: "Manager", kind: "signer", order: 2, step: 1 },
    ],
    fields: [],
    ...overrides,
  };
}
