import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { Button } from "./button";
import { Dialog, DialogClose, DialogContent, DialogFooter, DialogTrigger } from "./dialog";

function Example({ description }: { description?: string }) {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button>Cancel signature</Button>
      </DialogTrigger>
      <DialogContent title="Cancel this document?" description={description} closeLabel="Close">
        <p>Recipients are told by email.</p>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="secondary">Keep</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** A dialog opened by its `open` prop, with no DialogTrigger (as forms in a panel do). */
function OpenedByState() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Add a recipient</Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent title="Add a recipient" closeLabel="Close">
          <input aria-label="Email address" autoFocus />
          <Button onClick={() => setOpen(false)}>Save</Button>
        </DialogContent>
      </Dialog>
    </>
  );
}

describe("Dialog", () => {
  it("gives the focus back to the button that opened it when it has no trigger", async () => {
    const user = userEvent.setup();
    render(<OpenedByState />);
    const opener = screen.getByRole("button", { name: "Add a recipient" });
    opener.focus();
    await user.keyboard("{Enter}");
    const dialog = await screen.findByRole("dialog", { name: "Add a recipient" });
    expect(screen.getByRole("textbox", { name: "Email address" })).toHaveFocus();
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(dialog).not.toBeInTheDocument();
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it("opens from its trigger as a modal named by its title and described by its description", async () => {
    const user = userEvent.setup();
    render(<Example description="Signers can no longer sign." />);
    await user.click(screen.getByRole("button", { name: "Cancel signature" }));
    const dialog = screen.getByRole("dialog", { name: "Cancel this document?" });
    expect(dialog).toHaveAccessibleDescription("Signers can no longer sign.");
    expect(dialog.contains(document.activeElement)).toBe(true);
  });

  it("closes on Escape and returns focus to the trigger", async () => {
    const user = userEvent.setup();
    render(<Example />);
    await user.click(screen.getByRole("button", { name: "Cancel signature" }));
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Cancel signature" })).toHaveFocus();
  });

  it("closes with the labelled × button and with a DialogClose", async () => {
    const user = userEvent.setup();
    render(<Example />);
    await user.click(screen.getByRole("button", { name: "Cancel signature" }));
    await user.click(screen.getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Cancel signature" }));
    await user.click(screen.getByRole("button", { name: "Keep" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("closes on a click on the overlay", async () => {
    const user = userEvent.setup();
    render(<Example />);
    await user.click(screen.getByRole("button", { name: "Cancel signature" }));
    await user.click(document.querySelector("[data-slot='dialog-overlay']") as Element);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });
});
