import "@paraphe/vitest-config/jsdom-setup";
import { beforeEach, vi } from "vitest";

// No test reaches the network: the public-data HEAD check of profile pictures answers 404, so
// avatars fall back to the generated picture. Tests that need another answer stub fetch again.
beforeEach(() => {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response(null, { status: 404 })),
  );
});
