import { createContext, useContext, type ReactNode } from "react";

/** Badges of the side navigation. */
export interface NavIndicators {
  /** Requests wait in the inbox: Inbox shows a dot. */
  inboxPending: boolean;
}

/**
 * Nothing is known until a source provides it: the request list (POST /envelope/list-requests)
 * arrives with the inbox issue, which wraps the app in a NavIndicatorsProvider fed by its query.
 */
const NO_INDICATORS: NavIndicators = { inboxPending: false };

const NavIndicatorsContext = createContext<NavIndicators>(NO_INDICATORS);

export function NavIndicatorsProvider({
  value,
  children,
}: {
  value: NavIndicators;
  children: ReactNode;
}) {
  return <NavIndicatorsContext.Provider value={value}>{children}</NavIndicatorsContext.Provider>;
}

export function useNavIndicators(): NavIndicators {
  return useContext(NavIndicatorsContext);
}
