import { screen, waitFor } from "@testing-library/react";
import { MANAGED_ROLE_RULES } from "@paraphe/permissions";
import type { MailText } from "@paraphe/api-sdk/contract";
import { describe, expect, it } from "vitest";
import { apiError, ok } from "../../../test/api";
import { profileLoader, renderApp, TEST_PROFILE } from "../../../test/render-app";

const KINDS = ["invitation", "reminder", "completion", "decline"] as const;

function texts(overrides: Partial<MailText>[] = []): MailText[] {
  return KINDS.flatMap((kind) =>
    (["en", "fr"] as const).map((language) => ({
      kind,
      language,
      subject: `${kind} ${language} {{envelopeTitle}}`,
      body: kind === "decline" ? "Hello,\n\n{{reason}}" : "Hello,\n\n{{link}}",
      isDefault: true,
      ...overrides.find((o) => o.kind === kind && o.language === language),
    })),
  );
}

describe("editable messages settings", () => {
  it("lists the placeholders, refuses an unknown one before sending, previews and saves", async () => {
    const { user, server } = renderApp({
      path: "/settings/messages",
      handlers: {
        "/mail-text/list": () => ok({ texts: texts() }),
        "/mail-text/preview": () =>
          ok({
            subject: "Sign Service agreement",
            text: "Dear Alex Martin,\n\n<b>Hi</b>\nhttps://sign.example/example\n",
            html: "<p>ignored</p>",
          }),
        "/mail-text/save": ({ body }) => ok({ text: { ...(body as MailText), isDefault: false } }),
      },
    });
    const subject = await screen.findByRole("textbox", { name: /Subject/ });
    expect(subject).toHaveValue("invitation en {{envelopeTitle}}");
    expect(screen.getByText("{{signerName}}")).toBeVisible();
    expect(screen.getByText(/the signing link .*\(required\)/)).toBeVisible();
    expect(screen.queryByText("{{reason}}")).not.toBeInTheDocument();
    expect(screen.getByText("Paraphe's text")).toBeVisible();

    await user.clear(subject);
    await user.type(subject, "Sign {{{{title}}");
    await user.click(screen.getByRole("button", { name: "Save the text" }));
    expect(
      await screen.findByText("Use only the placeholders listed for this mail."),
    ).toBeInTheDocument();
    expect(server.bodiesOf("/mail-text/save")).toEqual([]);

    await user.clear(subject);
    await user.type(subject, "Sign {{{{envelopeTitle}}");
    const body = screen.getByRole("textbox", { name: /Body/ });
    await user.clear(body);
    await user.type(body, "Dear {{{{signerName}},{Enter}{Enter}<b>Hi</b>{Enter}{{{{link}}");
    await user.click(screen.getByRole("button", { name: "Preview" }));
    const preview = await screen.findByTestId("mail-text-preview");
    expect(preview).toHaveTextContent("Subject: Sign Service agreement");
    expect(preview).toHaveTextContent("<b>Hi</b>");
    expect(server.bodiesOf("/mail-text/preview")).toEqual([
      {
        kind: "invitation",
        language: "en",
        subject: "Sign {{envelopeTitle}}",
        body: "Dear {{signerName}},\n\n<b>Hi</b>\n{{link}}",
      },
    ]);
    await user.click(screen.getByRole("button", { name: "Save the text" }));
    await waitFor(() => expect(server.bodiesOf("/mail-text/save")).toHaveLength(1));
    expect(await screen.findByText("Your team's text")).toBeVisible();
  });

  it("shows the api's refusal on its field, and goes back to Paraphe's text", async () => {
    const { user, server } = renderApp({
      path: "/settings/messages",
      handlers: {
        "/mail-text/list": () =>
          ok({ texts: texts([{ kind: "decline", language: "en", isDefault: false }]) }),
        "/mail-text/save": () =>
          apiError(400, "VALIDATION_ERROR", [
            { path: "body", code: "custom", message: "link_required" },
          ]),
        "/mail-text/reset": () =>
          ok({
            text: {
              kind: "decline",
              language: "en",
              subject: "Default",
              body: "{{reason}}",
              isDefault: true,
            },
          }),
      },
    });
    await user.click(await screen.findByRole("button", { name: "Save the text" }));
    expect(
      await screen.findByText("This mail needs the link: add the link placeholder to the body."),
    ).toBeInTheDocument();
    await user.selectOptions(screen.getByRole("combobox", { name: "Mail" }), "decline");
    expect(screen.getByText("{{reason}}")).toBeVisible();
    await user.click(screen.getByRole("button", { name: "Back to Paraphe's text" }));
    await waitFor(() =>
      expect(server.bodiesOf("/mail-text/reset")).toEqual([{ kind: "decline", language: "en" }]),
    );
    expect(await screen.findByRole("textbox", { name: /Subject/ })).toHaveValue("Default");
  });

  it("is in French, starting on the French texts", async () => {
    renderApp({
      path: "/settings/messages",
      language: "fr",
      handlers: { "/mail-text/list": () => ok({ texts: texts() }) },
    });
    expect(await screen.findByRole("heading", { name: "Messages", level: 2 })).toBeVisible();
    expect(await screen.findByRole("textbox", { name: /Objet/ })).toHaveValue(
      "invitation fr {{envelopeTitle}}",
    );
    expect(screen.getByText(/le lien de signature .*\(obligatoire\)/)).toBeVisible();
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
    expect(screen.queryByRole("link", { name: "Messages" })).not.toBeInTheDocument();
  });
});
