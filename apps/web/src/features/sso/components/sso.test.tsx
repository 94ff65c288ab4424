import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { TEST_CREDENTIAL, TEST_PROFILE, apiError, ok } from "../../../test/api";
import { renderApp } from "../../../test/render-app";

const ISSUER = "https://id.example.com";
const DISCOVERED = {
  issuerUrl: ISSUER,
  authorizationUrl: `${ISSUER}/auth`,
  tokenUrl: `${ISSUER}/token`,
  userinfoUrl: `${ISSUER}/me`,
  revocationUrl: `${ISSUER}/revoke`,
  jwksUrl: `${ISSUER}/jwks`,
};

describe("single sign-on settings", () => {
  it("fills the URLs from the issuer, asks for the secret at the first save, then saves", async () => {
    const { user, server } = renderApp({
      path: "/settings/sso",
      handlers: {
        "/sso/discover": () => ok(DISCOVERED),
        "/sso/save": () => ok({ configuration: null }),
      },
    });
    await user.type(await screen.findByRole("textbox", { name: /Issuer URL/ }), ISSUER);
    await user.click(screen.getByRole("button", { name: "Fill in from the issuer" }));
    expect(await screen.findByRole("textbox", { name: /JWKS URL/ })).toHaveValue(`${ISSUER}/jwks`);
    await user.type(screen.getByRole("textbox", { name: /Client ID/ }), "paraphe");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("This field is required.")).toBeInTheDocument();
    expect(server.bodiesOf("/sso/save")).toEqual([]);
    await user.type(screen.getByLabelText(/Client secret/), "s3cret");
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(server.bodiesOf("/sso/save")).toEqual([
        expect.objectContaining({ clientId: "paraphe", clientSecret: "s3cret", enabled: true }),
      ]),
    );
  });

  it("refuses a javascript: issuer URL with the URL's own message and asks the issuer nothing", async () => {
    const { user, server } = renderApp({
      path: "/settings/sso",
      handlers: { "/sso/discover": () => ok(DISCOVERED) },
    });
    const issuer = await screen.findByRole("textbox", { name: /Issuer URL/ });
    await user.type(issuer, "javascript:window.__pwned=1");
    await user.click(screen.getByRole("button", { name: "Fill in from the issuer" }));
    expect(
      await screen.findByText("Enter a full web address, starting with https://."),
    ).toBeInTheDocument();
    expect(issuer).toHaveAttribute("aria-invalid", "true");
    expect(server.bodiesOf("/sso/discover")).toEqual([]);
  });

  it("shows the api's refusal of an http URL with its own message", async () => {
    const { user } = renderApp({
      path: "/settings/sso",
      handlers: {
        "/sso/discover": () => ok(DISCOVERED),
        "/sso/save": () =>
          apiError(400, "VALIDATION_ERROR", [
            { path: "tokenUrl", code: "custom", message: "insecure_url" },
          ]),
      },
    });
    await user.type(await screen.findByRole("textbox", { name: /Issuer URL/ }), ISSUER);
    await user.click(screen.getByRole("button", { name: "Fill in from the issuer" }));
    expect(await screen.findByRole("textbox", { name: /JWKS URL/ })).toHaveValue(`${ISSUER}/jwks`);
    await user.type(screen.getByRole("textbox", { name: /Client ID/ }), "paraphe");
    await user.type(screen.getByLabelText(/Client secret/), "s3cret");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(
      await screen.findByText(
        "Use an https:// address: the identity provider must be reached over TLS.",
      ),
    ).toBeInTheDocument();
  });

  it("names the managed roles of new people in the page's language", async () => {
    const { user } = renderApp({ path: "/settings/sso", language: "fr" });
    const select = await screen.findByRole("combobox", {
      name: "Rôle des personnes qui rejoignent par authentification unique",
    });
    await waitFor(() => expect(select).toHaveTextContent("Membre"));
    await user.click(select);
    expect(await screen.findByRole("option", { name: "Lecteur" })).toBeInTheDocument();
  });

  it("saves a provider that publishes no userinfo or revocation URL, as Microsoft Entra ID", async () => {
    const { user, server } = renderApp({
      path: "/settings/sso",
      handlers: {
        "/sso/discover": () => ok({ ...DISCOVERED, userinfoUrl: null, revocationUrl: null }),
        "/sso/save": () => ok({ configuration: null }),
      },
    });
    await user.type(await screen.findByRole("textbox", { name: /Issuer URL/ }), ISSUER);
    await user.click(screen.getByRole("button", { name: "Fill in from the issuer" }));
    expect(await screen.findByRole("textbox", { name: /JWKS URL/ })).toHaveValue(`${ISSUER}/jwks`);
    const revocation = screen.getByRole("textbox", { name: /Revocation URL/ });
    expect(revocation).toHaveValue("");
    expect(revocation).not.toHaveAttribute("aria-required", "true");
    expect(revocation).toHaveAccessibleDescription(/Optional: leave empty/);
    await user.type(screen.getByRole("textbox", { name: /Client ID/ }), "paraphe");
    await user.type(screen.getByLabelText(/Client secret/), "s3cret");
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(server.bodiesOf("/sso/save")).toEqual([
        expect.objectContaining({ userinfoUrl: null, revocationUrl: null }),
      ]),
    );
  });

  it("says to enter the URLs by hand when the issuer cannot be read", async () => {
    const { user } = renderApp({
      path: "/settings/sso",
      handlers: { "/sso/discover": () => apiError(502, "OIDC_DISCOVERY_FAILED") },
    });
    await user.type(await screen.findByRole("textbox", { name: /Issuer URL/ }), ISSUER);
    await user.click(screen.getByRole("button", { name: "Fill in from the issuer" }));
    expect(
      await screen.findByText("Failed to fetch OIDC configuration: enter the URLs manually."),
    ).toBeInTheDocument();
  });
});

describe("single sign-on verified domains", () => {
  const pending = {
    uuid: "6f1c1f7e-3a4b-4c5d-8e9f-0a1b2c3d4e5f",
    domain: "acme.example",
    status: "pending",
    recordName: "_paraphe.acme.example",
    recordValue: "paraphe-verification=0123456789abcdef0123456789abcdef01234567",
    verifiedAt: null,
    createdAt: "2026-03-01T09:00:00.000Z",
  };

  it("adds a domain, shows the TXT record to publish, and says when it is not found yet", async () => {
    let verified = false;
    const { user, server } = renderApp({
      path: "/settings/sso",
      handlers: {
        "/sso/add-domain": () => ok({ domain: pending }),
        "/sso/verify-domain": () =>
          verified
            ? ok({
                domain: { ...pending, status: "verified", verifiedAt: "2026-03-01T10:00:00.000Z" },
              })
            : apiError(400, "VALIDATION_ERROR", [
                { path: "domain", code: "custom", message: "record_not_found" },
              ]),
      },
    });
    expect(
      await screen.findByText("No domain yet: add the domain of your work email addresses."),
    ).toBeInTheDocument();
    await user.type(screen.getByRole("textbox", { name: "Domain" }), "Acme.example");
    await user.click(screen.getByRole("button", { name: "Add the domain" }));
    expect(await screen.findByText("_paraphe.acme.example")).toBeInTheDocument();
    expect(screen.getByText(pending.recordValue)).toBeInTheDocument();
    expect(screen.getByText("Waiting for verification")).toBeInTheDocument();
    expect(server.bodiesOf("/sso/add-domain")).toEqual([{ domain: "acme.example" }]);

    await user.click(screen.getByRole("button", { name: "Verify acme.example" }));
    expect(await screen.findByText(/The TXT record was not found/)).toBeInTheDocument();
    verified = true;
    await user.click(screen.getByRole("button", { name: "Verify acme.example" }));
    expect(await screen.findByText("Verified")).toBeInTheDocument();
    expect(screen.queryByText("_paraphe.acme.example")).not.toBeInTheDocument();
  });

  it("refuses a public mail domain in French, with the api's reason on the field", async () => {
    const { user } = renderApp({
      path: "/settings/sso",
      language: "fr",
      handlers: {
        "/sso/add-domain": () =>
          apiError(400, "VALIDATION_ERROR", [
            { path: "domain", code: "custom", message: "public_domain" },
          ]),
      },
    });
    await user.type(await screen.findByRole("textbox", { name: "Domaine" }), "gmail.com");
    await user.click(screen.getByRole("button", { name: "Ajouter le domaine" }));
    expect(
      await screen.findByText(/Tout le monde peut ouvrir une adresse chez ce fournisseur/),
    ).toBeInTheDocument();
  });

  it.each([
    {
      language: "en" as const,
      label: "Domain",
      add: "Add the domain",
      text: "A team claims at most 20 domains: remove one first.",
    },
    {
      language: "fr" as const,
      label: "Domaine",
      add: "Ajouter le domaine",
      text: "Une équipe déclare au plus 20 domaines : retirez-en un d’abord.",
    },
  ])("names the most domains a team may claim when one more is refused ($language)", async (c) => {
    const { user } = renderApp({
      path: "/settings/sso",
      language: c.language,
      handlers: {
        "/sso/add-domain": () =>
          apiError(400, "VALIDATION_ERROR", [
            { path: "domain", code: "custom", message: "too_many_domains", params: { limit: 20 } },
          ]),
      },
    });
    await user.type(await screen.findByRole("textbox", { name: c.label }), "acme.example");
    await user.click(screen.getByRole("button", { name: c.add }));
    expect(await screen.findByText(c.text)).toBeInTheDocument();
  });
});

describe("single sign-on login", () => {
  it("signs in with the profile the callback answered, without asking for it", async () => {
    const { server, router } = renderApp({
      path: "/auth/oidc?code=abc&state=def",
      user: null,
      handlers: {
        "/auth/oidc/callback": () =>
          ok({
            ...TEST_CREDENTIAL,
            isNewUser: false,
            profile: TEST_PROFILE,
            hasPasskey: false,
            returnPath: "/documents",
          }),
      },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe("/documents"));
    expect(await screen.findByRole("navigation", { name: "Main navigation" })).toBeInTheDocument();
    expect(server.bodiesOf("/user/profile")).toEqual([]);
  });

  it("sends back the browser binding this tab kept when it started the login", async () => {
    window.sessionStorage.setItem("paraphe.oidc.browserBinding", "binding-of-this-tab");
    const { server } = renderApp({
      path: "/auth/oidc?code=abc&state=def",
      user: null,
      handlers: { "/auth/oidc/callback": () => apiError(401, "OIDC_TOKEN_VERIFICATION_FAILED") },
    });
    await screen.findByRole("alert");
    expect(server.bodiesOf("/auth/oidc/callback")).toEqual([
      { query: "?code=abc&state=def", browserBinding: "binding-of-this-tab" },
    ]);
    // Used once: a second callback in this tab has none to send.
    expect(window.sessionStorage.getItem("paraphe.oidc.browserBinding")).toBeNull();
  });

  it("says that a callback opened in another browser than the one that started the login was refused", async () => {
    renderApp({
      path: "/auth/oidc?code=abc&state=def",
      user: null,
      handlers: {
        "/auth/oidc/callback": () =>
          apiError(401, "OIDC_TOKEN_VERIFICATION_FAILED", [
            { path: "browserBinding", message: "other_browser" },
          ]),
      },
    });
    const alert = await screen.findByRole("alert");
    expect(
      within(alert).getByText(
        "This sign-in was started in another browser (or its tab was closed). Start it again from this browser.",
      ),
    ).toBeInTheDocument();
  });

  it("says when the email's team has no single sign-on", async () => {
    const { user } = renderApp({
      path: "/login",
      user: null,
      handlers: { "/auth/oidc/start": () => apiError(404, "OIDC_NOT_CONFIGURED") },
    });
    await user.click(await screen.findByRole("button", { name: "Sign in with single sign-on" }));
    await user.type(screen.getByRole("textbox", { name: /Email/ }), "ada@example.com");
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(
      await screen.findByText(
        "Single sign-on is not configured. Please contact your administrator.",
      ),
    ).toBeInTheDocument();
  });

  it("shows the callback's error with its own message and the way back", async () => {
    renderApp({
      path: "/auth/oidc?code=abc&state=def",
      user: null,
      handlers: { "/auth/oidc/callback": () => apiError(403, "OIDC_EMAIL_MISMATCH") },
    });
    const alert = await screen.findByRole("alert");
    expect(
      within(alert).getByText("The email address does not match your account."),
    ).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to the login page" })).toHaveAttribute(
      "href",
      "/login",
    );
  });
});
