import "@paraphe/vitest-config/jsdom-setup";
