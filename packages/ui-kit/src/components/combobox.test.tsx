import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { Combobox, type ComboboxOption } from "./combobox";
import { FormField } from "./form-field";

const contacts: ComboboxOption[] = [
  { id: "1", label: "Ada Lovelace", description: "ada@example.com" },
  { id: "2", label: "Alan Turing", description: "alan@example.com" },
  { id: "3", label: "Grace Hopper", description: "grace@example.com" },
];

function Example({ emptyMessage }: { emptyMessage?: string }) {
  const [text, setText] = useState("");
  const [chosen, setChosen] = useState("none");
  const options =
    text === ""
      ? []
      : contacts.filter((contact) => contact.label.toLowerCase().includes(text.toLowerCase()));
  return (
    <>
      <FormField label="Name">
        <Combobox
          value={text}
          onValueChange={setText}
          options={options}
          onSelectOption={(option) => {
            setChosen(option.description ?? "");
            setText(option.label);
          }}
          listLabel="Contacts"
          emptyMessage={emptyMessage}
        />
      </FormField>
      <output>{chosen}</output>
    </>
  );
}

describe("Combobox", () => {
  it("is a labelled combobox whose list opens with matching suggestions as one types", async () => {
    const user = userEvent.setup();
    render(<Example />);
    const input = screen.getByRole("combobox", { name: "Name" });
    expect(input).toHaveAttribute("aria-expanded", "false");
    await user.type(input, "a");
    expect(input).toHaveAttribute("aria-expanded", "true");
    const list = screen.getByRole("listbox", { name: "Contacts" });
    expect(input).toHaveAttribute("aria-controls", list.id);
    expect(screen.getAllByRole("option").map((option) => option.textContent)).toEqual([
      "Ada Lovelaceada@example.com",
      "Alan Turingalan@example.com",
      "Grace Hoppergrace@example.com",
    ]);
    await user.type(input, "l");
    expect(screen.getAllByRole("option").map((option) => option.textContent)).toEqual([
      "Alan Turingalan@example.com",
    ]);
  });

  it("moves the active option with the arrows, wrapping, while the focus stays in the field", async () => {
    const user = userEvent.setup();
    render(<Example />);
    const input = screen.getByRole("combobox", { name: "Name" });
    await user.type(input, "a");
    expect(input).not.toHaveAttribute("aria-activedescendant");
    await user.keyboard("{ArrowDown}");
    const [ada, alan, grace] = screen.getAllByRole("option");
    expect(input).toHaveAttribute("aria-activedescendant", ada?.id);
    expect(ada).toHaveAttribute("aria-selected", "true");
    await user.keyboard("{ArrowDown}");
    expect(input).toHaveAttribute("aria-activedescendant", alan?.id);
    await user.keyboard("{ArrowUp}{ArrowUp}");
    expect(input).toHaveAttribute("aria-activedescendant", grace?.id);
    await user.keyboard("{Home}");
    expect(input).toHaveAttribute("aria-activedescendant", ada?.id);
    expect(input).toHaveFocus();
  });

  it("chooses the active option with Enter and closes the list", async () => {
    const user = userEvent.setup();
    render(<Example />);
    const input = screen.getByRole("combobox", { name: "Name" });
    await user.type(input, "gr");
    await user.keyboard("{ArrowDown}{Enter}");
    expect(screen.getByRole("status")).toHaveTextContent("grace@example.com");
    expect(input).toHaveValue("Grace Hopper");
    expect(input).toHaveAttribute("aria-expanded", "false");
  });

  it("chooses an option with a click and keeps the focus in the field", async () => {
    const user = userEvent.setup();
    render(<Example />);
    const input = screen.getByRole("combobox", { name: "Name" });
    await user.type(input, "tur");
    await user.click(screen.getByRole("option", { name: /Alan Turing/ }));
    expect(screen.getByRole("status")).toHaveTextContent("alan@example.com");
    expect(input).toHaveFocus();
  });

  it("keeps free text on Enter without an active option, closes on Escape, then clears on a second Escape", async () => {
    const user = userEvent.setup();
    render(<Example />);
    const input = screen.getByRole("combobox", { name: "Name" });
    await user.type(input, "ad{Enter}");
    expect(screen.getByRole("status")).toHaveTextContent("none");
    expect(input).toHaveValue("ad");
    await user.keyboard("{Escape}");
    expect(input).toHaveAttribute("aria-expanded", "false");
    expect(input).toHaveValue("ad");
    await user.keyboard("{Escape}");
    expect(input).toHaveValue("");
  });

  it("shows the empty message when nothing matches, and stays closed without one", async () => {
    const user = userEvent.setup();
    const { unmount } = render(<Example emptyMessage="No contact matches" />);
    await user.type(screen.getByRole("combobox", { name: "Name" }), "zz");
    expect(screen.getByRole("listbox", { name: "Contacts" })).toHaveTextContent(
      "No contact matches",
    );
    unmount();
    render(<Example />);
    const input = screen.getByRole("combobox", { name: "Name" });
    await user.type(input, "zz");
    expect(input).toHaveAttribute("aria-expanded", "false");
  });
});
