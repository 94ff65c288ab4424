/**
 * Query keys of the tags feature. Other features read or invalidate them too, so the factory
 * lives in src/domain and is re-exported here.
 */
export { tagKeys } from "../../../domain/query-keys";
