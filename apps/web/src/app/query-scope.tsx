import { QueryClientProvider } from "@tanstack/react-query";
import { type ComponentType, type ReactNode } from "react";
import { useAppQueries } from "./queries";
import { createQueryClient } from "./query-client";

/**
 * Gives the pages under it the app's query client (made here the first time, with the retry rules
 * of spec §7): the router puts the pages that use TanStack Query under it (`router.tsx`), so that the
 * library downloads with them and not with the login page. Nested scopes share the one client.
 */
export function QueryScope({ children }: { children: ReactNode }) {
  const client = useAppQueries().clientFor(createQueryClient);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

/** `Component` under a `QueryScope`. */
export function withQueryScope(Component: ComponentType): ComponentType {
  function Scoped() {
    return (
      <QueryScope>
        <Component />
      </QueryScope>
    );
  }
  Scoped.displayName = `WithQueryScope(${Component.displayName ?? Component.name})`;
  return Scoped;
}
