import type { QueryClient } from "@tanstack/react-query";
import { createContext, useContext } from "react";
import type { RetryTunnel } from "./query-client";

// Nothing here imports TanStack Query but its types: the app's root (providers, session) holds the
// query client without its library, which comes with the first page that uses queries.

/**
 * The app's query client, made by the first page that uses queries (`QueryScope`, in
 * `query-scope.tsx`), not by the app as it starts: the login page calls the api without TanStack
 * Query, so that the library is not part of its first load.
 */
export interface AppQueries {
  /** The query client, made the first time it is asked for with `make` (given the tunnel). */
  clientFor(make: (tunnel: RetryTunnel | undefined) => QueryClient): QueryClient;
  /** The query client if a page made it already. */
  current(): QueryClient | undefined;
}

/**
 * The app's query client holder: `tunnel` is what its retries act on (spec §7); `client`, a client
 * made already (tests read and seed its cache).
 */
export function createAppQueries(tunnel?: RetryTunnel, client?: QueryClient): AppQueries {
  let made = client;
  return {
    clientFor: (make) => (made ??= make(tunnel)),
    current: () => made,
  };
}

export const QueriesContext = createContext<AppQueries | null>(null);

/** The app's query client holder. Throws outside the app's providers. */
export function useAppQueries(): AppQueries {
  const queries = useContext(QueriesContext);
  if (!queries) throw new Error("useAppQueries must be used inside <AppProviders>");
  return queries;
}
