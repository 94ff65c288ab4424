// React's own `useSyncExternalStore`, for the libraries that import it through the
// `use-sync-external-store/shim` package (react-i18next): on React 18 and later the shim only hands
// React's hook on, and its code (0.5 KB gzip) would be part of the first load. `vite.config.ts`
// resolves the shim here.
export { useSyncExternalStore } from "react";
