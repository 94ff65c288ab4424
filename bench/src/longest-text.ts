/**
 * The longest accepted text versus a normal one, through the document engine (in this thread):
 * - stamp: `stampFields` of a one-page PDF with one text field holding a short value, then the
 *   longest value the contract accepts (`FIELD_VALUE_MAX_LENGTH` characters without a space, which
 *   the layout must break between characters and shrink), in the same box;
 * - proof: the audit-log proof layout (`proofModel` + `layoutProofInThisThread`) with eight events
 *   whose user agent is a real browser's, then the longest accepted one (`USER_AGENT_MAX_LENGTH`
 *   characters without a space).
 * The two cases alternate in one loop for a fixed time; the medians and their ratio are printed.
 */
import { FIELD_VALUE_MAX_LENGTH, USER_AGENT_MAX_LENGTH } from "@paraphe/api-sdk/contract";
import {
  type AuditEvent,
  layoutProofInThisThread,
  type ProofInput,
  proofModel,
  type StampField,
  stampFields,
} from "@paraphe/api/documents";
import { makePdf, makeSignaturePng } from "@paraphe/api/testing";
import { median } from "./stats";

export interface LongestTextOptions {
  /** Time spent measuring each pair (after the warm-up). */
  budgetMs: number;
  minIterations: number;
  maxIterations: number;
}

export interface LongestTextResult {
  name: string;
  normal: string;
  longest: string;
  iterations: number;
  normalMs: number;
  longestMs: number;
}

const BROWSER =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";

/** `length` characters without a space, cycling through letters and digits. */
function unbroken(length: number): string {
  const alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
  let text = "";
  for (let index = 0; index < length; index++) text += alphabet[index % alphabet.length];
  return text;
}

async function alternate(
  options: LongestTextOptions,
  normal: () => Promise<unknown>,
  longest: () => Promise<unknown>,
): Promise<{ iterations: number; normalMs: number; longestMs: number }> {
  await normal();
  await longest();
  const normalTimes: number[] = [];
  const longestTimes: number[] = [];
  const deadline = performance.now() + options.budgetMs;
  while (
    normalTimes.length < options.maxIterations &&
    (normalTimes.length < options.minIterations || performance.now() < deadline)
  ) {
    let start = performance.now();
    await normal();
    normalTimes.push(performance.now() - start);
    start = performance.now();
    await longest();
    longestTimes.push(performance.now() - start);
  }
  return {
    iterations: normalTimes.length,
    normalMs: median(normalTimes),
    longestMs: median(longestTimes),
  };
}

export async function runLongestTextBenchmark(
  options: LongestTextOptions,
  log: (line: string) => void,
): Promise<LongestTextResult[]> {
  const pdf = await makePdf({ pages: 1 });
  const field = (value: string): StampField => ({
    page: 0,
    x: 0.1,
    y: 0.5,
    width: 0.3,
    height: 0.04,
    kind: "text",
    value,
  });
  const normalValue = "Lyon, 23 novembre 2026";
  const longestValue = unbroken(FIELD_VALUE_MAX_LENGTH);
  const stamp = await alternate(
    options,
    () => stampFields(pdf, [field(normalValue)]),
    () => stampFields(pdf, [field(longestValue)]),
  );
  log(`longest-text: stamp, ${stamp.iterations} iterations`);

  const person = { name: "Zoë Łukasiewicz-Ñúñez", email: "zoe@example.fr" };
  const proofInput = (userAgent: string): ProofInput => {
    const events: AuditEvent[] = Array.from({ length: 8 }, (_, index) => ({
      type: "envelopeOpened",
      at: new Date(Date.UTC(2026, 10, 23, 10, index)).toISOString(),
      actor: person,
      ip: "2001:db8:85a3::8a2e:370:7334",
      userAgent,
      data: {},
    }));
    return {
      language: "en",
      title: "Service agreement",
      envelopeId: "0b8e4c6e-2f7d-4d8a-9c51-7f3e2a1b9d40",
      originalSha256: "a".repeat(64),
      sealedSha256: "b".repeat(64),
      events,
      signers: [{ ...person, signedAt: new Date("2026-11-23T10:09:00.000Z"), signatureImage }],
      generatedAt: new Date("2026-11-23T10:10:00.000Z"),
      timeZone: "UTC",
    };
  };
  const signatureImage = await makeSignaturePng();
  const longestAgent = unbroken(USER_AGENT_MAX_LENGTH);
  const proof = await alternate(
    options,
    () => layoutProofInThisThread(proofModel(proofInput(BROWSER))),
    () => layoutProofInThisThread(proofModel(proofInput(longestAgent))),
  );
  log(`longest-text: proof, ${proof.iterations} iterations`);

  return [
    {
      name: "stamp a text field",
      normal: `${normalValue.length} characters`,
      longest: `${FIELD_VALUE_MAX_LENGTH} characters, no space`,
      ...stamp,
    },
    {
      name: "proof, 8 events",
      normal: `user agent of ${BROWSER.length} characters`,
      longest: `user agent of ${USER_AGENT_MAX_LENGTH} characters, no space`,
      ...proof,
    },
  ];
}
