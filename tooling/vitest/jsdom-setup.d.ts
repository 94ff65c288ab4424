// Brings the jest-dom matchers into the type of `expect` for the files that use this set-up.
import "@testing-library/jest-dom/vitest";
