import { createBrowserI18n } from "@paraphe/i18n";
import { I18nProvider } from "@paraphe/i18n/react";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { DECLINE_REASON_MAX_LENGTH, DeclineDialog } from "./decline-dialog";

function renderIn(language: "en" | "fr") {
  const onDecline = vi.fn();
  render(
    <I18nProvider i18n={createBrowserI18n({ language })}>
      <DeclineDialog open onOpenChange={() => undefined} onDecline={onDecline} declining={false} />
    </I18nProvider>,
  );
  return { user: userEvent.setup(), onDecline };
}

describe("the reason of a decline", () => {
  it.each([
    {
      language: "en" as const,
      reason: "Reason",
      confirm: "Decline",
      text: `At most ${DECLINE_REASON_MAX_LENGTH} characters: shorten the reason.`,
    },
    {
      language: "fr" as const,
      reason: "Motif",
      confirm: "Refuser",
      text: `${DECLINE_REASON_MAX_LENGTH} caractères au maximum : raccourcissez le motif.`,
    },
  ])("names the most characters it takes when it is longer ($language)", async (c) => {
    const { user, onDecline } = renderIn(c.language);
    await user.click(screen.getByRole("textbox", { name: new RegExp(c.reason) }));
    await user.paste("x".repeat(DECLINE_REASON_MAX_LENGTH + 1));
    await user.click(screen.getByRole("button", { name: c.confirm }));
    expect(await screen.findByText(c.text)).toBeInTheDocument();
    expect(onDecline).not.toHaveBeenCalled();
  });
});
