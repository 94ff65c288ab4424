/**
 * Query keys of the contacts feature. Other features read or invalidate them too, so the factory
 * lives in src/domain and is re-exported here.
 */
export { contactKeys } from "../../../domain/query-keys";
