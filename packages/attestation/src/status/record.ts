// The attestation record and its payloads, read without zod: the security button of every page
// reads them at once, and zod is not part of the apps' first load. `schema.ts` holds the same shapes
// as zod schemas, for the apps that validate with them.

/** The overall statuses the spec names (§4); any other string is shown with the default text. */
export type AttestationOverallStatus = "Success" | "GenericFailure" | "None" | "Unknown";

/** The attestation status payload: the JSON kept in a record's `status` (spec §3). */
export interface AttestationStatus {
  status: AttestationOverallStatus | (string & {});
  /** Why the status is what it is, in plain words. */
  reason?: string;
  /** Component name (e.g. `amd_sev_snp`) to whether it was verified. */
  components: Record<string, boolean>;
}

/** One measured component in the results payload: its measured hash or value, and the reference. */
export interface AttestationResultEntry {
  hash?: string;
  value?: string;
  reference?: string;
}

/** The attestation results payload: the JSON kept in a record's optional `results` (spec §3). */
export interface AttestationResults {
  measurements?: Record<string, AttestationResultEntry>;
  components?: Record<string, AttestationResultEntry>;
}

/** One stored attestation record (local store `tunnelAttestation`). */
export interface AttestationRecord {
  /** {@link AttestationStatus} as JSON. */
  status: string;
  /** {@link AttestationResults} as JSON. */
  results?: string;
  /** When the attestation was obtained, ISO 8601. */
  date: string;
}

/** A value checked against a shape: the value (its known fields only) or what is wrong with it. */
export type Checked<T> = { ok: true; value: T } | { ok: false; issues: string };

type Issues = string[];

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function at(path: string, key: string): string {
  return path === "" ? key : `${path}.${key}`;
}

function describe(issues: Issues): string {
  return issues.join("; ");
}

/** A string, or an issue at `path`. */
function string(value: unknown, path: string, issues: Issues): string | undefined {
  if (typeof value === "string") return value;
  issues.push(`${path || "(root)"}: expected string`);
  return undefined;
}

/** Copies an optional string field when it is there. */
function optionalString(
  input: Record<string, unknown>,
  key: string,
  path: string,
  issues: Issues,
  output: Record<string, unknown>,
): void {
  if (input[key] === undefined) return;
  const value = string(input[key], at(path, key), issues);
  if (value !== undefined) output[key] = value;
}

function object(value: unknown, path: string, issues: Issues): Record<string, unknown> | undefined {
  if (isObject(value)) return value;
  issues.push(`${path || "(root)"}: expected object`);
  return undefined;
}

/** Dates as RFC 3339 with seconds and a `Z` or an offset (what `z.iso.datetime({ offset: true })` takes). */
const DATETIME =
  /^(?:(?:\d\d[2468][048]|\d\d[13579][26]|\d\d0[48]|[02468][048]00|[13579][26]00)-02-29|\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\d|30)|(?:02)-(?:0[1-9]|1\d|2[0-8])))T(?:(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:\.\d+)?(?:Z|([+-](?:[01]\d|2[0-3]):[0-5]\d)))$/;

/** Checks a status payload: `status` (a string), an optional `reason`, `components` (name to boolean). */
export function checkAttestationStatus(value: unknown): Checked<AttestationStatus> {
  const issues: Issues = [];
  const input = object(value, "", issues);
  if (!input) return { ok: false, issues: describe(issues) };
  const output: Record<string, unknown> = {};
  const status = string(input.status, "status", issues);
  if (status !== undefined) output.status = status;
  optionalString(input, "reason", "", issues, output);
  const components = object(input.components, "components", issues);
  if (components) {
    const checked: Record<string, boolean> = {};
    for (const [name, verified] of Object.entries(components)) {
      if (typeof verified === "boolean") checked[name] = verified;
      else issues.push(`components.${name}: expected boolean`);
    }
    output.components = checked;
  }
  return issues.length === 0
    ? { ok: true, value: output as unknown as AttestationStatus }
    : { ok: false, issues: describe(issues) };
}

function resultEntries(
  value: unknown,
  path: string,
  issues: Issues,
): Record<string, AttestationResultEntry> | undefined {
  const entries = object(value, path, issues);
  if (!entries) return undefined;
  const output: Record<string, AttestationResultEntry> = {};
  for (const [name, entry] of Object.entries(entries)) {
    const fields = object(entry, at(path, name), issues);
    if (!fields) continue;
    const checked: Record<string, unknown> = {};
    for (const key of ["hash", "value", "reference"]) {
      optionalString(fields, key, at(path, name), issues, checked);
    }
    output[name] = checked as AttestationResultEntry;
  }
  return output;
}

/** Checks a results payload: optional `measurements` and `components` (name to hash, value, reference). */
export function checkAttestationResults(value: unknown): Checked<AttestationResults> {
  const issues: Issues = [];
  const input = object(value, "", issues);
  if (!input) return { ok: false, issues: describe(issues) };
  const output: AttestationResults = {};
  for (const key of ["measurements", "components"] as const) {
    if (input[key] === undefined) continue;
    const entries = resultEntries(input[key], key, issues);
    if (entries) output[key] = entries;
  }
  return issues.length === 0
    ? { ok: true, value: output }
    : { ok: false, issues: describe(issues) };
}

/** Checks a stored record: `status` (JSON), optional `results` (JSON), `date` (ISO 8601 with offset). */
export function checkAttestationRecord(value: unknown): Checked<AttestationRecord> {
  const issues: Issues = [];
  const input = object(value, "", issues);
  if (!input) return { ok: false, issues: describe(issues) };
  const output: Record<string, unknown> = {};
  const status = string(input.status, "status", issues);
  if (status !== undefined) output.status = status;
  optionalString(input, "results", "", issues, output);
  const date = string(input.date, "date", issues);
  if (date !== undefined) {
    if (DATETIME.test(date)) output.date = date;
    else issues.push("date: invalid ISO 8601 date and time");
  }
  return issues.length === 0
    ? { ok: true, value: output as unknown as AttestationRecord }
    : { ok: false, issues: describe(issues) };
}

function parseJson(json: string): { ok: true; value: unknown } | { ok: false; message: string } {
  try {
    return { ok: true, value: JSON.parse(json) as unknown };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : "not JSON" };
  }
}

/**
 * Parses a status payload. An invalid payload is logged with `console.error` and gives `null`,
 * which callers treat as "no data" (spec §5).
 */
export function parseAttestationStatus(json: string): AttestationStatus | null {
  const parsed = parseJson(json);
  if (!parsed.ok) {
    console.error(
      `[attestation] The attestation status is not JSON; showing no data. ${parsed.message}`,
    );
    return null;
  }
  const result = checkAttestationStatus(parsed.value);
  if (!result.ok) {
    console.error(
      `[attestation] The attestation status is invalid; showing no data. ${result.issues}`,
    );
    return null;
  }
  return result.value;
}

/**
 * Parses a results payload. An invalid payload is logged with `console.warn` and gives `null`: the
 * results are ignored while the status is still shown (spec §5). A missing payload gives `null`
 * without a log.
 */
export function parseAttestationResults(json: string | undefined): AttestationResults | null {
  if (json === undefined) return null;
  const parsed = parseJson(json);
  if (!parsed.ok) {
    console.warn(
      `[attestation] The attestation results are not JSON; ignoring them. ${parsed.message}`,
    );
    return null;
  }
  const result = checkAttestationResults(parsed.value);
  if (!result.ok) {
    console.warn(
      `[attestation] The attestation results are invalid; ignoring them. ${result.issues}`,
    );
    return null;
  }
  return result.value;
}
