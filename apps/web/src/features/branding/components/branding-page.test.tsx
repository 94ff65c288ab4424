import { screen, waitFor } from "@testing-library/react";
import { MANAGED_ROLE_RULES } from "@paraphe/permissions";
import { describe, expect, it } from "vitest";
import { apiError, ok } from "../../../test/api";
import { profileLoader, renderApp, TEST_PROFILE } from "../../../test/render-app";

const DEFAULTS = {
  displayName: null,
  color: null,
  readableColor: null,
  footer: null,
  websiteUrl: null,
  privacyUrl: null,
  showPoweredBy: true,
  logoUrl: null,
};

describe("branding settings", () => {
  it("checks the colour's contrast, shows the readable variant, previews and saves", async () => {
    const saved = { ...DEFAULTS, displayName: "Acme", color: "#ffd700" };
    const { user, server } = renderApp({
      path: "/settings/branding",
      handlers: {
        "/branding/get": () => ok({ branding: DEFAULTS }),
        "/branding/save": () => ok({ branding: saved }),
      },
    });
    const preview = await screen.findByTestId("branding-preview");
    expect(preview).toHaveTextContent("Atelier Martin");
    await user.type(screen.getByRole("textbox", { name: /Display name/ }), "Acme");
    expect(preview).toHaveTextContent("Acme asks you to sign");
    await user.type(screen.getByRole("textbox", { name: /Brand colour/ }), "#ffd700");
    expect(await screen.findByText(/hard to read \(below 4\.5:1\)/)).toBeInTheDocument();
    expect(screen.getByText(/Contrast with white text: 1\.\d\d:1/)).toBeInTheDocument();
    await user.type(screen.getByRole("textbox", { name: /Footer line/ }), "Acme SAS");
    expect(preview).toHaveTextContent("Acme SAS");
    await user.click(screen.getByRole("checkbox", { name: /Sent with Paraphe/ }));
    expect(preview).not.toHaveTextContent("Sent with Paraphe");
    await user.click(screen.getByRole("button", { name: "Save the branding" }));
    await waitFor(() =>
      expect(server.bodiesOf("/branding/save")).toEqual([
        {
          displayName: "Acme",
          color: "#ffd700",
          footer: "Acme SAS",
          websiteUrl: null,
          privacyUrl: null,
          showPoweredBy: false,
        },
      ]),
    );
  });

  it("refuses an http link before sending, and shows the api's refusal of a logo", async () => {
    const { user, server } = renderApp({
      path: "/settings/branding",
      handlers: {
        "/branding/get": () => ok({ branding: DEFAULTS }),
        "/branding/upload-logo": () =>
          apiError(400, "VALIDATION_ERROR", [
            { path: "data", code: "custom", message: "image_too_large" },
          ]),
      },
    });
    await user.type(await screen.findByRole("textbox", { name: /Website/ }), "http://acme.example");
    await user.click(screen.getByRole("button", { name: "Save the branding" }));
    expect(await screen.findByText("Use an https:// address.")).toBeInTheDocument();
    expect(server.bodiesOf("/branding/save")).toEqual([]);
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], "logo.png", {
      type: "image/png",
    });
    await user.upload(document.querySelector<HTMLInputElement>("input[type=file]")!, file);
    expect(
      await screen.findByText("This image is too large: at most 1024 pixels on each side."),
    ).toBeInTheDocument();
  });

  it("is in French", async () => {
    renderApp({
      path: "/settings/branding",
      language: "fr",
      handlers: { "/branding/get": () => ok({ branding: DEFAULTS }) },
    });
    expect(
      await screen.findByRole("heading", { name: "Identité visuelle", level: 2 }),
    ).toBeVisible();
    expect(await screen.findByRole("checkbox", { name: /Envoyé avec Paraphe/ })).toBeChecked();
  });

  it("is not offered to a Member", async () => {
    renderApp({
      path: "/settings/profile",
      loadProfile: profileLoader({
        ...TEST_PROFILE,
        team: {
          ...TEST_PROFILE.team!,
          role: { name: "Member", origin: "managed" },
          rolePermissions: [...MANAGED_ROLE_RULES.Member],
        },
      }),
    });
    expect(await screen.findByRole("link", { name: "Profile" })).toBeVisible();
    expect(screen.queryByRole("link", { name: "Branding" })).not.toBeInTheDocument();
  });
});
