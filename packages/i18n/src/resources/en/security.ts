/** The security dialog and its attestation status (spec §2, §4, §8: keys under security.attestation). */
export const security = {
  attestation: {
    status: {
      success: "Secure environment verified",
      failure: "Secure environment verification failed",
      none: "Secure environment verification pending",
      unknown: "Secure environment status unknown",
      default: "Secure environment status unavailable",
    },
    loading: "Loading the verification details…",
    noData: "No verification data yet",
    noDataDescription:
      "The server has not sent any attestation evidence yet. It arrives with the secure connection; reopen this window in a moment.",
    lastUpdated: "Last updated {{date}}",
    clickToLearnMore: "Click to learn more",
    verified: "Verified",
    failed: "Failed",
    pending: "Pending",
  },
};
