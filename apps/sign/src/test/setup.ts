// The jest-dom matchers in the type of `expect`; the preset runs the jsdom set-up itself, before each file.
import type {} from "@paraphe/vitest-config/jsdom-setup";
// jsdom's typed arrays into Node's WebCrypto: the real tunnel cryptography of the api tests.
import "@paraphe/vitest-config/jsdom-webcrypto";
import { configure } from "@testing-library/react";

// A signing page waits for its lazy parts (the api client, the workspace), a real tunnel handshake
// and the open call: on a busy machine running every file in parallel that takes more than
// testing-library's default second, as in the team app.
configure({ asyncUtilTimeout: 10_000 });

// The app's lazy parts, transformed once before the tests run: a test's first render then waits
// for what it tests (the api's answers), not for the first compilation of a chunk.
await Promise.all([
  import("../app/signed-area"),
  import("../app/toaster"),
  import("../routes/confirmation"),
  import("../routes/not-found"),
  import("../routes/route-error-page"),
]);
