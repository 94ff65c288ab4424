import { lazy } from "react";

// What the signing page shows once the envelope is open arrives as chunks of its own: `main.tsx`
// starts their download with the first paint, so they are there when `/envelope/open` answers.
export const loadSigningWorkspace = () => import("./components/signing-workspace");
export const loadEnvelopeStatusPage = () => import("./components/envelope-status-page");

export const SigningWorkspace = lazy(() =>
  loadSigningWorkspace().then((module) => ({ default: module.SigningWorkspace })),
);
export const EnvelopeStatusPage = lazy(() =>
  loadEnvelopeStatusPage().then((module) => ({ default: module.EnvelopeStatusPage })),
);
