import { createContext, useContext, type ReactNode } from "react";
import { useSigningRequests } from "../../domain/signing-requests";

/** Badges of the side navigation. */
export interface NavIndicators {
  /** Requests wait in the inbox: Inbox shows a dot. */
  inboxPending: boolean;
}

const NO_INDICATORS: NavIndicators = { inboxPending: false };

const NavIndicatorsContext = createContext<NavIndicators | null>(null);

/** Gives fixed indicators (tests, stories); a live provider inside it then keeps them. */
export function NavIndicatorsProvider({
  value,
  children,
}: {
  value: NavIndicators;
  children: ReactNode;
}) {
  return <NavIndicatorsContext.Provider value={value}>{children}</NavIndicatorsContext.Provider>;
}

/**
 * The indicators fed by the api: the inbox dot shows while a signing request is pending
 * (POST /envelope/list-requests, shared with the inbox and refreshed after a minute). An outer
 * NavIndicatorsProvider wins, so that a test can fix the value.
 */
export function LiveNavIndicatorsProvider({ children }: { children: ReactNode }) {
  const outer = useContext(NavIndicatorsContext);
  if (outer) return <>{children}</>;
  return <LiveIndicators>{children}</LiveIndicators>;
}

function LiveIndicators({ children }: { children: ReactNode }) {
  const requests = useSigningRequests();
  const inboxPending = (requests.data ?? []).some(
    (request) => request.recipientStatus === "pending",
  );
  return (
    <NavIndicatorsContext.Provider value={{ inboxPending }}>
      {children}
    </NavIndicatorsContext.Provider>
  );
}

export function useNavIndicators(): NavIndicators {
  return useContext(NavIndicatorsContext) ?? NO_INDICATORS;
}
