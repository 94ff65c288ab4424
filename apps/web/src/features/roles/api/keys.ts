/**
 * Query keys of the roles feature. Other features read or invalidate them too, so the factory
 * lives in src/domain and is re-exported here.
 */
export { roleKeys } from "../../../domain/query-keys";
