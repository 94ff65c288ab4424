import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { apiError, ok } from "../../../test/api";
import { renderApp } from "../../../test/render-app";

describe("embedding settings", () => {
  it("says no site may embed yet, checks an origin, and allows it", async () => {
    const { user, server } = renderApp({
      path: "/settings/embedding",
      handlers: {
        "/embedding/get": () => ok({ embedding: { origins: [] } }),
        "/embedding/save": () => ok({ embedding: { origins: ["https://app.example.com"] } }),
      },
    });
    expect(await screen.findByText("No site may embed your signing pages yet.")).toBeVisible();
    const origin = screen.getByRole("textbox", { name: /Site origin/ });
    await user.type(origin, "http://app.example.com/path");
    await user.click(screen.getByRole("button", { name: "Allow this site" }));
    expect(await screen.findByText(/Enter a site origin such as/)).toBeVisible();
    expect(server.bodiesOf("/embedding/save")).toEqual([]);

    await user.clear(origin);
    await user.type(origin, "https://App.Example.com/");
    await user.click(screen.getByRole("button", { name: "Allow this site" }));
    await waitFor(() =>
      expect(server.bodiesOf("/embedding/save")).toEqual([
        { origins: ["https://app.example.com"] },
      ]),
    );
    expect(await screen.findByRole("heading", { name: "Allowed site (1 of 20)" })).toBeVisible();
    expect(screen.getByRole("button", { name: "Remove https://app.example.com" })).toBeVisible();
  });

  it("removes a site, and shows the api's refusal", async () => {
    const { user, server } = renderApp({
      path: "/settings/embedding",
      handlers: {
        "/embedding/get": () =>
          ok({ embedding: { origins: ["https://a.example", "https://b.example"] } }),
        "/embedding/save": () =>
          apiError(400, "VALIDATION_ERROR", [
            { path: "origins.0", code: "custom", message: "loopback_origin" },
          ]),
      },
    });
    await user.click(await screen.findByRole("button", { name: "Remove https://a.example" }));
    await waitFor(() =>
      expect(server.bodiesOf("/embedding/save")).toEqual([{ origins: ["https://b.example"] }]),
    );
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "A local address (http://localhost) cannot embed the signing pages here.",
    );
  });

  it("says why the list cannot be read, in French", async () => {
    renderApp({
      path: "/settings/embedding",
      language: "fr",
      handlers: { "/embedding/get": () => apiError(403, "FORBIDDEN") },
    });
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Les sites autorisés n’ont pas pu être chargés.",
    );
  });
});
