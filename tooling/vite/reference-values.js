/**
 * Attestation reference values pinned into an app at its build. The api's build writes them beside
 * its bundle (`apps/api/dist/reference-values.json`); the apps read them here, at build time, and
 * hand them to `createEvidenceVerifier` of `@paraphe/attestation`. A client that fetched them from
 * the server it checks would verify nothing.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { loadEnv } from "vite";

/** The explicit development option: fetch the values from the checked server at run time. */
export const FETCH_REFERENCE_VALUES_VARIABLE = "VITE_DEV_FETCH_REFERENCE_VALUES";

/** The `import.meta.env` key the build defines: the pinned values (JSON) or {@link FETCH_FROM_SERVER}. */
export const REFERENCE_VALUES_ENV_KEY = "PARAPHE_REFERENCE_VALUES";

/** The value of {@link REFERENCE_VALUES_ENV_KEY} under the development option. */
export const FETCH_FROM_SERVER = "fetch-from-server";

const COMPONENT_NAME = /^[a-z0-9_]{1,64}$/;
const DIGEST_HEX = /^(?:[0-9a-f]{2}){32,64}$/;

/**
 * Whether the development option is on: `1` or `true`; unset, empty, `0` or `false` is off, and
 * anything else stops the build.
 *
 * @param {string | undefined} value
 * @returns {boolean}
 */
export function fetchAtRunTime(value) {
  const text = (value ?? "").trim().toLowerCase();
  if (text === "" || text === "0" || text === "false") return false;
  if (text === "1" || text === "true") return true;
  throw new Error(
    `${FETCH_REFERENCE_VALUES_VARIABLE} must be 1, true, 0 or false; got "${value}".`,
  );
}

/**
 * Reads and checks the reference values the api's build wrote: an object of component names to
 * lowercase hexadecimal digests. Throws an error that says what to do when the file is missing or
 * malformed.
 *
 * @param {string} file
 * @returns {Record<string, string>}
 */
export function readPinnedReferenceValues(file) {
  let text;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code !== "ENOENT") throw error;
    throw new Error(
      [
        `The attestation reference values are missing: ${file} does not exist.`,
        "The apps pin the values of the api's build: build the api first",
        "(`pnpm turbo run build --filter=@paraphe/web --filter=@paraphe/sign` builds it before them).",
        `For development against an api built elsewhere, ${FETCH_REFERENCE_VALUES_VARIABLE}=1 fetches them`,
        "from the server at run time instead, which verifies nothing.",
      ].join(" "),
    );
  }
  /** @type {unknown} */
  let values;
  try {
    values = JSON.parse(text);
  } catch {
    values = undefined;
  }
  const problem = (/** @type {string} */ detail) =>
    new Error(
      `The attestation reference values in ${file} are malformed (${detail}); rebuild the api.`,
    );
  if (typeof values !== "object" || values === null || Array.isArray(values)) {
    throw problem("not a JSON object");
  }
  for (const [name, digest] of Object.entries(values)) {
    if (!COMPONENT_NAME.test(name)) throw problem(`component name ${JSON.stringify(name)}`);
    if (typeof digest !== "string" || !DIGEST_HEX.test(digest)) throw problem(`value of ${name}`);
  }
  if (Object.keys(values).length === 0) throw problem("no component");
  return /** @type {Record<string, string>} */ (values);
}

/**
 * Pins the api build's reference values into the app: `import.meta.env.PARAPHE_REFERENCE_VALUES` is
 * their JSON text, read from `file` (relative to the app's root) when the build or the dev server
 * starts. A missing or malformed file stops it with a message that says what to do. With
 * `VITE_DEV_FETCH_REFERENCE_VALUES=1` (development only) nothing is read and the key is
 * `fetch-from-server`: the app then fetches them from the api it checks. `vite preview` serves a
 * build and reads nothing.
 *
 * @param {{ file: string }} options
 * @returns {import("vite").Plugin}
 */
export function referenceValuesPlugin({ file }) {
  return {
    name: "paraphe:reference-values",
    config(userConfig, { mode, isPreview }) {
      if (isPreview) return undefined;
      const root = resolve(userConfig.root ?? process.cwd());
      const envDir =
        typeof userConfig.envDir === "string" ? resolve(root, userConfig.envDir) : root;
      const env = loadEnv(mode, envDir, "VITE_");
      let value;
      if (fetchAtRunTime(env[FETCH_REFERENCE_VALUES_VARIABLE])) {
        console.warn(
          `${FETCH_REFERENCE_VALUES_VARIABLE} is set: this build fetches the attestation reference values from the api it checks, which verifies nothing. Development only.`,
        );
        value = FETCH_FROM_SERVER;
      } else {
        value = JSON.stringify(readPinnedReferenceValues(resolve(root, file)));
      }
      return { define: { [`import.meta.env.${REFERENCE_VALUES_ENV_KEY}`]: JSON.stringify(value) } };
    },
  };
}
