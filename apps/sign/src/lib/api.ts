import { type SignerApiClient } from "@paraphe/api-sdk";
import { createContext, useContext } from "react";

/** The signing app's api client: the public calls of a signing link and of a direct link only. */
export type SignApi = SignerApiClient;

// The contract's envelope types are not exported by name yet: they are read off the client's calls.
type EnvelopeCalls = SignApi["envelope"];
/** What an access link carries: the envelope, the link's token and its secret. */
export type AccessLink = Parameters<EnvelopeCalls["open"]>[0];
/** The answer of `/envelope/open`: the envelope, this recipient, documents, fields, viewed pages. */
export type OpenedEnvelope = Awaited<ReturnType<EnvelopeCalls["open"]>>;
export type SignerDocument = OpenedEnvelope["documents"][number];
export type SignerField = OpenedEnvelope["fields"][number];
/** A field an earlier recipient completed, drawn read-only. */
export type CompletedField = OpenedEnvelope["completedFields"][number];
export type SignRequest = Parameters<EnvelopeCalls["sign"]>[0];
export type SignatureInput = SignRequest["signature"];

/** The api client, or null while its chunk downloads (`App` provides it). */
export const ApiContext = createContext<SignApi | null>(null);

/** The app's api client; only under a page that waits for it (`App` renders those once it is there). */
export function useApi(): SignApi {
  const api = useContext(ApiContext);
  if (!api)
    throw new Error("useApi must be used inside the App's ApiContext, once the client is loaded");
  return api;
}
