import { createBrowserI18n } from "@paraphe/i18n";
import { I18nProvider } from "@paraphe/i18n/react";
import { render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { RouteErrorBoundary } from "./route-error";

function Broken(): never {
  throw new Error("the page broke");
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("RouteErrorBoundary", () => {
  it("shows the unexpected-error page, downloaded once a page fails, with a way to reload", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    render(
      <I18nProvider i18n={createBrowserI18n({ language: "en" })}>
        <RouteErrorBoundary>
          <Broken />
        </RouteErrorBoundary>
      </I18nProvider>,
    );
    expect(await screen.findByRole("alert")).toHaveTextContent("Something went wrong");
    expect(screen.getByRole("button", { name: "Reload the page" })).toBeInTheDocument();
  });

  it("shows the children while nothing fails", () => {
    render(
      <I18nProvider i18n={createBrowserI18n({ language: "en" })}>
        <RouteErrorBoundary>
          <p>The page</p>
        </RouteErrorBoundary>
      </I18nProvider>,
    );
    expect(screen.getByText("The page")).toBeInTheDocument();
  });
});
