import { z } from "zod";

// The app runs under a Content-Security-Policy without 'unsafe-eval' (tooling/vite/security-headers.js):
// zod must neither compile its validators with `new Function` nor probe whether it may. Imported
// first by the modules that parse with zod (the api client, the forms' resolver); the build puts it
// in zod's chunk (vite.config.ts), so that it runs as soon as zod does, whichever module asked first.
z.config({ jitless: true });
