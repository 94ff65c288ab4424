import { screen, waitFor } from "@testing-library/react";
import { MANAGED_ROLE_RULES } from "@paraphe/permissions";
import { describe, expect, it } from "vitest";
import { apiError, ok } from "../../../test/api";
import { profileLoader, renderApp, TEST_PROFILE } from "../../../test/render-app";

const DEFAULTS = {
  mode: "deployment",
  server: null,
  verifiedAt: null,
  inUse: false,
  lastError: null,
  lastErrorAt: null,
  lastDeliveredAt: null,
  undelivered: 0,
};

const SERVER = {
  host: "smtp.acme.example",
  port: 587,
  tls: "starttls",
  user: "mailer",
  hasPassword: true,
  fromAddress: "signatures@acme.example",
};

const UNVERIFIED = { ...DEFAULTS, mode: "smtp", server: SERVER };
const VERIFIED = { ...UNVERIFIED, verifiedAt: "2026-12-07T10:00:00.000Z", inUse: true };

describe("mail sender settings", () => {
  it("checks the server's fields with the contract's rules, saves it unverified and verifies it with a test message", async () => {
    let tests = 0;
    const { user, server } = renderApp({
      path: "/settings/mail-sender",
      handlers: {
        "/mail-sender/get": () => ok({ sender: DEFAULTS }),
        "/mail-sender/save": () => ok({ sender: UNVERIFIED }),
        "/mail-sender/test": () => {
          tests += 1;
          return tests === 1
            ? ok({
                delivered: false,
                error: "EAUTH: Invalid login: 535 Authentication failed",
                to: TEST_PROFILE.email,
                sender: {
                  ...UNVERIFIED,
                  lastError: "EAUTH: Invalid login: 535 Authentication failed",
                  lastErrorAt: "2026-12-07T10:00:00.000Z",
                },
              })
            : ok({ delivered: true, error: null, to: TEST_PROFILE.email, sender: VERIFIED });
        },
      },
    });
    expect(
      await screen.findByText("Mail leaves from Paraphe's server with the team's name."),
    ).toBeVisible();
    await user.click(screen.getByRole("radio", { name: /Through our own SMTP server/ }));
    await user.type(screen.getByRole("textbox", { name: /Host/ }), "smtp acme");
    const port = screen.getByRole("spinbutton", { name: /Port/ });
    await user.clear(port);
    await user.type(port, "70000");
    await user.type(screen.getByRole("textbox", { name: /From address/ }), "nope");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(
      await screen.findByText("Enter a host name such as smtp.example.com, or an IP address."),
    ).toBeVisible();
    expect(screen.getByText("Enter a port from 1 to 65535.")).toBeVisible();
    expect(screen.getByText("Enter a valid email address.")).toBeVisible();
    expect(server.bodiesOf("/mail-sender/save")).toEqual([]);

    const host = screen.getByRole("textbox", { name: /Host/ });
    await user.clear(host);
    await user.type(host, "smtp.acme.example");
    await user.clear(port);
    await user.type(port, "587");
    await user.type(screen.getByRole("textbox", { name: /User name/ }), "mailer");
    await user.type(screen.getByLabelText(/Password/), "s3cret");
    const from = screen.getByRole("textbox", { name: /From address/ });
    await user.clear(from);
    await user.type(from, "signatures@acme.example");
    // Not saved yet: the test uses the saved settings.
    expect(screen.getByRole("button", { name: "Send a test message" })).toBeDisabled();
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(server.bodiesOf("/mail-sender/save")).toEqual([
        {
          mode: "smtp",
          host: "smtp.acme.example",
          port: 587,
          tls: "starttls",
          user: "mailer",
          password: "s3cret",
          fromAddress: "signatures@acme.example",
        },
      ]),
    );
    expect(
      await screen.findByText(/smtp\.acme\.example is not verified: mail keeps leaving/),
    ).toBeVisible();
    expect(screen.getByText(/it is never sent from Paraphe's server instead/)).toBeVisible();
    expect(screen.getByLabelText(/Password/)).toHaveValue("");

    const test = screen.getByRole("button", { name: "Send a test message" });
    expect(test).toBeEnabled();
    expect(
      screen.getByText(`A test message goes through the saved server to ${TEST_PROFILE.email}.`),
    ).toBeVisible();
    await user.click(test);
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "The test message could not be sent: EAUTH: Invalid login: 535 Authentication failed",
    );
    expect(screen.getByText(/Last failure on .*535 Authentication failed/)).toBeVisible();

    await user.click(screen.getByRole("button", { name: "Send a test message" }));
    expect(
      await screen.findByText(/Mail leaves through smtp\.acme\.example \(verified on/),
    ).toBeVisible();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("keeps the saved password when left empty, and goes back to Paraphe's server", async () => {
    const { user, server } = renderApp({
      path: "/settings/mail-sender",
      handlers: {
        "/mail-sender/get": () => ok({ sender: VERIFIED }),
        "/mail-sender/save": () =>
          ok({ sender: { ...VERIFIED, mode: "deployment", inUse: false } }),
      },
    });
    expect(
      await screen.findByText(/A password is saved: leave this empty to keep it/),
    ).toBeVisible();
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(server.bodiesOf("/mail-sender/save")).toEqual([
        {
          mode: "smtp",
          host: "smtp.acme.example",
          port: 587,
          tls: "starttls",
          user: "mailer",
          fromAddress: "signatures@acme.example",
        },
      ]),
    );
    await user.click(screen.getByRole("radio", { name: /From Paraphe's server/ }));
    expect(screen.queryByRole("textbox", { name: /Host/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(server.bodiesOf("/mail-sender/save")).toHaveLength(2));
    expect(server.bodiesOf("/mail-sender/save")[1]).toEqual({ mode: "deployment" });
  });

  it("shows a failing server's last error and the mail waiting for it, in French", async () => {
    renderApp({
      path: "/settings/mail-sender",
      language: "fr",
      handlers: {
        "/mail-sender/get": () =>
          ok({
            sender: {
              ...VERIFIED,
              lastError: "ECONNREFUSED: connect ECONNREFUSED",
              lastErrorAt: "2026-12-07T11:00:00.000Z",
              lastDeliveredAt: "2026-12-07T10:30:00.000Z",
              undelivered: 3,
            },
          }),
      },
    });
    expect(
      await screen.findByRole("heading", { name: "Expéditeur des e-mails", level: 2 }),
    ).toBeVisible();
    expect(await screen.findByText(/Dernier échec le .*ECONNREFUSED/)).toBeVisible();
    expect(screen.getByText(/^3\smessages attendent d’être remis\.$/)).toBeVisible();
    expect(
      screen.getByText(/ils ne partent jamais du serveur de Paraphe à la place/),
    ).toBeVisible();
  });

  it("says when the settings cannot be loaded", async () => {
    renderApp({
      path: "/settings/mail-sender",
      handlers: { "/mail-sender/get": () => apiError(500, "INTERNAL_SERVER_ERROR") },
    });
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "The mail sender could not be loaded.",
    );
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
    expect(screen.queryByRole("link", { name: "Mail sender" })).not.toBeInTheDocument();
  });
});
