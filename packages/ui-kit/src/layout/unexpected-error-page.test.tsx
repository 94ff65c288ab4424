import { render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { installPageChunkLoadGuard, pageChunkLoadGuard } from "../runtime/page-chunk-load-guard";
import { UnexpectedErrorPage } from "./unexpected-error-page";

const texts = {
  title: "Something went wrong",
  description: "Reload the page to try again.",
  reloadLabel: "Reload",
  loadingLabel: "Loading…",
};

afterEach(() => {
  pageChunkLoadGuard()?.dispose();
  delete (window as unknown as Record<string, unknown>).__paraphe_chunkLoadGuard;
});

describe("UnexpectedErrorPage", () => {
  it("logs an ordinary error and offers a reload", () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const error = new Error("boom");
    render(<UnexpectedErrorPage error={error} {...texts} />);
    expect(screen.getByRole("alert")).toHaveTextContent("Something went wrong");
    expect(screen.getByRole("button", { name: "Reload" })).toBeVisible();
    expect(log).toHaveBeenCalledWith("Unexpected error while rendering a page", error);
  });

  it("hands a failed code chunk to the page's guard and shows the loading screen", () => {
    const guard = installPageChunkLoadGuard({ en: { title: "t", description: "d", reload: "r" } });
    const handleError = vi.spyOn(guard, "handleError").mockReturnValue(true);
    const failure = new TypeError("Failed to fetch dynamically imported module: /assets/x.js");
    render(<UnexpectedErrorPage error={failure} {...texts} />);
    expect(handleError).toHaveBeenCalledWith(failure);
    expect(screen.getByRole("status")).toHaveTextContent("Loading…");
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
