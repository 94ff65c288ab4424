/**
 * Query keys of the sso feature. Other features read or invalidate them too, so the factory
 * lives in src/domain and is re-exported here.
 */
export { ssoKeys } from "../../../domain/query-keys";
