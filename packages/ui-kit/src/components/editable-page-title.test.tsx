import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { EditablePageTitle } from "./editable-page-title";

function Harness({
  onSave,
  initial = "Q3 contract",
  required = false,
}: {
  onSave: (v: string) => void;
  initial?: string;
  required?: boolean;
}) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <EditablePageTitle
        value={value}
        onSave={(next) => {
          onSave(next);
          setValue(next);
        }}
        label="Document title"
        editLabel="Edit title"
        required={required}
        requiredMessage="A title is required"
      />
      <button type="button">elsewhere</button>
    </>
  );
}

const titleButton = () => screen.getByRole("button", { name: /Q3 contract|Renamed/ });

describe("EditablePageTitle", () => {
  it("shows the title as a level-1 heading whose button describes the edit action", () => {
    render(<Harness onSave={vi.fn()} />);
    expect(screen.getByRole("heading", { level: 1, name: "Q3 contract" })).toBeInTheDocument();
    expect(titleButton()).toHaveAccessibleDescription("Edit title");
  });

  it("gives the whole title on hover, where a long one is cut to fit", () => {
    render(<Harness onSave={vi.fn()} initial="Contrat de cession de parts sociales" />);
    expect(screen.getByText("Contrat de cession de parts sociales")).toHaveAttribute(
      "title",
      "Contrat de cession de parts sociales",
    );
  });

  it("starts editing on click, with the field named by `label` and focused", async () => {
    const user = userEvent.setup();
    render(<Harness onSave={vi.fn()} />);
    await user.click(titleButton());
    const field = screen.getByRole("textbox", { name: "Document title" });
    expect(field).toHaveValue("Q3 contract");
    expect(field).toHaveFocus();
  });

  it("starts editing on Enter when the title has focus", async () => {
    const user = userEvent.setup();
    render(<Harness onSave={vi.fn()} />);
    titleButton().focus();
    await user.keyboard("{Enter}");
    expect(screen.getByRole("textbox", { name: "Document title" })).toBeInTheDocument();
  });

  it("saves the trimmed value on Enter, once, and shows it", async () => {
    const user = userEvent.setup();
    const onSave = vi.fn();
    render(<Harness onSave={onSave} />);
    await user.click(titleButton());
    const field = screen.getByRole("textbox", { name: "Document title" });
    await user.clear(field);
    await user.type(field, "  Renamed  {Enter}");
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(onSave).toHaveBeenCalledWith("Renamed");
    expect(screen.queryByRole("textbox")).not.toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1, name: "Renamed" })).toBeInTheDocument();
  });

  it("cancels on Escape and restores the previous title without saving", async () => {
    const user = userEvent.setup();
    const onSave = vi.fn();
    render(<Harness onSave={onSave} />);
    await user.click(titleButton());
    const field = screen.getByRole("textbox", { name: "Document title" });
    await user.clear(field);
    await user.type(field, "Draft name{Escape}");
    expect(onSave).not.toHaveBeenCalled();
    expect(screen.queryByRole("textbox")).not.toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1, name: "Q3 contract" })).toBeInTheDocument();
    // Editing again starts from the restored title, not the abandoned draft.
    await user.click(titleButton());
    expect(screen.getByRole("textbox", { name: "Document title" })).toHaveValue("Q3 contract");
  });

  it("returns focus to the title after saving or cancelling", async () => {
    const user = userEvent.setup();
    render(<Harness onSave={vi.fn()} />);
    await user.click(titleButton());
    await user.keyboard("{Escape}");
    await vi.waitFor(() => expect(titleButton()).toHaveFocus());
  });

  it("saves on blur", async () => {
    const user = userEvent.setup();
    const onSave = vi.fn();
    render(<Harness onSave={onSave} />);
    await user.click(titleButton());
    const field = screen.getByRole("textbox", { name: "Document title" });
    await user.clear(field);
    await user.type(field, "Blurred name");
    await user.click(screen.getByRole("button", { name: "elsewhere" }));
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(onSave).toHaveBeenCalledWith("Blurred name");
    expect(screen.getByRole("heading", { level: 1, name: "Blurred name" })).toBeInTheDocument();
  });

  it("does not call onSave when the value did not change", async () => {
    const user = userEvent.setup();
    const onSave = vi.fn();
    render(<Harness onSave={onSave} />);
    await user.click(titleButton());
    await user.keyboard("{Enter}");
    expect(onSave).not.toHaveBeenCalled();
    expect(screen.queryByRole("textbox")).not.toBeInTheDocument();
  });

  it("with required, refuses an empty title on Enter and on blur, showing the message", async () => {
    const user = userEvent.setup();
    const onSave = vi.fn();
    render(<Harness onSave={onSave} required />);
    await user.click(titleButton());
    const field = screen.getByRole("textbox", { name: "Document title" });
    await user.clear(field);
    await user.type(field, "   {Enter}");
    expect(onSave).not.toHaveBeenCalled();
    expect(screen.getByRole("alert")).toHaveTextContent("A title is required");
    expect(field).toBeInvalid();
    expect(field).toHaveAccessibleDescription("A title is required");

    await user.click(screen.getByRole("button", { name: "elsewhere" }));
    expect(onSave).not.toHaveBeenCalled();
    expect(screen.getByRole("textbox", { name: "Document title" })).toBeInTheDocument();

    // Typing a title clears the error; Escape still cancels.
    await user.type(field, "x");
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    await user.keyboard("{Escape}");
    expect(screen.getByRole("heading", { level: 1, name: "Q3 contract" })).toBeInTheDocument();
  });

  it("without required, an empty title is saved", async () => {
    const user = userEvent.setup();
    const onSave = vi.fn();
    render(<Harness onSave={onSave} />);
    await user.click(titleButton());
    await user.clear(screen.getByRole("textbox", { name: "Document title" }));
    await user.keyboard("{Enter}");
    expect(onSave).toHaveBeenCalledWith("");
  });

  it("shows the previous title again when an asynchronous save fails", async () => {
    const user = userEvent.setup();
    let reject: (error: Error) => void = () => {};
    const onSave = vi.fn(
      () =>
        new Promise<void>((_, rej) => {
          reject = rej;
        }),
    );
    render(
      <EditablePageTitle
        value="Original"
        onSave={onSave}
        label="Document title"
        editLabel="Edit title"
      />,
    );
    await user.click(screen.getByRole("button", { name: "Original" }));
    const field = screen.getByRole("textbox", { name: "Document title" });
    await user.clear(field);
    await user.type(field, "Optimistic{Enter}");
    expect(screen.getByRole("heading", { name: "Optimistic" })).toBeInTheDocument();
    reject(new Error("network"));
    await vi.waitFor(() =>
      expect(screen.getByRole("heading", { name: "Original" })).toBeInTheDocument(),
    );
  });
});
