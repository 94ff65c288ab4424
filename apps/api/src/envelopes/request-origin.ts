/** Where the platform records who did something from where. */
export interface RequestOrigin {
  ip: string | null;
  userAgent: string | null;
}
