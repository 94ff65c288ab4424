import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { TEST_SESSIONS, apiError, ok } from "../../../test/api";
import { renderApp } from "../../../test/render-app";

describe("sessions", () => {
  it("lists the sessions with the current one marked", async () => {
    renderApp({ path: "/settings/sessions" });
    const table = await screen.findByRole("table", { name: "Your sessions" });
    await within(table).findByText("203.0.113.7");
    const rows = within(table).getAllByRole("row");
    expect(rows).toHaveLength(1 + TEST_SESSIONS.length);
    expect(within(rows[1]!).getByText("This device")).toBeInTheDocument();
    expect(within(rows[1]!).getByText("203.0.113.7")).toBeInTheDocument();
    expect(within(rows[1]!).queryByRole("button")).not.toBeInTheDocument();
    expect(within(rows[3]!).getAllByText("Unknown")).toHaveLength(3);
  });

  it("says how each session was signed in, single sign-on included, in both languages", async () => {
    renderApp({ path: "/settings/sessions" });
    const table = await screen.findByRole("table", { name: "Your sessions" });
    await within(table).findByText("203.0.113.7");
    const rows = within(table).getAllByRole("row");
    expect(within(rows[1]!).getByText("Email code")).toBeInTheDocument();
    expect(within(rows[2]!).getByText("Single sign-on")).toBeInTheDocument();
    expect(within(rows[3]!).getByText("Passkey")).toBeInTheDocument();
  });

  it("names a single sign-on session in French", async () => {
    renderApp({ path: "/settings/sessions", language: "fr" });
    const table = await screen.findByRole("table", { name: "Vos sessions" });
    await within(table).findByText("203.0.113.7");
    expect(within(table).getByText("Authentification unique")).toBeInTheDocument();
    expect(within(table).getByText("Code par e-mail")).toBeInTheDocument();
  });

  it("ends all other sessions after confirmation, never the current one", async () => {
    let sessions = TEST_SESSIONS;
    const { user, server } = renderApp({
      path: "/settings/sessions",
      handlers: {
        "/authentication/list-sessions": () => ok({ sessions }),
        "/authentication/terminate-sessions": () => {
          sessions = TEST_SESSIONS.filter((session) => session.current);
          return ok({ terminated: 2 });
        },
      },
    });
    await user.click(await screen.findByRole("button", { name: "End all other sessions" }));
    const dialog = await screen.findByRole("alertdialog", { name: "End all other sessions?" });
    expect(server.bodiesOf("/authentication/terminate-sessions")).toEqual([]);
    await user.click(within(dialog).getByRole("button", { name: "End the other sessions" }));

    expect(await screen.findByText("The other sessions have been ended.")).toBeInTheDocument();
    expect(server.bodiesOf("/authentication/terminate-sessions")).toEqual([
      { filter: { accessKeys: ["ak_other_phone_0002", "ak_other_laptop_0003"] } },
    ]);
    await waitFor(() => expect(screen.getAllByRole("row")).toHaveLength(2));
    expect(screen.getByRole("button", { name: "End all other sessions" })).toBeDisabled();
  });

  it("keeps every session when the confirmation is cancelled", async () => {
    const { user, server } = renderApp({ path: "/settings/sessions" });
    await user.click(await screen.findByRole("button", { name: "End all other sessions" }));
    const dialog = await screen.findByRole("alertdialog");
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    expect(server.bodiesOf("/authentication/terminate-sessions")).toEqual([]);
  });

  it("ends one session from its row", async () => {
    const { user, server } = renderApp({ path: "/settings/sessions" });
    await user.click(await screen.findByRole("button", { name: "End the session ak_other…0002" }));
    const dialog = await screen.findByRole("alertdialog", { name: "End this session?" });
    await user.click(within(dialog).getByRole("button", { name: "End the session" }));
    await waitFor(() =>
      expect(server.bodiesOf("/authentication/terminate-sessions")).toEqual([
        { filter: { accessKeys: ["ak_other_phone_0002"] } },
      ]),
    );
  });

  it("says the sessions are loading until the list arrives", async () => {
    let answer: (sessions: typeof TEST_SESSIONS) => void = () => {};
    renderApp({
      path: "/settings/sessions",
      handlers: {
        "/authentication/list-sessions": () =>
          new Promise((resolve) => {
            answer = (sessions) => resolve(ok({ sessions }));
          }),
      },
    });
    const table = await screen.findByRole("table", { name: "Your sessions" });
    expect(within(table).getByRole("status")).toHaveTextContent("Loading your sessions…");
    answer(TEST_SESSIONS);
    expect(await within(table).findByText("203.0.113.7")).toBeInTheDocument();
    expect(within(table).queryByRole("status")).not.toBeInTheDocument();
  });

  it("shows the empty state when there is no session", async () => {
    renderApp({
      path: "/settings/sessions",
      handlers: { "/authentication/list-sessions": () => ok({ sessions: [] }) },
    });
    const table = await screen.findByRole("table", { name: "Your sessions" });
    expect(await within(table).findByText("No sessions")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "End all other sessions" })).toBeDisabled();
  });

  it("shows the error in the table and loads the sessions again on retry", async () => {
    const { user, server } = renderApp({
      path: "/settings/sessions",
      handlers: {
        "/authentication/list-sessions": () => apiError(500, "INTERNAL_SERVER_ERROR"),
      },
    });
    const table = await screen.findByRole("table", { name: "Your sessions" });
    expect(await within(table).findByRole("alert")).toBeInTheDocument();
    server.use({ "/authentication/list-sessions": () => ok({ sessions: TEST_SESSIONS }) });
    await user.click(within(table).getByRole("button", { name: "Try again" }));
    expect(await within(table).findByText("203.0.113.7")).toBeInTheDocument();
    expect(within(table).queryByRole("alert")).not.toBeInTheDocument();
  });

  it("sorts the sessions by a column from its header", async () => {
    const { user } = renderApp({ path: "/settings/sessions" });
    const table = await screen.findByRole("table", { name: "Your sessions" });
    await within(table).findByText("203.0.113.7");
    await user.click(within(table).getByRole("button", { name: "Created" }));
    expect(within(table).getByRole("columnheader", { name: "Created" })).toHaveAttribute(
      "aria-sort",
      "ascending",
    );
    const rows = within(table).getAllByRole("row");
    expect(within(rows[1]!).getAllByText("Unknown")).toHaveLength(3);
    expect(within(rows[3]!).getByText("This device")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Export" })).toBeEnabled();
  });
});
