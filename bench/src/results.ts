/**
 * The benchmarks' results as JSON files (bench/results/<name>.json), each with the machine it ran
 * on, and the goal lines printed under the tables.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const RESULTS_DIR = fileURLToPath(new URL("../results/", import.meta.url));

export interface Machine {
  cpu: string;
  cores: number;
  memoryBytes: number;
  node: string;
  platform: string;
  loadAverage: number[];
}

export function machine(): Machine {
  return {
    cpu: os.cpus()[0]?.model ?? "unknown CPU",
    cores: os.cpus().length,
    memoryBytes: os.totalmem(),
    node: process.versions.node,
    platform: `${os.platform()} ${os.release()} ${os.arch()}`,
    loadAverage: os.loadavg(),
  };
}

export interface Goal {
  /** What is compared, and the goal ("100k list p50 / 1k list p50 ≤ 1.5x"). */
  name: string;
  measured: number;
  limit: number;
  /** "max": the measured value must be at most the limit; "min": at least. */
  kind: "max" | "min";
  met: boolean;
  /** Why it is missed (null when met). */
  why: string | null;
}

/** A goal and whether this run meets it; `why` is kept only when it is missed. */
export function goal(
  name: string,
  measured: number,
  limit: number,
  kind: "max" | "min",
  why: string,
): Goal {
  const met = Number.isFinite(measured) && (kind === "max" ? measured <= limit : measured >= limit);
  return { name, measured, limit, kind, met, why: met ? null : why };
}

/** The lines printed under a table: each goal, met or missed, and why when missed. */
export function formatGoals(goals: readonly Goal[], unit: (value: number) => string): string {
  return goals
    .map((item) => {
      const sign = item.kind === "max" ? "≤" : "≥";
      const head = `goal ${item.met ? "met   " : "MISSED"}  ${item.name}: ${unit(item.measured)} (goal ${sign} ${unit(item.limit)})`;
      return item.why === null ? head : `${head}\n        why: ${item.why}`;
    })
    .join("\n");
}

/** Writes bench/results/<name>.json: the run's options, the machine, the results and goals. */
export function writeResult(
  name: string,
  data: { quick: boolean; options?: unknown; results: unknown; goals?: readonly Goal[] },
): string {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `${name}.json`);
  writeFileSync(
    file,
    `${JSON.stringify(
      { benchmark: name, date: new Date().toISOString(), machine: machine(), ...data },
      null,
      2,
    )}\n`,
  );
  return file;
}
