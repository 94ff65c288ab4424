import type { OpenedEnvelope } from "../../../lib/api";
import type { AccessErrorKind } from "./access-error";

/**
 * What the recipient asked for on the first page's view, before the workspace's code was there: done
 * as the workspace comes, so that nothing they did is lost.
 */
export type SigningIntent =
  | { kind: "sign" }
  | { kind: "decline" }
  | { kind: "delegate" }
  | { kind: "field"; fieldUuid: string };

/** What the signing page shows of the open call, as the page's query has it (or the entry's call). */
export interface OpenedStatus {
  title: string | undefined;
  /** The team's look; undefined while unknown. */
  branding: OpenedEnvelope["branding"] | null | undefined;
  /** Nothing more to do with the link (signed, declined, the envelope ended): it is forgotten. */
  done: boolean;
  errorKind: AccessErrorKind | null;
}
