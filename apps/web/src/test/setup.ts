// The jest-dom matchers in the type of `expect`; the preset runs the jsdom set-up itself, before each file.
import type {} from "@paraphe/vitest-config/jsdom-setup";
// jsdom's typed arrays into Node's WebCrypto: the real tunnel cryptography of the api client tests.
import "@paraphe/vitest-config/jsdom-webcrypto";
import { configure } from "@testing-library/react";
import { beforeEach, vi } from "vitest";

// Screens render the whole app (session, profile, then their own queries): on a busy machine running
// every file in parallel beside the api suite that took more than 4 s; a failing expectation waits
// this long before it fails, a passing one no longer than it needs.
configure({ asyncUtilTimeout: 10_000 });

// No test reaches the network: the public-data HEAD check of profile pictures answers 404, so
// avatars fall back to the generated picture. Tests that need another answer stub fetch again.
beforeEach(() => {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response(null, { status: 404 })),
  );
});
