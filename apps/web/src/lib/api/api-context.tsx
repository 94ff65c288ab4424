import { createContext, useContext, type ReactNode } from "react";
import { type WebApi } from "./create-web-api";

const ApiContext = createContext<WebApi | null>(null);

/** Provides the app's one api client to every screen. */
export function ApiProvider({ api, children }: { api: WebApi; children: ReactNode }) {
  return <ApiContext.Provider value={api}>{children}</ApiContext.Provider>;
}

/** The app's api client. Throws outside an ApiProvider. */
export function useApi(): WebApi {
  const api = useContext(ApiContext);
  if (!api) throw new Error("useApi must be used inside <ApiProvider>");
  return api;
}
