/**
 * Query keys of the workspaces feature. Other features read or invalidate them too, so the factory
 * lives in src/domain and is re-exported here.
 */
export { workspaceKeys } from "../../../domain/query-keys";
