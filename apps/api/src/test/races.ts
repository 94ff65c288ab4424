import type { ApiError } from "@paraphe/api-sdk";
import {
  RawNode,
  SelectQueryNode,
  TableNode,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from "kysely";
import type { EnvelopeDeps } from "../envelopes/envelope-deps";
import { requireMember, type Member } from "../membership/members";
import type { IdentityHarness } from "./identity";

/*
 * Helpers of the race tests: how a call ended, plugins that watch the queries of a connection, and
 * the dependencies to call a service directly (the racing call having made the route's checks).
 */

export type Outcome = { ok: true } | { ok: false; code: string };

/** How a call ended: fine, or the code of its error. */
export async function outcome(promise: Promise<unknown>): Promise<Outcome> {
  try {
    await promise;
    return { ok: true };
  } catch (error) {
    return { ok: false, code: String((error as ApiError).code) };
  }
}

/** What the envelope services need, on the harness's connection (without its plugins). */
export function envelopeDepsOf(h: IdentityHarness): EnvelopeDeps {
  return {
    db: h.database.connection.db,
    config: h.t.config,
    logger: h.t.logger,
    blobStore: h.t.blobStore,
    linkKey: h.t.linkKey,
    mailKey: h.t.mailKey,
    activityKey: h.t.activityKey,
    now: h.now,
    wakeJobs: () => undefined,
  };
}

/** The member behind `email`, as a route would hand them to a service. */
export async function memberByEmail(h: IdentityHarness, email: string): Promise<Member> {
  const db = h.database.connection.db;
  const user = await db
    .selectFrom("appUser")
    .select("id")
    .where("email", "=", email)
    .executeTakeFirstOrThrow();
  return requireMember({ db }, user.id);
}

/** Counts the raw SQL statements run through it whose text contains `fragment`. */
export class RawQueryCounter implements KyselyPlugin {
  count = 0;
  readonly #fragment: string;

  constructor(fragment: string) {
    this.#fragment = fragment;
  }

  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    if (RawNode.is(node) && node.sqlFragments.join("").includes(this.#fragment)) this.count++;
    return node;
  }

  async transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return result;
  }
}

/**
 * A Kysely plugin for race tests: once armed, it calls the hook once, after the `skip + 1`-th
 * SELECT from `table` answered and before the caller sees the rows (the connection is still held,
 * so whatever the hook queues for the connection runs right after it).
 */
export class AfterTableRead implements KyselyPlugin {
  #armed: { table: string; skip: number; hook: () => Promise<void> } | null = null;
  readonly #reads = new WeakSet<object>();

  arm(table: string, hook: () => Promise<void>, { skip = 0 }: { skip?: number } = {}): void {
    this.#armed = { table, skip, hook };
  }

  transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
    const armed = this.#armed;
    if (
      armed !== null &&
      SelectQueryNode.is(node) &&
      node.from?.froms.some(
        (from) => TableNode.is(from) && from.table.identifier.name === armed.table,
      )
    ) {
      this.#reads.add(queryId);
    }
    return node;
  }

  async transformResult({
    result,
    queryId,
  }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const armed = this.#armed;
    if (armed !== null && this.#reads.has(queryId)) {
      if (armed.skip > 0) {
        armed.skip -= 1;
        return result;
      }
      this.#armed = null;
      await armed.hook();
    }
    return result;
  }
}
