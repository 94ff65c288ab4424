import { createBrowserI18n } from "@paraphe/i18n";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { App } from "../../../app/app";
import { openEnvelopeEarly, takeAccessLinkFromAddress } from "../../../app/start";
import {
  apiError,
  createTestApi,
  DOCUMENT_UUID,
  ENVELOPE_UUID,
  json,
  openedEnvelope,
  PIXEL_PNG,
  SECRET,
  TEXT_FIELD_UUID,
  TOKEN,
  type SigningHandlers,
} from "../../../test/api-handlers";
import { installFakeCanvas } from "../../../test/canvas";
import {
  bringPagesNear,
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

describe("the access link", () => {
  it("is read from the fragment, cleared from the address bar, and kept for a reload", async () => {
    const first = openAt(`${SIGN_PATH}?lng=en${LINK_FRAGMENT}`);
    expect(window.location.hash).toBe("");
    expect(window.location.pathname + window.location.search).toBe(`${SIGN_PATH}?lng=en`);
    expect(await screen.findByRole("heading", { name: "Lease agreement" })).toBeInTheDocument();
    const open = first.calls.find((call) => call.path === "/envelope/open");
    // The test window is 1024 pixels wide at a ratio of 1: previews 1000 wide.
    expect(open?.body).toEqual({
      envelopeUuid: ENVELOPE_UUID,
      token: TOKEN,
      secretKey: SECRET,
      previewWidth: 1000,
    });
    first.unmount();

    // A reload of the tab: the address has no fragment any more; the link comes from the session.
    const reloaded = openAt(SIGN_PATH);
    expect(await screen.findByRole("heading", { name: "Lease agreement" })).toBeInTheDocument();
    expect(reloaded.calls.find((call) => call.path === "/envelope/open")?.body).toEqual({
      envelopeUuid: ENVELOPE_UUID,
      token: TOKEN,
      secretKey: SECRET,
      previewWidth: 1000,
    });
  });

  it("shows a loading skeleton while the envelope opens", async () => {
    openAt(`${SIGN_PATH}${LINK_FRAGMENT}`);
    expect(screen.getByRole("status")).toHaveTextContent("Opening the document…");
    expect(await screen.findByRole("heading", { name: "Lease agreement" })).toBeInTheDocument();
  });
});

describe("the open call the entry sends before React", () => {
  /** As `main.tsx` does: the link taken, the call sent, then handed to the page. */
  function openEarlyAt(url: string, handlers: SigningHandlers = {}) {
    window.history.replaceState(null, "", url);
    const { api, calls } = createTestApi(handlers);
    const link = takeAccessLinkFromAddress();
    if (!link) throw new Error("no access link in the address");
    const started = openEnvelopeEarly(api, link);
    if (!started) throw new Error("the entry sent no open call");
    render(<App i18n={createBrowserI18n()} api={api} opening={started} />);
    return { calls, started };
  }

  it("is taken over by the page, which opens the envelope once", async () => {
    const { calls, started } = openEarlyAt(`${SIGN_PATH}${LINK_FRAGMENT}`);
    await started;
    expect(await screen.findByRole("heading", { name: "Lease agreement" })).toBeInTheDocument();
    expect(calls.filter((call) => call.path === "/envelope/open")).toHaveLength(1);
  });

  it("shows its failure as the page's error without calling again until asked", async () => {
    const { calls } = openEarlyAt(`${SIGN_PATH}${LINK_FRAGMENT}`, {
      open: () => apiError(404, "NOT_FOUND", "/envelope/open"),
    });
    expect(await screen.findByRole("heading", { name: "Document not found" })).toBeInTheDocument();
    expect(calls.filter((call) => call.path === "/envelope/open")).toHaveLength(1);
  });

  it("is not sent for a path that names no envelope", () => {
    window.history.replaceState(null, "", `/sign/not-a-uuid${LINK_FRAGMENT}`);
    const link = takeAccessLinkFromAddress();
    expect(link).not.toBeNull();
    expect(openEnvelopeEarly(createTestApi().api, link!)).toBeNull();
  });
});

describe("the signing page errors (spec §8)", () => {
  it("shows 'document not found' when the api answers NOT_FOUND", async () => {
    openAt(`${SIGN_PATH}${LINK_FRAGMENT}`, {
      open: () => apiError(404, "NOT_FOUND", "/envelope/open"),
    });
    expect(await screen.findByRole("heading", { name: "Document not found" })).toBeInTheDocument();
    expect(screen.getByText(/ask the sender for a new invitation/i)).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe("Document not found · Paraphe"));
  });

  it("shows 'invalid or expired access link' when the api answers ACCESS_LINK_INVALID", async () => {
    openAt(`${SIGN_PATH}${LINK_FRAGMENT}`, {
      open: () => apiError(403, "ACCESS_LINK_INVALID", "/envelope/open"),
    });
    expect(
      await screen.findByRole("heading", { name: "Invalid or expired access link" }),
    ).toBeInTheDocument();
  });

  it("shows 'invalid or expired access link' without calling the api when the link has no secret", async () => {
    const { calls } = openAt(SIGN_PATH);
    expect(
      await screen.findByRole("heading", { name: "Invalid or expired access link" }),
    ).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it("shows 'unable to access, retry later' for any other failure, and retries on demand", async () => {
    let failures = 1;
    const { user } = openAt(`${SIGN_PATH}${LINK_FRAGMENT}`, {
      open: () =>
        failures-- > 0
          ? apiError(500, "INTERNAL_SERVER_ERROR", "/envelope/open")
          : openedEnvelope(),
    });
    expect(
      await screen.findByRole("heading", { name: "Unable to access the document" }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("heading", { name: "Lease agreement" })).toBeInTheDocument();
  });

  it("says a document whose file the api cannot read is not available right now (not canceled), and retries on demand, in English and French", async () => {
    let failures = 1;
    const unavailable = () =>
      json(409, {
        statusCode: 409,
        error: {
          code: "CONFLICT",
          message: "CONFLICT message",
          suggestion: "",
          documentationUrl: "",
          fields: [{ path: "conflict", code: "conflict", message: "document_unavailable" }],
        },
        requestId: "req-1",
        timestamp: "2026-11-22T10:00:00.000Z",
        path: "/envelope/open",
      });
    const { user, unmount } = openAt(`${SIGN_PATH}${LINK_FRAGMENT}`, {
      open: () => (failures-- > 0 ? unavailable() : openedEnvelope()),
    });
    expect(
      await screen.findByRole("heading", { name: "This document is not available right now" }),
    ).toBeInTheDocument();
    expect(screen.getByText(/The sender has been told/)).toBeInTheDocument();
    expect(screen.queryByText(/canceled/i)).toBeNull();
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("heading", { name: "Lease agreement" })).toBeInTheDocument();
    unmount();

    openAt(`${SIGN_PATH}?lng=fr${LINK_FRAGMENT}`, { open: unavailable });
    expect(
      await screen.findByRole("heading", {
        name: "Ce document n’est pas disponible pour le moment",
      }),
    ).toBeInTheDocument();
  });

  it("speaks French with ?lng=fr", async () => {
    openAt(`${SIGN_PATH}?lng=fr${LINK_FRAGMENT}`, {
      open: () => apiError(404, "NOT_FOUND", "/envelope/open"),
    });
    expect(
      await screen.findByRole("heading", { name: "Document introuvable" }),
    ).toBeInTheDocument();
  });
});

/** The first page's view gives way to the workspace (its code and TanStack Query are there). */
async function workspaceTakesOver(container: HTMLElement) {
  await waitFor(() => expect(container.querySelector("[data-first-view]")).toBeNull());
}

describe("the first page's view, before the workspace's code", () => {
  it("keeps a tap on a field and opens the field once the workspace is there", async () => {
    const opened = openedEnvelope({
      firstPage: {
        documentUuid: DOCUMENT_UUID,
        filename: "lease-page-1.png",
        contentType: "image/png",
        data: PIXEL_PNG,
      },
    });
    opened.fields.push({
      ...opened.fields[0]!,
      uuid: TEXT_FIELD_UUID,
      kind: "text",
      page: 0,
      label: "City",
    });
    const { container, user } = openAt(`${SIGN_PATH}${LINK_FRAGMENT}`, { open: () => opened });
    await screen.findByRole("heading", { name: "Lease agreement" });
    // The field is drawn as its outline, where its input will be.
    expect(container.querySelector("[data-first-view]")).not.toBeNull();
    await user.click(screen.getByRole("button", { name: "City (required)" }));
    // The workspace comes and opens the sheet of the field tapped.
    expect(await screen.findByRole("dialog", { name: "City (required)" })).toBeInTheDocument();
    expect(container.querySelector("[data-first-view]")).toBeNull();
  });
});

describe("reading before signing", () => {
  it("shows the first page carried by the open call at once, without asking for it again", async () => {
    const { calls, container } = openAt(`${SIGN_PATH}${LINK_FRAGMENT}`, {
      open: () =>
        openedEnvelope({
          viewedPages: { [DOCUMENT_UUID]: [0] },
          firstPage: {
            documentUuid: DOCUMENT_UUID,
            filename: "lease-page-1.png",
            contentType: "image/png",
            data: PIXEL_PNG,
          },
        }),
    });
    await screen.findByRole("heading", { name: "Lease agreement" });
    const image = container.querySelector('[data-page="0"] img');
    expect(image).toHaveAttribute("src", `data:image/png;base64,${PIXEL_PNG}`);
    expect(screen.getByText("Pages read 1 / 2")).toBeInTheDocument();
    // Drawn from the open call's answer first; the workspace takes over without calling it again.
    expect(container.querySelector("[data-first-view]")).not.toBeNull();
    await workspaceTakesOver(container);
    expect(container.querySelector('[data-page="0"] img')).toHaveAttribute(
      "src",
      `data:image/png;base64,${PIXEL_PNG}`,
    );
    expect(calls.filter((call) => call.path === "/envelope/open")).toHaveLength(1);

    scrollPagesIntoView();
    expect(await screen.findByText("Pages read 2 / 2")).toBeInTheDocument();
    const pages = calls.filter((call) => call.path === "/envelope/download-signer-document");
    expect(pages.map((call) => call.body.page)).toEqual([1]);
  });

  it("asks for the first page and the others at the phone's width, keyed by it", async () => {
    // A phone 360 CSS pixels wide at 2 device pixels each: 720 pixels, previews 720 wide.
    const width = { innerWidth: window.innerWidth, devicePixelRatio: window.devicePixelRatio };
    Object.assign(window, { innerWidth: 360, devicePixelRatio: 2 });
    try {
      const { calls, container } = openAt(`${SIGN_PATH}${LINK_FRAGMENT}`, {
        open: () =>
          openedEnvelope({
            firstPage: {
              documentUuid: DOCUMENT_UUID,
              filename: "lease-page-1.png",
              contentType: "image/png",
              data: PIXEL_PNG,
            },
          }),
      });
      await screen.findByRole("heading", { name: "Lease agreement" });
      expect(calls.find((call) => call.path === "/envelope/open")?.body).toMatchObject({
        previewWidth: 720,
      });
      // The open call's first page is the one the page's query at that width finds.
      const image = container.querySelector('[data-page="0"] img');
      expect(image).toHaveAttribute("src", `data:image/png;base64,${PIXEL_PNG}`);
      await workspaceTakesOver(container);
      scrollPagesIntoView();
      expect(await screen.findByText("Pages read 2 / 2")).toBeInTheDocument();
      const pages = calls.filter((call) => call.path === "/envelope/download-signer-document");
      expect(pages.map((call) => [call.body.page, call.body.previewWidth])).toEqual([[1, 720]]);
    } finally {
      Object.assign(window, width);
    }
  });

  it("keeps Sign disabled until every page was viewed", async () => {
    const { calls } = openAt(`${SIGN_PATH}${LINK_FRAGMENT}`);
    await screen.findByRole("heading", { name: "Lease agreement" });
    const sign = screen.getByRole("button", { name: "Sign" });
    expect(sign).toBeDisabled();
    expect(screen.getByText("Pages read 0 / 2")).toBeInTheDocument();
    expect(sign).toHaveAccessibleDescription("Scroll through every page to sign.");

    scrollPagesIntoView((element) => element.getAttribute("data-page") === "0");
    expect(await screen.findByText("Pages read 1 / 2")).toBeInTheDocument();
    expect(sign).toBeDisabled();

    scrollPagesIntoView();
    expect(await screen.findByText("Pages read 2 / 2")).toBeInTheDocument();
    await waitFor(() => expect(sign).toBeEnabled());
    const pages = calls.filter((call) => call.path === "/envelope/download-signer-document");
    expect(pages.map((call) => call.body.page)).toEqual([0, 1]);
    expect(pages[0]?.body).toMatchObject({ documentUuid: DOCUMENT_UUID, token: TOKEN });
  });

  it("counts a page read only once it is on screen, not when its preview loads ahead of it", async () => {
    const { calls, container } = openAt(`${SIGN_PATH}${LINK_FRAGMENT}`);
    await screen.findByRole("heading", { name: "Lease agreement" });
    bringPagesNear();
    await waitFor(() => expect(container.querySelectorAll("[data-loaded]")).toHaveLength(2));
    window.dispatchEvent(new Event("scroll"));
    expect(screen.getByText("Pages read 0 / 2")).toBeInTheDocument();
    expect(calls.filter((call) => call.path === "/envelope/mark-page-read")).toEqual([]);

    scrollPagesIntoView((element) => element.getAttribute("data-page") === "0");
    expect(await screen.findByText("Pages read 1 / 2")).toBeInTheDocument();
    const marked = calls.filter((call) => call.path === "/envelope/mark-page-read");
    expect(marked.map((call) => call.body)).toEqual([
      expect.objectContaining({ documentUuid: DOCUMENT_UUID, page: 0, token: TOKEN }),
    ]);
    expect(screen.getByRole("button", { name: "Sign" })).toBeDisabled();
  });

  it("does not count a page the server did not record as read, and says so", async () => {
    openAt(`${SIGN_PATH}${LINK_FRAGMENT}`, {
      read: () => apiError(400, "VALIDATION_ERROR", "/envelope/mark-page-read"),
    });
    await screen.findByRole("heading", { name: "Lease agreement" });
    scrollPagesIntoView();
    expect(
      await screen.findByText(
        "This page could not be recorded as read. Scroll back to it to try again.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByText("Pages read 0 / 2")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Sign" })).toBeDisabled();
  });

  it("opens the signature pad from the signature zone on the page, once every page was read", async () => {
    installFakeCanvas();
    const { container } = openAt(`${SIGN_PATH}${LINK_FRAGMENT}`, {
      open: () => openedEnvelope({ viewedPages: { [DOCUMENT_UUID]: [0, 1] } }),
    });
    await screen.findByRole("heading", { name: "Lease agreement" });
    scrollPagesIntoView();
    await waitFor(() => expect(container.querySelectorAll("[data-loaded]")).toHaveLength(2));
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: /^Signature/ }));
    expect(await screen.findByRole("dialog", { name: "Your signature" })).toBeInTheDocument();
  });

  it("says what is left when the signature zone is tapped before every page was read", async () => {
    openAt(`${SIGN_PATH}${LINK_FRAGMENT}`, {
      read: (body) =>
        body.page === 1
          ? { viewedPages: { [DOCUMENT_UUID]: [1] } }
          : apiError(500, "INTERNAL_SERVER_ERROR", "/envelope/mark-page-read"),
    });
    await screen.findByRole("heading", { name: "Lease agreement" });
    scrollPagesIntoView((element) => element.getAttribute("data-page") === "1");
    expect(await screen.findByText("Pages read 1 / 2")).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: /^Signature/ }));
    expect(await screen.findAllByText("Scroll through every page to sign.")).not.toHaveLength(0);
    expect(screen.queryByRole("dialog", { name: "Your signature" })).not.toBeInTheDocument();
  });

  it("draws what earlier signers filled in and signed on the pages, read-only", async () => {
    const earlier = {
      documentUuid: DOCUMENT_UUID,
      page: 0,
      x: 0.1,
      y: 0.2,
      width: 0.4,
      height: 0.05,
      recipientUuid: "0a1b2c3d-4e5f-4a6b-8c7d-8e9fa0b1c2d3",
      by: "Zoë Lefèvre",
      label: "Amount",
    };
    const { container } = openAt(`${SIGN_PATH}${LINK_FRAGMENT}`, {
      open: () =>
        openedEnvelope({
          completedFields: [
            {
              ...earlier,
              uuid: "1a1b2c3d-4e5f-4a6b-8c7d-8e9fa0b1c2d3",
              kind: "text",
              text: "Réglé à 12 345,67 €",
              image: null,
            },
            {
              ...earlier,
              uuid: "2a1b2c3d-4e5f-4a6b-8c7d-8e9fa0b1c2d3",
              y: 0.5,
              kind: "signature",
              label: null,
              text: null,
              image: PIXEL_PNG,
            },
          ],
        }),
    });
    await screen.findByRole("heading", { name: "Lease agreement" });
    scrollPagesIntoView();
    const page = await waitFor(() => {
      const first = container.querySelector<HTMLElement>('[data-page="0"][data-loaded]');
      expect(first).not.toBeNull();
      return first!;
    });
    expect(
      within(page).getByRole("img", { name: "Amount (Zoë Lefèvre): Réglé à 12 345,67 €" }),
    ).toHaveTextContent("Réglé à 12 345,67 €");
    const signature = within(page).getByRole("img", { name: "Signature of Zoë Lefèvre" });
    expect(signature.querySelector("img")).toHaveAttribute(
      "src",
      `data:image/png;base64,${PIXEL_PNG}`,
    );
    // Read-only: nothing of theirs can be typed into.
    expect(within(page).queryByRole("textbox")).not.toBeInTheDocument();
  });

  it("counts the pages the server already recorded as viewed", async () => {
    openAt(`${SIGN_PATH}${LINK_FRAGMENT}`, {
      open: () => openedEnvelope({ viewedPages: { [DOCUMENT_UUID]: [0, 1] } }),
    });
    await screen.findByRole("heading", { name: "Lease agreement" });
    expect(screen.getByText("Pages read 2 / 2")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Sign" })).toBeEnabled();
  });

  it("keeps Sign disabled while a required text field is empty", async () => {
    const opened = openedEnvelope();
    opened.fields.push({
      ...opened.fields[0]!,
      uuid: TEXT_FIELD_UUID,
      kind: "text",
      page: 0,
      label: "City",
    });
    const { user } = openAt(`${SIGN_PATH}${LINK_FRAGMENT}`, { open: () => opened });
    await screen.findByRole("heading", { name: "Lease agreement" });
    scrollPagesIntoView();
    expect(await screen.findByText("1 required field left to fill")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Sign" })).toBeDisabled();
    // Not shown missing before the signer did anything.
    const field = screen.getByRole("button", { name: "City (required)" });
    expect(field).not.toHaveAttribute("data-missing");
    await user.click(field);
    const sheet = await screen.findByRole("dialog", { name: "City (required)" });
    const input = within(sheet).getByRole("textbox", { name: /City/ });
    expect(input).toHaveFocus();
    await user.type(input, "P");
    await user.clear(input);
    // Typed in, then emptied: now it is.
    expect(input).toHaveAttribute("aria-invalid", "true");
    await user.type(input, "Réglé à 12 345,67 €");
    expect(input).not.toHaveAttribute("aria-invalid");
    await user.click(within(sheet).getByRole("button", { name: "Done" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(field).toHaveFocus();
    expect(field).toHaveAccessibleDescription("Réglé à 12 345,67 €");
    expect(screen.getByRole("button", { name: "Sign" })).toBeEnabled();
  });

  it("shows a required field missing once the signer tries to finish without it", async () => {
    const opened = openedEnvelope();
    opened.fields.push({
      ...opened.fields[0]!,
      uuid: TEXT_FIELD_UUID,
      kind: "text",
      page: 0,
      label: "City",
    });
    const { user } = openAt(`${SIGN_PATH}${LINK_FRAGMENT}`, { open: () => opened });
    await screen.findByRole("heading", { name: "Lease agreement" });
    scrollPagesIntoView();
    expect(await screen.findByText("1 required field left to fill")).toBeInTheDocument();
    const field = screen.getByRole("button", { name: "City (required)" });
    expect(field).not.toHaveAttribute("data-missing");
    await user.click(screen.getByRole("button", { name: /^Signature/ }));
    expect(field).toHaveAttribute("data-missing", "true");
  });
});

describe("declining", () => {
  it("requires a reason, then declines with it and shows the declined state", async () => {
    let declined = false;
    const { user, calls } = openAt(`${SIGN_PATH}${LINK_FRAGMENT}`, {
      open: () =>
        declined
          ? openedEnvelope({
              recipient: { ...openedEnvelope().recipient, status: "declined" },
              envelope: { ...openedEnvelope().envelope, status: "declined" },
            })
          : openedEnvelope(),
      decline: () => {
        declined = true;
        return { recipientStatus: "declined", envelopeStatus: "declined" };
      },
    });
    await screen.findByRole("heading", { name: "Lease agreement" });
    await user.click(screen.getByRole("button", { name: "Decline" }));
    const dialog = await screen.findByRole("dialog", { name: "Decline to sign" });
    await user.click(within(dialog).getByRole("button", { name: "Decline" }));
    expect(within(dialog).getByRole("alert")).toHaveTextContent("Please give a reason.");
    expect(calls.some((call) => call.path === "/envelope/decline")).toBe(false);

    await user.type(within(dialog).getByRole("textbox", { name: /Reason/ }), "Wrong address");
    await user.click(within(dialog).getByRole("button", { name: "Decline" }));
    expect(
      await screen.findByRole("heading", { name: "You declined this document" }),
    ).toBeInTheDocument();
    expect(calls.find((call) => call.path === "/envelope/decline")?.body).toMatchObject({
      reason: "Wrong address",
      token: TOKEN,
    });
  });

  it("then opens the envelope again without asking for the pages its link no longer serves", async () => {
    let declined = false;
    const { user, calls } = openAt(`${SIGN_PATH}${LINK_FRAGMENT}`, {
      open: () =>
        declined
          ? openedEnvelope({
              recipient: { ...openedEnvelope().recipient, status: "declined" },
              envelope: { ...openedEnvelope().envelope, status: "declined" },
            })
          : openedEnvelope(),
      decline: () => {
        declined = true;
        return { recipientStatus: "declined", envelopeStatus: "declined" };
      },
    });
    await screen.findByRole("heading", { name: "Lease agreement" });
    scrollPagesIntoView();
    await screen.findByText("Pages read 2 / 2");
    const pagesBefore = calls.filter(
      (call) => call.path === "/envelope/download-signer-document",
    ).length;
    const opensBefore = calls.filter((call) => call.path === "/envelope/open").length;
    await user.click(screen.getByRole("button", { name: "Decline" }));
    const dialog = await screen.findByRole("dialog", { name: "Decline to sign" });
    await user.type(within(dialog).getByRole("textbox", { name: /Reason/ }), "Wrong address");
    await user.click(within(dialog).getByRole("button", { name: "Decline" }));
    await screen.findByRole("heading", { name: "You declined this document" });
    expect(calls.filter((call) => call.path === "/envelope/open")).toHaveLength(opensBefore + 1);
    expect(calls.filter((call) => call.path === "/envelope/download-signer-document")).toHaveLength(
      pagesBefore,
    );
  });
});

describe("a link that stops working while the page is open", () => {
  it("says the link is invalid or expired when declining is refused for it, in English and French", async () => {
    for (const [language, heading] of [
      ["en", "Invalid or expired access link"],
      ["fr", "Lien d’accès invalide ou expiré"],
    ] as const) {
      let spent = false;
      const { user, unmount } = openAt(`${SIGN_PATH}?lng=${language}${LINK_FRAGMENT}`, {
        open: () =>
          spent ? apiError(403, "ACCESS_LINK_INVALID", "/envelope/open") : openedEnvelope(),
        decline: () => {
          spent = true;
          return apiError(403, "ACCESS_LINK_INVALID", "/envelope/decline");
        },
      });
      await screen.findByRole("heading", { name: "Lease agreement" });
      const declineLabel = language === "en" ? "Decline" : "Refuser";
      await user.click(screen.getByRole("button", { name: declineLabel }));
      const dialog = await screen.findByRole("dialog");
      await user.type(within(dialog).getByRole("textbox"), "Wrong address");
      await user.click(within(dialog).getByRole("button", { name: declineLabel }));
      expect(await screen.findByRole("heading", { name: heading })).toBeInTheDocument();
      unmount();
      sessionStorage.clear();
    }
  });
});

describe("when there is nothing to sign", () => {
  it("says whose turn it is without naming anyone", async () => {
    openAt(`${SIGN_PATH}${LINK_FRAGMENT}`, {
      open: () => openedEnvelope({ recipient: { ...openedEnvelope().recipient, isTurn: false } }),
    });
    expect(await screen.findByRole("heading", { name: "Not your turn yet" })).toBeInTheDocument();
  });

  it("keeps the link in the tab while the recipient's turn is to come, and forgets it once the envelope is over", async () => {
    const notYet = openAt(`${SIGN_PATH}${LINK_FRAGMENT}`, {
      open: () => openedEnvelope({ recipient: { ...openedEnvelope().recipient, isTurn: false } }),
    });
    await screen.findByRole("heading", { name: "Not your turn yet" });
    expect(JSON.stringify({ ...sessionStorage })).toContain(SECRET);
    notYet.unmount();

    const over = openAt(SIGN_PATH, {
      open: () =>
        openedEnvelope({ envelope: { ...openedEnvelope().envelope, status: "canceled" } }),
    });
    await screen.findByRole("heading", { name: /canceled/i });
    await waitFor(() => expect(JSON.stringify({ ...sessionStorage })).not.toContain(SECRET));
    expect(window.location.hash).toBe("");
    over.unmount();
  });

  it("offers the signed PDF and its proof once the envelope is complete", async () => {
    const { calls, user } = openAt(`${SIGN_PATH}${LINK_FRAGMENT}`, {
      open: () =>
        openedEnvelope({
          envelope: { ...openedEnvelope().envelope, status: "complete" },
          recipient: { ...openedEnvelope().recipient, status: "signed" },
        }),
    });
    expect(
      await screen.findByRole("heading", { name: "This document is signed by everyone" }),
    ).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Download the signed PDF" })).toBeInTheDocument();
    expect(
      screen.getByText(
        "You can download the signed document and its audit-log proof with this link for 30 days after everyone signed.",
      ),
    ).toBeInTheDocument();
    // The proof through the same link (a copy's link too).
    await user.click(screen.getByRole("button", { name: "Download the audit-log proof" }));
    await waitFor(() =>
      expect(
        calls.find(
          (call) =>
            call.path === "/envelope/download-signer-document" &&
            (call.body as { proof?: boolean }).proof === true,
        )?.body,
      ).toEqual({ envelopeUuid: ENVELOPE_UUID, token: TOKEN, secretKey: SECRET, proof: true }),
    );
  });
});
