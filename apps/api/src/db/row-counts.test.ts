import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "../test/databases";

describe.each(testDatabaseKinds)("the rows a statement changed on %s", (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await sql`CREATE TABLE row_count_probe (id int PRIMARY KEY, done boolean NOT NULL)`.execute(
      database.connection.db,
    );
  });
  afterAll(async () => {
    await database.destroy();
  });

  it("are counted for an update and a delete, inside a transaction and out of one", async () => {
    const db = database.connection.db.withTables<{
      rowCountProbe: { id: number; done: boolean };
    }>();
    await db
      .insertInto("rowCountProbe")
      .values([1, 2, 3].map((id) => ({ id, done: false })))
      .execute();
    const updated = await db
      .updateTable("rowCountProbe")
      .set({ done: true })
      .where("id", "<", 3)
      .executeTakeFirst();
    expect(updated.numUpdatedRows).toBe(2n);
    // A statement that changes nothing says so: the callers that use a row once rely on it.
    const again = await db
      .updateTable("rowCountProbe")
      .set({ done: true })
      .where("id", "<", 3)
      .where("done", "=", false)
      .executeTakeFirst();
    expect(again.numUpdatedRows).toBe(0n);
    await db.transaction().execute(async (trx) => {
      const inTransaction = await trx
        .updateTable("rowCountProbe")
        .set({ done: true })
        .where("id", "=", 3)
        .executeTakeFirst();
      expect(inTransaction.numUpdatedRows).toBe(1n);
      const deleted = await trx.deleteFrom("rowCountProbe").executeTakeFirst();
      expect(deleted.numDeletedRows).toBe(3n);
    });
  });
});
