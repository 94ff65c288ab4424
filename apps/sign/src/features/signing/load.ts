// What the signing page shows once the envelope is open arrives as chunks of their own: `main.tsx`
// asks for them once the attestation checker is there, so they are there when `/envelope/open`
// answers. Without React, so that the entry can name them.
export const loadSigningWorkspace = () => import("./components/signing-workspace");
export const loadEnvelopeStatusPage = () => import("./components/envelope-status-page");
