// Test set-up of @paraphe/attestation. The core's tests run on Node; the React entry's tests opt into
// jsdom per file (`// @vitest-environment jsdom`) and get the workspace's jsdom set-up, which the
// preset runs before each file (`jsdomSetup`) and which acts only in that environment: jest-dom
// matchers, the browser APIs radix-ui needs, a clean DOM and storage after each test.
import type {} from "@paraphe/vitest-config/jsdom-setup";
