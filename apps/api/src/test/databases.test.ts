import { describe, expect, it } from "vitest";
import { createTestDatabase, testDatabaseKinds } from "./databases";

describe.each(testDatabaseKinds)("createTestDatabase on %s", (kind) => {
  it("gives each caller a database of its own", async () => {
    const [a, b] = await Promise.all([createTestDatabase(kind), createTestDatabase(kind)]);
    try {
      await a.connection.db
        .insertInto("devMailbox")
        .values({ fromAddress: "a@x", toAddress: "b@x", subject: "only in a", textBody: "-" })
        .execute();
      expect(await b.connection.db.selectFrom("devMailbox").select("id").execute()).toEqual([]);
    } finally {
      await Promise.all([a.destroy(), b.destroy()]);
    }
  });
});
