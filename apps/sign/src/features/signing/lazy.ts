import { lazy } from "react";
import { loadEnvelopeStatusPage, loadSigningWorkspace } from "./load";

export const SigningWorkspace = lazy(() =>
  loadSigningWorkspace().then((module) => ({ default: module.SigningWorkspace })),
);
export const EnvelopeStatusPage = lazy(() =>
  loadEnvelopeStatusPage().then((module) => ({ default: module.EnvelopeStatusPage })),
);
