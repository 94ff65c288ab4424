import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { ConfirmDialog } from "./confirm-dialog";

function Example({
  onConfirm,
  error,
  pending,
}: {
  onConfirm: () => void;
  error?: string;
  pending?: boolean;
}) {
  const [open, setOpen] = useState(true);
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      title="Revoke this passkey?"
      description="You can no longer sign in with it."
      confirmLabel="Revoke"
      cancelLabel="Cancel"
      closeLabel="Close"
      onConfirm={onConfirm}
      error={error}
      pending={pending}
    />
  );
}

describe("ConfirmDialog", () => {
  it("asks its question as an alert dialog named by its title and described by its description", () => {
    render(<Example onConfirm={() => {}} />);
    const dialog = screen.getByRole("alertdialog", { name: "Revoke this passkey?" });
    expect(dialog).toHaveAccessibleDescription("You can no longer sign in with it.");
    expect(dialog.contains(document.activeElement)).toBe(true);
  });

  it("calls onConfirm from the confirming button and leaves closing to the caller", async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(<Example onConfirm={onConfirm} />);
    await user.click(screen.getByRole("button", { name: "Revoke" }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(screen.getByRole("alertdialog")).toBeInTheDocument();
  });

  it("closes without confirming on Cancel and on Escape", async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    const { unmount } = render(<Example onConfirm={onConfirm} />);
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
    unmount();
    render(<Example onConfirm={onConfirm} />);
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it("shows the error of a failed attempt in an alert and disables the button while pending", async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(<Example onConfirm={onConfirm} error="The passkey could not be revoked." pending />);
    expect(screen.getByRole("alert")).toHaveTextContent("The passkey could not be revoked.");
    const confirm = screen.getByRole("button", { name: "Revoke" });
    expect(confirm).toBeDisabled();
    await user.click(confirm);
    expect(onConfirm).not.toHaveBeenCalled();
  });
});
