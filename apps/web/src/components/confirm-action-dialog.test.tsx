import { ApiError } from "@paraphe/api-sdk";
import { createBrowserI18n } from "@paraphe/i18n";
import { I18nProvider } from "@paraphe/i18n/react";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { ConfirmActionDialog, type ConfirmedMutation } from "./confirm-action-dialog";

interface Key {
  uuid: string;
  name: string;
}

const CONFLICT = new ApiError({
  statusCode: 409,
  code: "CONFLICT",
  message: "This key is in use.",
});

/** A mutation that fails once, then succeeds, as react-query's result would show it. */
function useFlakyMutation(calls: string[], reset: () => void): ConfirmedMutation<string, string> {
  const [error, setError] = useState<unknown>(null);
  return {
    mutate: (uuid, { onSuccess }) => {
      calls.push(uuid);
      if (calls.length === 1) setError(CONFLICT);
      else onSuccess(`revoked ${uuid}`);
    },
    reset: () => {
      reset();
      setError(null);
    },
    isPending: false,
    isError: error !== null,
    error,
  };
}

function Keys({
  calls,
  onDone,
  reset,
}: {
  calls: string[];
  onDone: (r: string) => void;
  reset: () => void;
}) {
  const [revoking, setRevoking] = useState<Key | null>(null);
  const mutation = useFlakyMutation(calls, reset);
  return (
    <>
      <button type="button" onClick={() => setRevoking({ uuid: "k1", name: "First" })}>
        Revoke first
      </button>
      <button type="button" onClick={() => setRevoking({ uuid: "k2", name: "Second" })}>
        Revoke second
      </button>
      <ConfirmActionDialog
        item={revoking}
        onClose={() => setRevoking(null)}
        mutation={mutation}
        variables={(key) => key.uuid}
        onDone={(result) => onDone(result)}
        title={`Revoke ${revoking?.name ?? ""}?`}
        confirmLabel="Revoke"
      />
    </>
  );
}

describe("ConfirmActionDialog", () => {
  it("shows the api's refusal translated, forgets it when closed, and runs the action on the item asked for", async () => {
    const user = userEvent.setup();
    const calls: string[] = [];
    const onDone = vi.fn();
    const reset = vi.fn();
    render(
      <I18nProvider i18n={createBrowserI18n({ language: "en" })}>
        <Keys calls={calls} onDone={onDone} reset={reset} />
      </I18nProvider>,
    );
    await user.click(screen.getByRole("button", { name: "Revoke first" }));
    const first = await screen.findByRole("alertdialog", { name: "Revoke First?" });
    await user.click(screen.getByRole("button", { name: "Revoke" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "This change conflicts with the current state.",
    );
    expect(first).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(reset).toHaveBeenCalledOnce();
    await user.click(screen.getByRole("button", { name: "Revoke second" }));
    await screen.findByRole("alertdialog", { name: "Revoke Second?" });
    // The first key's refusal is not shown for the second.
    expect(screen.queryByRole("alert")).toBeNull();
    await user.click(screen.getByRole("button", { name: "Revoke" }));
    expect(calls).toEqual(["k1", "k2"]);
    expect(onDone).toHaveBeenCalledWith("revoked k2");
    expect(screen.queryByRole("alertdialog")).toBeNull();
  });
});
