/**
 * Query keys of the members feature. Other features read or invalidate them too, so the factory
 * lives in src/domain and is re-exported here.
 */
export { memberKeys } from "../../../domain/query-keys";
