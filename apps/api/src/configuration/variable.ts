import type { z } from "zod";

/** One environment variable of the api: everything about it, written once. */
export interface Variable<T> {
  /** The field of the configuration that holds its value; none: another field derives from it. */
  key?: string;
  /** What it does, for the README's table. */
  description: string;
  /** The value of an unset or blank variable, as written in the environment (checked like one). */
  default?: string;
  /** The default in words for the table, where it is not `default` (null: shown as unset). */
  documentedDefault?: string | null;
  /** Never printed: the start log says only whether it is set. */
  secret?: boolean;
  /** Printed with its passwords masked (a URL that may carry credentials). */
  masked?: boolean;
  /** Read as written, spaces included (a passphrase). */
  untrimmed?: boolean;
  /** The value of an unset variable without a default (an empty list). */
  whenUnset?: T;
  /** What the start log prints for it when unset (or an empty list). */
  shownWhenUnset?: string;
  /** Checks a set value and gives the value the api uses. */
  parse: z.ZodType<T, string>;
}

/** A variable, its literal shape kept (which key, whether it has a default) for the types. */
export function variable<const S extends Variable<unknown>>(spec: S): S {
  return spec;
}
