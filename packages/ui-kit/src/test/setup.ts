// The jest-dom matchers in the type of `expect`; the preset runs the jsdom set-up itself, before each file.
import type {} from "@paraphe/vitest-config/jsdom-setup";
