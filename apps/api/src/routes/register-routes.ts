import type { AppDeps, AppRouter } from "../app";

/**
 * The sealed routes of the api, one file per call named after its path (`routes/user/profile.ts`
 * for `POST /user/profile`). Registered after the tunnel middleware: each takes sealed, signed
 * requests only; `c.get("caller")` says who signed.
 */
export function registerRoutes(app: AppRouter, deps: AppDeps): void {
  void app;
  void deps;
}
