import { createBrowserI18n } from "@paraphe/i18n";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { App } from "../../../app/app";
import {
  BrandingProvider,
  brandColorVariables,
  useBranding,
  useProvideBranding,
} from "../../../lib/branding";
import {
  createTestApi,
  DOCUMENT_UUID,
  ENVELOPE_UUID,
  openedEnvelope,
  SECRET,
  TOKEN,
} from "../../../test/api-handlers";
import { installFakeCanvas } from "../../../test/canvas";
import { installFakeIntersectionObserver } from "../../../test/intersection-observer";

const BRANDING = {
  name: "Acme <Legal>",
  color: "#ffd700",
  readableColor: "#806c00",
  footer: "Acme SAS, 1 rue de la Paix, Paris",
  websiteUrl: "https://acme.example",
  privacyUrl: "https://acme.example/privacy",
  showPoweredBy: false,
  logoUrl: "https://api.example/public/team-logos/0123456789abcdef0123456789abcdef",
};

function openBranded(branding: typeof BRANDING | undefined, language = "en") {
  window.history.replaceState(
    null,
    "",
    `/sign/${ENVELOPE_UUID}?lng=${language}#token=${TOKEN}&secret=${SECRET}`,
  );
  const { api } = createTestApi({
    open: () => openedEnvelope(branding === undefined ? {} : { branding }),
  });
  return render(<App i18n={createBrowserI18n()} api={api} />);
}

beforeEach(() => {
  installFakeIntersectionObserver();
  sessionStorage.clear();
  localStorage.clear();
});
afterEach(() => {
  window.history.replaceState(null, "", "/");
});

describe("the team's branding on the signing page", () => {
  it("shows the team's logo, name, footer and links, and gives buttons its readable colour", async () => {
    const view = openBranded(BRANDING);
    expect(await screen.findByRole("heading", { name: "Lease agreement" })).toBeInTheDocument();
    const brand = await screen.findByTestId("team-brand");
    expect(brand).toHaveTextContent("Acme <Legal>");
    expect(brand.querySelector("img")?.getAttribute("src")).toBe(BRANDING.logoUrl);
    expect(screen.getByText(BRANDING.footer)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Website" })).toHaveAttribute(
      "href",
      "https://acme.example",
    );
    expect(screen.getByRole("link", { name: "Privacy notice" })).toHaveAttribute(
      "href",
      "https://acme.example/privacy",
    );
    expect(screen.queryByText("Sent with Paraphe")).not.toBeInTheDocument();
    expect(screen.queryByText("Paraphe")).not.toBeInTheDocument();
    const root = view.container.firstElementChild as HTMLElement;
    expect(root.style.getPropertyValue("--color-brand-500")).toBe("#806c00");
  });

  it('says it in French, with "Envoyé avec Paraphe" when the team keeps it', async () => {
    openBranded({ ...BRANDING, showPoweredBy: true }, "fr");
    expect(await screen.findByRole("link", { name: "Site web" })).toBeVisible();
    expect(screen.getByRole("link", { name: "Politique de confidentialité" })).toBeVisible();
    expect(screen.getByRole("link", { name: "Envoyé avec Paraphe" })).toBeVisible();
  });

  it("keeps Paraphe's look without branding", async () => {
    const view = openBranded(undefined);
    expect(await screen.findByRole("heading", { name: "Lease agreement" })).toBeInTheDocument();
    expect(screen.queryByTestId("team-brand")).not.toBeInTheDocument();
    expect(screen.getByText("Paraphe")).toBeInTheDocument();
    const root = view.container.firstElementChild as HTMLElement;
    expect(root.style.getPropertyValue("--color-brand-500")).toBe("");
  });

  it("keeps the team's header, colour and footer on the confirmation after signing", async () => {
    installFakeCanvas();
    window.history.replaceState(null, "", `/sign/${ENVELOPE_UUID}#token=${TOKEN}&secret=${SECRET}`);
    const { api } = createTestApi({
      open: () => openedEnvelope({ branding: BRANDING, viewedPages: { [DOCUMENT_UUID]: [0, 1] } }),
      sign: () => ({ recipientStatus: "signed", envelopeStatus: "signing" }),
    });
    const view = render(<App i18n={createBrowserI18n()} api={api} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Sign" }));
    const dialog = await screen.findByRole("dialog", { name: "Your signature" });
    await user.click(within(dialog).getByRole("tab", { name: "Type" }));
    await user.click(within(dialog).getByRole("radio", { name: "Style 2" }));
    within(dialog).getByRole("slider", { name: "Swipe to sign" }).focus();
    await user.keyboard("{Enter}");
    expect(
      await screen.findByRole("heading", { name: "Thank you, your signature is recorded" }),
    ).toBeInTheDocument();
    expect(window.location.pathname).toBe("/confirmation");
    expect(await screen.findByTestId("team-brand")).toHaveTextContent("Acme <Legal>");
    expect(screen.getByText(BRANDING.footer)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Privacy notice" })).toHaveAttribute(
      "href",
      "https://acme.example/privacy",
    );
    const root = view.container.firstElementChild as HTMLElement;
    expect(root.style.getPropertyValue("--color-brand-500")).toBe("#806c00");
  });

  it("in a frame, takes the embedding site's primary colour instead of the team's, keeping the rest", () => {
    function Page() {
      useProvideBranding(BRANDING);
      const branding = useBranding();
      return (
        <div data-testid="page" style={brandColorVariables(branding)}>
          {branding?.name}
        </div>
      );
    }
    render(
      <BrandingProvider primary="#0f766e">
        <Page />
      </BrandingProvider>,
    );
    const page = screen.getByTestId("page");
    expect(page).toHaveTextContent("Acme <Legal>");
    expect(page.style.getPropertyValue("--color-brand-500")).toBe("#0f766e");
  });
});
