import { LANGUAGE_STORAGE_KEY } from "@paraphe/i18n";
import { act, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { SESSION_STORAGE_KEY } from "../../app/session/session-storage";
import { TEST_PROFILE, profileLoader, renderApp, setViewport } from "../../test/render-app";
import { NAV_COLLAPSED_STORAGE_KEY } from "./use-nav-collapsed";

async function renderLayout(options: Parameters<typeof renderApp>[0] = {}) {
  const view = renderApp({ loadProfile: profileLoader(), ...options });
  await screen.findByRole("navigation", {
    name: options.language === "fr" ? "Navigation principale" : "Main navigation",
  });
  return view;
}

function mainNav() {
  return screen.getByRole("navigation", { name: "Main navigation" });
}

describe("the authenticated layout", () => {
  it("shows Dashboard, Envelopes, Inbox, Templates, Contacts and Settings with their addresses", async () => {
    await renderLayout();
    const links = within(mainNav()).getAllByRole("link");
    expect(links.map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
      ["Dashboard", "/"],
      ["Envelopes", "/envelopes"],
      ["Inbox", "/inbox"],
      ["Templates", "/templates"],
      ["Contacts", "/contacts"],
      ["Settings", "/settings"],
    ]);
    expect(within(mainNav()).getByRole("link", { name: "Dashboard" })).toHaveAttribute(
      "aria-current",
      "page",
    );
  });

  it("titles the page after the current section, in the header and the browser tab", async () => {
    await renderLayout();
    expect(screen.getByText("Dashboard", { selector: "h1" })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe("Dashboard · Paraphe"));
  });

  it("marks Inbox with a dot and an accessible label when requests are pending", async () => {
    await renderLayout({ inboxPending: true });
    expect(
      within(mainNav()).getByRole("link", { name: /^Inbox\s*\(Requests are waiting for you\)$/ }),
    ).toHaveAttribute("href", "/inbox");
  });

  it("shows no inbox dot while nothing says requests are pending", async () => {
    await renderLayout();
    expect(within(mainNav()).getByRole("link", { name: "Inbox" })).toBeInTheDocument();
    expect(screen.queryByText(/Requests are waiting for you/)).not.toBeInTheDocument();
  });

  it("collapses the navigation to icons with tooltips, and remembers it", async () => {
    const { user, unmount } = await renderLayout();
    await user.click(within(mainNav()).getByRole("button", { name: "Collapse the navigation" }));

    expect(mainNav()).toHaveAttribute("data-collapsed", "true");
    expect(localStorage.getItem(NAV_COLLAPSED_STORAGE_KEY)).toBe("true");
    await user.hover(within(mainNav()).getByRole("link", { name: "Envelopes" }));
    expect(await screen.findByRole("tooltip")).toHaveTextContent("Envelopes");

    unmount();
    await renderLayout();
    expect(mainNav()).toHaveAttribute("data-collapsed", "true");
    await user.click(within(mainNav()).getByRole("button", { name: "Expand the navigation" }));
    expect(mainNav()).not.toHaveAttribute("data-collapsed");
    expect(localStorage.getItem(NAV_COLLAPSED_STORAGE_KEY)).toBe("false");
  });

  it("opens the navigation drawer from the mobile header's menu button", async () => {
    setViewport("mobile");
    const { user } = await renderLayout();
    const toggle = screen.getByRole("button", { name: "Navigation menu" });
    expect(toggle).toHaveAttribute("aria-expanded", "false");

    await user.click(toggle);
    const drawer = await screen.findByRole("dialog", { name: "Navigation menu" });
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    const drawerNav = within(drawer).getByRole("navigation", { name: "Main navigation" });
    expect(within(drawerNav).getAllByRole("link")).toHaveLength(6);

    await user.click(within(drawer).getByRole("button", { name: "Close the navigation menu" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("offers Profile, Support, the two languages and Logout in the avatar menu", async () => {
    setViewport("desktop");
    const { user } = await renderLayout();
    await user.click(screen.getByRole("button", { name: "Account menu" }));
    const menu = await screen.findByRole("menu");

    expect(within(menu).getByText(TEST_PROFILE.email)).toBeInTheDocument();
    // The picture beside the email is decorative: a menu holds only items and groups.
    expect(within(menu).queryByRole("img")).not.toBeInTheDocument();
    expect(within(menu).getByRole("menuitem", { name: "Profile" })).toHaveAttribute(
      "href",
      "/settings/profile",
    );
    expect(within(menu).getByRole("menuitem", { name: "Support" })).toHaveAttribute(
      "href",
      "/settings/support",
    );
    expect(within(menu).getByRole("menuitemradio", { name: "English" })).toHaveAttribute(
      "aria-checked",
      "true",
    );
    expect(within(menu).getByRole("menuitemradio", { name: "Français" })).toHaveAttribute(
      "aria-checked",
      "false",
    );
    expect(within(menu).getByRole("menuitem", { name: "Log out" })).toBeInTheDocument();
  });

  it("switches every text to French from the avatar menu and remembers the choice", async () => {
    const { user } = await renderLayout();
    await user.click(screen.getByRole("button", { name: "Account menu" }));
    await user.click(await screen.findByRole("menuitemradio", { name: "Français" }));

    const nav = await screen.findByRole("navigation", { name: "Navigation principale" });
    expect(within(nav).getByRole("link", { name: "Tableau de bord" })).toHaveAttribute("href", "/");
    expect(within(nav).getByRole("link", { name: "Boîte de réception" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Menu du compte" })).toBeInTheDocument();
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe("fr");
    expect(document.documentElement.lang).toBe("fr");
    await waitFor(() => expect(document.title).toBe("Tableau de bord · Paraphe"));
  });

  it("logs out: forgets the stored user and goes to /login with the email in the fragment", async () => {
    const { user, router } = await renderLayout();
    await user.click(screen.getByRole("button", { name: "Account menu" }));
    await user.click(await screen.findByRole("menuitem", { name: "Log out" }));

    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(router.state.location.hash).toBe("#email=lea.martin%40example.com");
    expect(new URLSearchParams(router.state.location.hash.slice(1)).get("email")).toBe(
      TEST_PROFILE.email,
    );
    expect(JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? "{}")).toEqual({
      lastEmailLoggedIn: TEST_PROFILE.email,
    });
    // Logged out, /login is shown in the public layout.
    await waitFor(
      () =>
        expect(
          screen.queryByRole("navigation", { name: "Main navigation" }),
        ).not.toBeInTheDocument(),
      { timeout: 3000 },
    );
    expect(await screen.findByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/login");
  });

  it("links the logo menu to the public site in the current language, legal pages in a new tab", async () => {
    const { user } = await renderLayout();
    await user.click(screen.getByRole("button", { name: "Paraphe menu" }));
    let menu = await screen.findByRole("menu");
    expect(within(menu).getByRole("menuitem", { name: "Open the dashboard" })).toHaveAttribute(
      "href",
      "/",
    );
    const website = within(menu).getByRole("menuitem", { name: "Go to the public website" });
    expect(website).toHaveAttribute("href", "https://paraphe.org/en/");
    expect(website).not.toHaveAttribute("target");
    for (const [name, href] of [
      [/^Read the privacy policy\s*\(opens in a new tab\)$/, "https://paraphe.org/en/privacy"],
      [
        /^Read about signature legality\s*\(opens in a new tab\)$/,
        "https://paraphe.org/en/signature-legality",
      ],
    ] as const) {
      const link = within(menu).getByRole("menuitem", { name });
      expect(link).toHaveAttribute("href", href);
      expect(link).toHaveAttribute("target", "_blank");
      expect(link).toHaveAttribute("rel", "noopener noreferrer");
    }
    await user.keyboard("{Escape}");

    await user.click(screen.getByRole("button", { name: "Account menu" }));
    await user.click(await screen.findByRole("menuitemradio", { name: "Français" }));
    await user.click(await screen.findByRole("button", { name: "Menu Paraphe" }));
    menu = await screen.findByRole("menu");
    expect(
      within(menu).getByRole("menuitem", { name: "Aller sur le site public" }),
    ).toHaveAttribute("href", "https://paraphe.org/fr/");
    expect(
      within(menu).getByRole("menuitem", {
        name: /^Lire la politique de confidentialité\s*\(s’ouvre dans un nouvel onglet\)$/,
      }),
    ).toHaveAttribute("href", "https://paraphe.org/fr/privacy");
    expect(
      within(menu).getByRole("menuitem", {
        name: /^Découvrir la valeur juridique de la signature\s*\(s’ouvre dans un nouvel onglet\)$/,
      }),
    ).toHaveAttribute("href", "https://paraphe.org/fr/signature-legality");
  });

  it("shows the connection security button, opening the security dialog", async () => {
    setViewport("desktop");
    const { user } = await renderLayout();
    await user.click(screen.getByRole("button", { name: /^Connection security:/ }));
    expect(await screen.findByRole("dialog", { name: "Connection security" })).toBeInTheDocument();
  });

  it("shows a loading screen while the profile loads", async () => {
    let resolve: (profile: typeof TEST_PROFILE) => void = () => {};
    renderApp({ loadProfile: () => new Promise((done) => (resolve = done)) });
    // (The route module may show its own short "Loading…" first, while its chunk arrives.)
    expect(await screen.findByText("Loading your session…")).toBeInTheDocument();
    await act(async () => resolve(TEST_PROFILE));
    expect(await screen.findByRole("navigation", { name: "Main navigation" })).toBeInTheDocument();
  });
});
