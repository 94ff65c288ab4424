/**
 * Request examples shown in the document, by path. Each one is accepted by its call's request
 * schema (a test parses every one), so an example cannot drift from what the api takes.
 */
export const requestExamples: Readonly<Record<string, unknown>> = {
  "/authentication/request-code": { email: "ada@example.com", language: "en" },
  "/user/profile": {},
  "/envelope/list": { filter: "signing", limit: 25 },
  "/envelope/get": { envelopeUuid: "0b9f3e2c-8c4d-4f6a-9a51-2d7e4c1f8b30" },
  "/tag/create": { name: "Contracts", color: "#2563eb" },
  "/envelope/decline": {
    envelopeUuid: "0b9f3e2c-8c4d-4f6a-9a51-2d7e4c1f8b30",
    token: "f3Qm9xV2pL7sKd4TgH1bNc",
    secretKey: "Yw8rEz5uJq2hMa6XoP0vLi",
    reason: "The start date is wrong.",
  },
};
