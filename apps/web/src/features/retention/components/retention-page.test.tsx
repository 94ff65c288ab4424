import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { apiError, ok } from "../../../test/api";
import { renderApp } from "../../../test/render-app";

const OFF = { days: null, scope: "documents" };

describe("retention settings", () => {
  it("turns deletion on after confirming, with the days and what goes", async () => {
    const { user, server } = renderApp({
      path: "/settings/retention",
      handlers: {
        "/retention/get": () => ok({ policy: OFF }),
        "/retention/save": () => ok({ policy: { days: 90, scope: "everything" } }),
      },
    });
    await user.click(await screen.findByRole("radio", { name: /Delete everything/ }));
    const days = screen.getByRole("spinbutton", { name: /Days after the envelope ended/ });
    await user.clear(days);
    await user.type(days, "10");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Enter a whole number of days from 30 to 3650.")).toBeVisible();
    expect(server.bodiesOf("/retention/save")).toEqual([]);

    await user.clear(days);
    await user.type(days, "90");
    await user.click(screen.getByRole("button", { name: "Save" }));
    const dialog = await screen.findByRole("alertdialog");
    expect(dialog).toHaveTextContent("more than 90 days ago will be deleted with their proof");
    await user.click(within(dialog).getByRole("button", { name: "Save and delete" }));
    await waitFor(() =>
      expect(server.bodiesOf("/retention/save")).toEqual([{ days: 90, scope: "everything" }]),
    );
  });

  it("says why the policy cannot be read (a role that is not Owner), in French too", async () => {
    renderApp({
      path: "/settings/retention",
      language: "fr",
      handlers: { "/retention/get": () => apiError(403, "FORBIDDEN") },
    });
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "La politique de conservation n’a pas pu être chargée.",
    );
  });
});
