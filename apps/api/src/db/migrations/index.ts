import type { Migration } from "kysely";
import * as mail from "./20261122090000_mail";

/**
 * Every migration, by name, in a static list so that the bundled build carries them. Names are
 * `YYYYMMDDhhmmss_subject`, the file names; they sort in the order they run. Add new files here.
 */
export const migrations: Readonly<Record<string, Migration>> = {
  "20261122090000_mail": mail,
};
