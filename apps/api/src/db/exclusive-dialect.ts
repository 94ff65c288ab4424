import type {
  CompiledQuery,
  DatabaseConnection,
  Dialect,
  Driver,
  QueryCompiler,
  QueryResult,
  TransactionSettings,
} from "kysely";

/** A promise-chain mutex: callers get the lock in the order they asked for it. */
export class Mutex {
  #tail: Promise<void> = Promise.resolve();

  /** Waits for the lock; call the returned function to release it. */
  lock(): Promise<() => void> {
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const acquired = this.#tail.then(() => release);
    this.#tail = this.#tail.then(() => released);
    return acquired;
  }

  async run<T>(fn: () => Promise<T>): Promise<T> {
    const release = await this.lock();
    try {
      return await fn();
    } finally {
      release();
    }
  }
}

/**
 * Wraps a dialect whose driver hands out one shared session (PGlite) so that Kysely uses it like a
 * pool of one connection: a query or a whole transaction holds the session until it is released.
 * Without it, kysely-pglite runs a query issued outside a transaction inside whatever transaction
 * happens to be open on the session. Code holding a transaction must therefore run every query of
 * that transaction through it (as with any pool that is exhausted, the alternative is a deadlock).
 * Its connection also gives Kysely the count of rows an update or a delete changed, which
 * kysely-pglite hands on as PGlite's `affectedRows` where Kysely reads `numAffectedRows` (every
 * `numUpdatedRows` and `numDeletedRows` was 0 on PGlite).
 */
export function exclusiveDialect(inner: Dialect, mutex: Mutex): Dialect {
  return {
    createAdapter: () => inner.createAdapter(),
    createIntrospector: (db) => inner.createIntrospector(db),
    createQueryCompiler: (): QueryCompiler => inner.createQueryCompiler(),
    createDriver: () => new ExclusiveDriver(inner.createDriver(), mutex),
  };
}

class ExclusiveDriver implements Driver {
  readonly #inner: Driver;
  readonly #mutex: Mutex;
  readonly #releases = new WeakMap<DatabaseConnection, () => void>();

  constructor(inner: Driver, mutex: Mutex) {
    this.#inner = inner;
    this.#mutex = mutex;
  }

  init(): Promise<void> {
    return this.#inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const release = await this.#mutex.lock();
    try {
      const connection = new CountingConnection(await this.#inner.acquireConnection());
      this.#releases.set(connection, release);
      return connection;
    } catch (error) {
      release();
      throw error;
    }
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    try {
      await this.#inner.releaseConnection(innerOf(connection));
    } finally {
      this.#releases.get(connection)?.();
      this.#releases.delete(connection);
    }
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return this.#inner.beginTransaction(innerOf(connection), settings);
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.#inner.commitTransaction(innerOf(connection));
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.#inner.rollbackTransaction(innerOf(connection));
  }

  async destroy(): Promise<void> {
    // Wait for the query or transaction in progress, then close.
    await this.#mutex.run(() => this.#inner.destroy());
  }
}

/** The driver's own connection under a {@link CountingConnection}. */
function innerOf(connection: DatabaseConnection): DatabaseConnection {
  return connection instanceof CountingConnection ? connection.inner : connection;
}

/** A connection whose results carry `numAffectedRows` when the driver gave `affectedRows` only. */
class CountingConnection implements DatabaseConnection {
  constructor(readonly inner: DatabaseConnection) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const result: QueryResult<R> & { affectedRows?: number } = await this.inner.executeQuery(query);
    if (result.numAffectedRows !== undefined || typeof result.affectedRows !== "number") {
      return result;
    }
    return { ...result, numAffectedRows: BigInt(result.affectedRows) };
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery(query, chunkSize);
  }
}
