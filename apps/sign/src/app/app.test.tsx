import { createBrowserI18n, createLazyBrowserI18n } from "@paraphe/i18n";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { App } from "./app";

/** Opens the app at `url` as a browser would: the language is detected from that address. */
function openAt(url: string) {
  window.history.replaceState(null, "", url);
  const view = render(<App i18n={createBrowserI18n()} />);
  return { ...view, user: userEvent.setup() };
}

beforeEach(() => {
  document.cookie = "i18next=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/";
});

describe("the signing app", () => {
  it("shows the not-found page for an unknown path, in English", async () => {
    openAt("/no/such/page");
    expect(await screen.findByRole("heading", { name: "Page not found" })).toBeInTheDocument();
    expect(screen.getByText("Secure document signing")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Sign in to Paraphe" })).toHaveAttribute(
      "href",
      "http://localhost:5173/login",
    );
    expect(screen.getByRole("link", { name: "Go to the Paraphe website" })).toHaveAttribute(
      "href",
      "https://paraphe.org/en/",
    );
    await waitFor(() => expect(document.title).toBe("Page not found · Paraphe"));
  });

  it("shows the not-found page in French with ?lng=fr", async () => {
    openAt("/no/such/page?lng=fr");
    expect(await screen.findByRole("heading", { name: "Page introuvable" })).toBeInTheDocument();
    expect(screen.getByText("Signature sécurisée de documents")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Se connecter à Paraphe" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Aller sur le site de Paraphe" })).toHaveAttribute(
      "href",
      "https://paraphe.org/fr/",
    );
    expect(document.documentElement.lang).toBe("fr");
    await waitFor(() => expect(document.title).toBe("Page introuvable · Paraphe"));
  });

  it("switches the language from the language select, and remembers it", async () => {
    const { user } = openAt("/confirmation");
    // The page first (a confirmation without its envelope is not found): the frame shown while its
    // chunk loads has a select of its own, which the page's replaces.
    expect(await screen.findByRole("heading", { name: "Page not found" })).toBeInTheDocument();
    const select = screen.getByRole("combobox", { name: "Language" });
    expect(select).toHaveValue("en");
    await user.selectOptions(select, "Français");
    expect(await screen.findByRole("heading", { name: "Page introuvable" })).toBeInTheDocument();
    expect(screen.getByRole("combobox", { name: "Langue" })).toHaveValue("fr");
    expect(localStorage.getItem("i18nextLng")).toBe("fr");
  });

  it("with the texts the app downloads (as main.tsx sets it up), gets French only when switched to it", async () => {
    window.history.replaceState(null, "", "/no/such/page");
    const i18n = await createLazyBrowserI18n({ namespaces: ["sign"] });
    expect(i18n.hasResourceBundle("fr", "sign")).toBe(false);
    render(<App i18n={i18n} />);
    const user = userEvent.setup();
    expect(await screen.findByRole("heading", { name: "Page not found" })).toBeInTheDocument();
    await user.selectOptions(screen.getByRole("combobox", { name: "Language" }), "Français");
    expect(await screen.findByRole("heading", { name: "Page introuvable" })).toBeInTheDocument();
    expect(screen.getByText("Signature sécurisée de documents")).toBeInTheDocument();
    expect(document.documentElement.lang).toBe("fr");
  });
});
