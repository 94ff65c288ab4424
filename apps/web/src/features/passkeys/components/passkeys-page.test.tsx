import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { TEST_PASSKEYS, ok } from "../../../test/api";
import { renderApp } from "../../../test/render-app";

vi.mock("@simplewebauthn/browser", () => ({
  browserSupportsWebAuthn: () => true,
  startAuthentication: vi.fn(),
  startRegistration: vi.fn(async () => ({ id: "cred_new", response: {} })),
}));

describe("passkeys settings", () => {
  it("lists id, counter, transports and dates", async () => {
    renderApp({ path: "/settings/passkeys" });
    const table = await screen.findByRole("table", { name: "Your passkeys" });
    await within(table).findByText("cred_AbC…2345");
    const row = within(table).getAllByRole("row")[1]!;
    expect(within(row).getByText("cred_AbC…2345")).toHaveAttribute("title", TEST_PASSKEYS[0]!.id);
    expect(within(row).getByText("4")).toBeInTheDocument();
    expect(within(row).getByText("internal, hybrid")).toBeInTheDocument();
  });

  it("shows each passkey as a card on a phone, with its details and its remove button", async () => {
    vi.stubGlobal(
      "matchMedia",
      (query: string) =>
        ({
          matches: /max-width:\s*639/.test(query),
          media: query,
          addEventListener: () => {},
          removeEventListener: () => {},
        }) as unknown as MediaQueryList,
    );
    renderApp({ path: "/settings/passkeys" });
    const list = await screen.findByRole("list", { name: "Your passkeys" });
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
    const card = within(within(list).getAllByRole("listitem")[0]!);
    expect(card.getByText("cred_AbC…2345")).toHaveAttribute("title", TEST_PASSKEYS[0]!.id);
    expect(card.getByText("internal, hybrid")).toBeInTheDocument();
    expect(
      card.getByRole("button", { name: "Remove the passkey cred_AbC…2345" }),
    ).toBeInTheDocument();
    vi.unstubAllGlobals();
  });

  it("adds a passkey with the api's registration options", async () => {
    const { user, server } = renderApp({ path: "/settings/passkeys" });
    await user.click(await screen.findByRole("button", { name: "Add a passkey" }));
    await waitFor(() =>
      expect(server.bodiesOf("/passkey/register")).toEqual([
        { response: { id: "cred_new", response: {} } },
      ]),
    );
    expect(await screen.findByText("Your passkey has been created.")).toBeInTheDocument();
  });

  it("removes a passkey after confirmation", async () => {
    const { user, server } = renderApp({ path: "/settings/passkeys" });
    await user.click(
      await screen.findByRole("button", { name: "Remove the passkey cred_AbC…2345" }),
    );
    const dialog = await screen.findByRole("alertdialog", { name: "Remove this passkey?" });
    await user.click(within(dialog).getByRole("button", { name: "Remove the passkey" }));
    await waitFor(() =>
      expect(server.bodiesOf("/passkey/delete")).toEqual([{ id: TEST_PASSKEYS[0]!.id }]),
    );
  });

  it("offers to add one when there is none", async () => {
    renderApp({
      path: "/settings/passkeys",
      handlers: { "/passkey/list": () => ok({ passkeys: [] }) },
    });
    expect(await screen.findByText("No passkeys yet")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Add a passkey" })).toBeInTheDocument();
  });
});
