import { createQueryClientDefaults } from "@paraphe/api-sdk";
import { QueryClient } from "@tanstack/react-query";

/** What the retry rules of spec §7 do to the tunnel before trying a call again. */
export interface RetryTunnel {
  /** The reset routine after an empty-message failure. */
  reset(): void;
  /** Drops the tunnel session after TUNNEL_ERROR 401, so that the retry handshakes anew. */
  destroy(): void;
}

/**
 * The query client of spec §7: queries and mutations are retried up to 3 times, only after the
 * tunnel's empty-message failures (reset routine first); queries also after TUNNEL_ERROR 401
 * (tunnel destroyed first). A mutation is never sent again on that plaintext 401, which anyone on
 * the path could forge after the server ran it: the person sees the error and may try again.
 */
export function createQueryClient(tunnel?: RetryTunnel): QueryClient {
  return new QueryClient({
    defaultOptions: createQueryClientDefaults(
      tunnel ? { onResetRoutine: () => tunnel.reset(), onTunnelLost: () => tunnel.destroy() } : {},
    ),
  });
}
