import type { NonceStore } from "@paraphe/api-sdk";
import { sql, type Kysely } from "kysely";
import type { Database } from "../db/database";

/**
 * RFC 9421 nonces in the database, for api replicas that share them: the insert either records the
 * nonce or finds it there, atomically (primary key). Expired nonces are swept.
 */
export class DatabaseNonceStore implements NonceStore {
  constructor(private readonly db: Kysely<Database>) {}

  async seen(keyId: string, nonce: string, expiresAt: number): Promise<boolean> {
    const inserted = await this.db
      .insertInto("requestNonce")
      .values({ keyId, nonce, expiresAt: new Date(expiresAt * 1000) })
      .onConflict((oc) =>
        oc
          .columns(["keyId", "nonce"])
          .doUpdateSet({ expiresAt: sql`excluded.expires_at` })
          .where("requestNonce.expiresAt", "<", sql<Date>`now()`),
      )
      .returning("keyId")
      .executeTakeFirst();
    return inserted === undefined;
  }

  async sweep(now: number): Promise<void> {
    await this.db.deleteFrom("requestNonce").where("expiresAt", "<", new Date(now)).execute();
  }
}
