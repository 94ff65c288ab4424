import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import type { SignApi } from "../lib/api";
import { signQueryDefaults } from "../lib/sign-api";

/** The query client of one visit, with the retry rules of spec §7. */
export function createSignQueryClient(api: SignApi): QueryClient {
  return new QueryClient({ defaultOptions: signQueryDefaults(() => api) });
}

/**
 * The pages that call the api through queries, under the visit's query client: a chunk of its own
 * with TanStack Query, which the signing page's first page does without (it comes right after).
 */
export function QueryArea({ client, children }: { client: QueryClient; children: ReactNode }) {
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
