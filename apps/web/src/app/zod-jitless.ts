import { z } from "zod";

// The app runs under a Content-Security-Policy without 'unsafe-eval' (tooling/vite/security-headers.js):
// zod must neither compile its validators with `new Function` nor probe whether it may. Imported
// first by main.tsx, before any schema parses.
z.config({ jitless: true });
