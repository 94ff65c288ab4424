import { createBrowserI18n } from "@paraphe/i18n";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { App } from "../../../app/app";
import {
  createTestApi,
  ENVELOPE_UUID,
  openedForApprover,
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

function openAt(url: string, handlers: SigningHandlers = {}) {
  window.history.replaceState(null, "", url);
  const { api, calls } = createTestApi(handlers);
  const view = render(<App i18n={createBrowserI18n()} api={api} />);
  return { ...view, calls, user: userEvent.setup() };
}

beforeEach(() => {
  installFakeIntersectionObserver();
  sessionStorage.clear();
  localStorage.clear();
  document.cookie = "i18next=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/";
});
afterEach(() => {
  window.history.replaceState(null, "", "/");
});

describe("an approver", () => {
  it("is asked for approval, can approve only after reading every page, and then sees the approved state", async () => {
    let approved = false;
    const { user, calls } = openAt(`${SIGN_PATH}${LINK_FRAGMENT}`, {
      open: () =>
        approved
          ? openedForApprover({
              recipient: { ...openedForApprover().recipient, status: "approved" },
            })
          : openedForApprover(),
      approve: () => {
        approved = true;
        return { recipientStatus: "approved", envelopeStatus: "signing" };
      },
    });
    await screen.findByRole("heading", { name: "Lease agreement" });
    expect(screen.getByText(/Requires your approval/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Sign" })).not.toBeInTheDocument();
    const approve = screen.getByRole("button", { name: "Approve" });
    expect(approve).toBeDisabled();
    expect(approve).toHaveAccessibleDescription("Scroll through every page to approve.");

    scrollPagesIntoView();
    await waitFor(() => expect(approve).toBeEnabled());
    await user.click(approve);
    expect(
      await screen.findByRole("heading", { name: "You have approved this document" }),
    ).toBeInTheDocument();
    expect(calls.filter((call) => call.path === "/envelope/approve")).toHaveLength(1);
    expect(calls.find((call) => call.path === "/envelope/approve")?.body).toMatchObject({
      token: TOKEN,
      secretKey: SECRET,
    });
  });

  it("rejects with a required reason and sees the rejected state", async () => {
    let rejected = false;
    const { user, calls } = openAt(`${SIGN_PATH}${LINK_FRAGMENT}`, {
      open: () =>
        rejected
          ? openedForApprover({
              recipient: { ...openedForApprover().recipient, status: "declined" },
              envelope: { ...openedForApprover().envelope, status: "declined" },
            })
          : openedForApprover(),
      reject: () => {
        rejected = true;
        return { recipientStatus: "declined", envelopeStatus: "declined" };
      },
    });
    await screen.findByRole("heading", { name: "Lease agreement" });
    await user.click(screen.getByRole("button", { name: "Reject" }));
    const dialog = await screen.findByRole("dialog", { name: "Reject the document" });
    await user.click(within(dialog).getByRole("button", { name: "Reject" }));
    expect(within(dialog).getByRole("alert")).toHaveTextContent("Please give a reason.");
    expect(calls.some((call) => call.path === "/envelope/reject")).toBe(false);

    await user.type(within(dialog).getByRole("textbox", { name: /Reason/ }), "Wrong figures");
    await user.click(within(dialog).getByRole("button", { name: "Reject" }));
    expect(
      await screen.findByRole("heading", { name: "You rejected this document" }),
    ).toBeInTheDocument();
    expect(calls.find((call) => call.path === "/envelope/reject")?.body).toMatchObject({
      reason: "Wrong figures",
      token: TOKEN,
    });
    expect(calls.some((call) => call.path === "/envelope/decline")).toBe(false);
  });

  it("speaks French: Approuver and Rejeter", async () => {
    openAt(`${SIGN_PATH}?lng=fr${LINK_FRAGMENT}`, { open: () => openedForApprover() });
    await screen.findByRole("heading", { name: "Lease agreement" });
    expect(screen.getByRole("button", { name: "Approuver" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Rejeter" })).toBeInTheDocument();
    expect(screen.getByText(/Requiert votre approbation/)).toBeInTheDocument();
  });

  it("waits for an earlier approver in sequential order", async () => {
    openAt(`${SIGN_PATH}${LINK_FRAGMENT}`, {
      open: () =>
        openedForApprover({ recipient: { ...openedForApprover().recipient, isTurn: false } }),
    });
    expect(await screen.findByRole("heading", { name: "Not your turn yet" })).toBeInTheDocument();
  });
});
