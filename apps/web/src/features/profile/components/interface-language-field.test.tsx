import { LANGUAGE_STORAGE_KEY } from "@paraphe/i18n";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderApp } from "../../../test/render-app";

describe("interface language in the profile settings", () => {
  it("sits beside the mail language, each labelled for what it changes", async () => {
    renderApp({ path: "/settings/profile" });
    const group = await screen.findByRole("radiogroup", { name: "Interface language" });
    expect(group).toHaveAccessibleDescription(
      "The language of Paraphe’s screens on this device; it changes at once.",
    );
    expect(within(group).getByRole("radio", { name: "English" })).toBeChecked();
    expect(
      screen.getByRole("combobox", { name: "Preferred language for emails" }),
    ).toHaveAccessibleDescription("Used for emails, text messages and notifications.");
  });

  it("switches the app to French and back at once, without saving the profile", async () => {
    const { user, server, i18n } = renderApp({ path: "/settings/profile" });
    const group = await screen.findByRole("radiogroup", { name: "Interface language" });
    await user.click(within(group).getByRole("radio", { name: "Français" }));

    const french = await screen.findByRole("radiogroup", { name: "Langue de l’interface" });
    expect(within(french).getByRole("radio", { name: "Français" })).toBeChecked();
    expect(screen.getByRole("navigation", { name: "Sections des paramètres" })).toBeInTheDocument();
    expect(i18n.language).toBe("fr");
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe("fr");
    // The mail language is the profile's own, and nothing was saved.
    expect(screen.getByRole("combobox", { name: "Langue préférée pour les e-mails" })).toHaveValue(
      "en",
    );
    expect(server.bodiesOf("/user/update-profile")).toEqual([]);

    await user.click(within(french).getByRole("radio", { name: "English" }));
    await waitFor(() =>
      expect(screen.getByRole("radiogroup", { name: "Interface language" })).toBeInTheDocument(),
    );
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe("en");
  });

  it("shows the language the app speaks", async () => {
    renderApp({ path: "/settings/profile", language: "fr" });
    const group = await screen.findByRole("radiogroup", { name: "Langue de l’interface" });
    expect(within(group).getByRole("radio", { name: "Français" })).toBeChecked();
  });
});
