import { config } from "zod/v4/core";

// The app runs under a Content-Security-Policy without 'unsafe-eval' (tooling/vite/security-headers.js):
// zod must neither compile its validators with `new Function` nor probe whether it may. Imported
// first by main.tsx, before any chunk that parses a schema can run (the chunks downloaded in parallel
// with the first paint run in whatever order they arrive); only zod's configuration module comes
// with it, not its schemas.
config({ jitless: true });
