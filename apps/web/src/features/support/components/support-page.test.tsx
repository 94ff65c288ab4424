import { type SupportConversation, type SupportMessage } from "@paraphe/api-sdk/contract";
import { act, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { apiError, ok } from "../../../test/api";
import { renderApp } from "../../../test/render-app";
import { supportKeys } from "../api/keys";
import { appendMessages } from "../api/support-queries";

const QUESTION: SupportMessage = {
  uuid: "0a1b2c3d-0000-4000-8000-000000000001",
  author: "member",
  body: "How do I add a second signer?",
  at: "2026-11-20T10:00:00.000Z",
};
const ANSWER: SupportMessage = {
  uuid: "0a1b2c3d-0000-4000-8000-000000000002",
  author: "operator",
  body: "Open the envelope and choose Add recipient.",
  at: "2026-11-20T10:05:00.000Z",
};
const CONVERSATION: SupportConversation = {
  uuid: "0a1b2c3d-0000-4000-8000-0000000000c1",
  teamName: "Acme",
  memberName: "Ada Lovelace",
  memberEmail: "ada@example.com",
  lastMessageAt: QUESTION.at,
  lastMessage: QUESTION.body,
  lastAuthor: "member",
  unread: 1,
};

describe("appendMessages", () => {
  it("appends the new messages and keeps each message once", () => {
    expect(appendMessages([QUESTION], [QUESTION, ANSWER])).toEqual([QUESTION, ANSWER]);
  });
});

describe("the support page", () => {
  it("shows an empty conversation and sends a message with the composer", async () => {
    const { user, server } = renderApp({
      path: "/settings/support",
      handlers: {
        "/support/list-messages": () => ok({ messages: [], operator: false }),
        "/support/send": () => ok({ message: QUESTION }),
      },
    });
    expect(await screen.findByText(/No messages yet/)).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: /Answer the members/ })).not.toBeInTheDocument();
    const field = screen.getByRole("textbox", { name: /Your message/ });
    await user.type(field, QUESTION.body);
    expect(screen.getByText(`${QUESTION.body.length} / 4000 characters`)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Send" }));

    const log = await screen.findByRole("log", { name: "Your conversation with support" });
    expect(within(log).getByText(QUESTION.body)).toBeInTheDocument();
    expect(server.bodiesOf("/support/send")).toEqual([{ body: QUESTION.body }]);
    expect(field).toHaveValue("");
  });

  it("refuses an empty message without calling the api", async () => {
    const { user, server } = renderApp({
      path: "/settings/support",
      handlers: { "/support/list-messages": () => ok({ messages: [], operator: false }) },
    });
    await user.click(await screen.findByRole("button", { name: "Send" }));
    expect(await screen.findByRole("alert")).toBeInTheDocument();
    expect(server.bodiesOf("/support/send")).toEqual([]);
  });

  it("asks only for the messages after the last one, and shows the answer without a reload", async () => {
    let answered = false;
    const { server, queryClient } = renderApp({
      path: "/settings/support",
      handlers: {
        "/support/list-messages": ({ body }) =>
          ok({
            messages:
              (body as { after?: string }).after === undefined
                ? [QUESTION]
                : answered
                  ? [ANSWER]
                  : [],
            operator: true,
          }),
      },
    });
    const log = await screen.findByRole("log");
    expect(within(log).getByText(QUESTION.body)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /Answer the members/ })).toHaveAttribute(
      "href",
      "/support/operator",
    );
    answered = true;
    // What the poll interval does while the page is visible.
    await act(() => queryClient.refetchQueries({ queryKey: supportKeys.messages() }));
    expect(await within(log).findByText(ANSWER.body)).toBeInTheDocument();
    expect(within(log).getAllByRole("listitem")).toHaveLength(2);
    expect(server.bodiesOf("/support/list-messages")).toContainEqual({ after: QUESTION.uuid });
  });

  it("says when the conversation cannot be loaded and offers to try again", async () => {
    renderApp({
      path: "/settings/support",
      handlers: { "/support/list-messages": () => apiError(500, "INTERNAL_SERVER_ERROR") },
    });
    expect(
      await screen.findByText("Your conversation could not be loaded.", undefined, {
        timeout: 10_000,
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Try again" })).toBeInTheDocument();
  });
});

describe("the support operators' page", () => {
  it("lists the conversations, opens one and sends the answer", async () => {
    const { user, server } = renderApp({
      path: "/support/operator",
      handlers: {
        "/support/operator/list-conversations": () => ok({ conversations: [CONVERSATION] }),
        "/support/operator/get": () =>
          ok({ conversation: { ...CONVERSATION, unread: 0 }, messages: [QUESTION] }),
        "/support/operator/reply": () => ok({ message: ANSWER }),
      },
    });
    await user.click(
      await screen.findByRole("button", { name: "Open the conversation with Ada Lovelace" }),
    );
    const log = await screen.findByRole("log", { name: "Ada Lovelace" });
    expect(within(log).getByText(QUESTION.body)).toBeInTheDocument();
    await user.type(screen.getByRole("textbox", { name: /Your answer/ }), ANSWER.body);
    await user.click(screen.getByRole("button", { name: "Send the answer" }));
    expect(await within(log).findByText(ANSWER.body)).toBeInTheDocument();
    await waitFor(() =>
      expect(server.bodiesOf("/support/operator/reply")).toEqual([
        { conversationUuid: CONVERSATION.uuid, body: ANSWER.body },
      ]),
    );
  });

  it("tells a member who is not an operator that the page is not theirs", async () => {
    renderApp({
      path: "/support/operator",
      handlers: {
        "/support/operator/list-conversations": () => apiError(403, "FORBIDDEN"),
      },
    });
    expect(
      await screen.findByText("Only the support team answers support conversations."),
    ).toBeInTheDocument();
  });
});
