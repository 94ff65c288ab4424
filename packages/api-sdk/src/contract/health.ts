import { z } from "zod";

/** `GET /health`: the liveness answer, once the database is migrated and answers. */
export const healthResponseSchema = z.object({ status: z.literal("ok") });

export type HealthResponse = z.infer<typeof healthResponseSchema>;

/**
 * `GET /ready`: for a load balancer, answered 200 only when the api can do its work: the database
 * answers, the file store answers and the job worker (mail, seals, webhooks) is running; 503 in
 * the error shape otherwise, its message naming what is not ready.
 */
export const readyResponseSchema = z.object({
  status: z.literal("ready"),
  checks: z.object({
    database: z.literal("ok"),
    fileStore: z.literal("ok"),
    jobs: z.literal("ok"),
  }),
});

export type ReadyResponse = z.infer<typeof readyResponseSchema>;
