import { createBrowserI18n } from "@paraphe/i18n";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { App } from "../../../app/app";
import {
  createTestApi,
  ENVELOPE_UUID,
  fieldError,
  openedEnvelope,
  SECRET,
  TOKEN,
  type SigningHandlers,
} from "../../../test/api-handlers";
import {
  installFakeIntersectionObserver,
  scrollPagesIntoView,
} from "../../../test/intersection-observer";

const SIGN_PATH = `/sign/${ENVELOPE_UUID}`;
const LINK_FRAGMENT = `#token=${TOKEN}&secret=${SECRET}`;

function openAt(url: string, handlers: SigningHandlers = {}, language?: "fr") {
  if (language) document.cookie = `i18next=${language}; path=/`;
  window.history.replaceState(null, "", url);
  const { api, calls } = createTestApi(handlers);
  const view = render(<App i18n={createBrowserI18n()} api={api} />);
  return { ...view, calls, user: userEvent.setup() };
}

const forViewer = (status: "pending" | "viewed" = "pending") => {
  const base = openedEnvelope();
  return openedEnvelope({
    recipient: { ...base.recipient, kind: "viewer", status },
    fields: [],
  });
};

// No fields: what is tested here comes before signing.
const forSigner = (allowDelegation: boolean) => {
  const base = openedEnvelope();
  return openedEnvelope({ envelope: { ...base.envelope, allowDelegation }, fields: [] });
};
const delegable = () => forSigner(true);

const delegatedLink = () =>
  fieldError(403, "ACCESS_LINK_INVALID", "/envelope/open", "conflict", "link_delegated");

beforeEach(() => {
  installFakeIntersectionObserver();
  sessionStorage.clear();
  localStorage.clear();
  document.cookie = "i18next=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/";
});
afterEach(() => {
  window.history.replaceState(null, "", "/");
});

describe("a viewer", () => {
  it("is asked to read, confirms once every page was read, and sees the read state", async () => {
    let read = false;
    const { calls } = openAt(`${SIGN_PATH}${LINK_FRAGMENT}`, {
      open: () => forViewer(read ? "viewed" : "pending"),
      markRead: () => {
        read = true;
        return { recipientStatus: "viewed", envelopeStatus: "signing" };
      },
    });
    await screen.findByRole("heading", { name: "Lease agreement" });
    expect(screen.getByText(/You are asked to read this document, not to sign it/)).toBeVisible();
    expect(screen.queryByRole("button", { name: "Sign" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Decline" })).not.toBeInTheDocument();
    const confirm = screen.getByRole("button", { name: "I have read the document" });
    expect(confirm).toBeDisabled();
    expect(confirm).toHaveAccessibleDescription(
      "Scroll through every page to confirm your reading.",
    );
    scrollPagesIntoView();
    await waitFor(() => expect(confirm).toBeEnabled());
    // The click confirms the reading, a click alone as a screen reader's activation sends it (no
    // pointer over the button or focus on it first, which confirm nothing), and no pad opens.
    fireEvent.click(confirm);
    expect(
      await screen.findByRole("heading", { name: "You have read this document" }),
    ).toBeInTheDocument();
    expect(calls.filter((call) => call.path === "/envelope/mark-read")).toHaveLength(1);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("reads in French", async () => {
    openAt(`${SIGN_PATH}${LINK_FRAGMENT}`, { open: () => forViewer() }, "fr");
    expect(await screen.findByRole("button", { name: "J’ai lu le document" })).toBeDisabled();
  });
});

describe("delegation", () => {
  it("is not offered unless the sender allows it", async () => {
    openAt(`${SIGN_PATH}${LINK_FRAGMENT}`, { open: () => forSigner(false) });
    await screen.findByRole("heading", { name: "Lease agreement" });
    expect(
      screen.queryByRole("button", { name: "Hand my turn to someone else" }),
    ).not.toBeInTheDocument();
  });

  it("checks the form, hands the turn on, and then says the link was delegated", async () => {
    let delegated = false;
    const { user, calls } = openAt(`${SIGN_PATH}${LINK_FRAGMENT}`, {
      open: () => (delegated ? delegatedLink() : delegable()),
      delegate: (body) => {
        delegated = true;
        return {
          delegated: true,
          to: { firstname: body.firstname, lastname: body.lastname, email: body.email },
        };
      },
    });
    await user.click(await screen.findByRole("button", { name: "Hand my turn to someone else" }));
    const dialog = await screen.findByRole("dialog", { name: "Hand your turn to someone else" });
    await user.click(within(dialog).getByRole("button", { name: "Hand my turn on" }));
    // Nothing typed: every field is required, and nothing is sent.
    expect(within(dialog).getAllByText("Required.")).toHaveLength(4);
    await user.type(within(dialog).getByRole("textbox", { name: /First name/ }), "Dana");
    await user.type(within(dialog).getByRole("textbox", { name: /Last name/ }), "Delegate");
    await user.type(within(dialog).getByRole("textbox", { name: /Email address/ }), "not-an-email");
    await user.type(within(dialog).getByRole("textbox", { name: /Reason/ }), "On leave.");
    await user.click(within(dialog).getByRole("button", { name: "Hand my turn on" }));
    expect(within(dialog).getByText("Enter a valid email address.")).toBeVisible();
    expect(calls.filter((call) => call.path === "/envelope/delegate")).toEqual([]);

    const email = within(dialog).getByRole("textbox", { name: /Email address/ });
    await user.clear(email);
    await user.type(email, "dana@example.com");
    await user.click(within(dialog).getByRole("button", { name: "Hand my turn on" }));
    expect(
      await screen.findByRole("heading", { name: "This link was delegated" }),
    ).toBeInTheDocument();
    expect(calls.find((call) => call.path === "/envelope/delegate")?.body).toMatchObject({
      token: TOKEN,
      secretKey: SECRET,
      firstname: "Dana",
      lastname: "Delegate",
      email: "dana@example.com",
      reason: "On leave.",
    });
  });

  it("shows the server's refusal of the signer's own address on the email field", async () => {
    const { user } = openAt(`${SIGN_PATH}${LINK_FRAGMENT}`, {
      open: () => delegable(),
      delegate: () =>
        fieldError(400, "VALIDATION_ERROR", "/envelope/delegate", "email", "delegate_to_self"),
    });
    await user.click(await screen.findByRole("button", { name: "Hand my turn to someone else" }));
    const dialog = await screen.findByRole("dialog");
    await user.type(within(dialog).getByRole("textbox", { name: /First name/ }), "Ada");
    await user.type(within(dialog).getByRole("textbox", { name: /Last name/ }), "Lovelace");
    await user.type(
      within(dialog).getByRole("textbox", { name: /Email address/ }),
      "ada@example.com",
    );
    await user.type(within(dialog).getByRole("textbox", { name: /Reason/ }), "Busy.");
    await user.click(within(dialog).getByRole("button", { name: "Hand my turn on" }));
    expect(
      await within(dialog).findByText("This is your own address: name someone else."),
    ).toBeVisible();
  });

  it("says in French that a delegated link no longer opens the document", async () => {
    openAt(`${SIGN_PATH}${LINK_FRAGMENT}`, { open: () => delegatedLink() }, "fr");
    expect(
      await screen.findByRole("heading", { name: "Ce lien a été délégué" }),
    ).toBeInTheDocument();
  });
});
