import { z } from "zod";

/** `GET /health`: answered once the api is ready (database reachable and migrated). */
export const healthResponseSchema = z.object({ status: z.literal("ok") });

export type HealthResponse = z.infer<typeof healthResponseSchema>;
