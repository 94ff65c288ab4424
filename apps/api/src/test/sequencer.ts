/**
 * The order in which vitest starts the api's test files: the longest first, so that the two
 * workers finish together rather than one running a long file alone at the end. Vitest orders
 * files by their last duration when it has one (its cache), and otherwise (a fresh clone, CI) by
 * size, which puts the fuzzing suite, a short file that runs for minutes, near the end. Not part of
 * the server.
 */
import path from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The files that run longest, longest first (measured on a 2-core CI machine with
 * TEST_DATABASE_URL set; paths from the api's folder). Keep it to the files that run for tens of
 * seconds: the rest follow in vitest's own order.
 */
export const LONGEST_FILES: readonly string[] = [
  "src/test/fuzz/fuzz.test.ts",
  "src/test/faults/faults.test.ts",
  "src/test/access-matrix.test.ts",
  "src/replicas.test.ts",
  "src/envelopes/offline-verify.test.ts",
  "src/webhooks/webhooks.test.ts",
  "src/templates/templates.test.ts",
  "src/documents/worker-pool.test.ts",
  "src/envelopes/draft-races.test.ts",
  "src/sso/single-sign-on.test.ts",
];

/** Where `file` (absolute) stands in {@link LONGEST_FILES}, or the list's length when absent. */
export function longRank(root: string, file: string): number {
  const rank = LONGEST_FILES.indexOf(path.relative(root, file).split(path.sep).join("/"));
  return rank === -1 ? LONGEST_FILES.length : rank;
}

export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // Array.prototype.sort is stable: the other files keep vitest's order.
    return sorted.sort(
      (a, b) =>
        longRank(a.project.config.root, a.moduleId) - longRank(b.project.config.root, b.moduleId),
    );
  }
}
