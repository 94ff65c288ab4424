import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { FormField } from "./form-field";
import { Select } from "./select";

const languages = [
  { value: "en", label: "English" },
  { value: "fr", label: "Français" },
  { value: "de", label: "Deutsch", disabled: true },
];

function Example({ initial = "en" }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <FormField label="Language" description="Used in emails">
        <Select options={languages} value={value} onValueChange={setValue} />
      </FormField>
      <output>{value}</output>
    </>
  );
}

describe("Select", () => {
  it("is a combobox named by its FormField label and showing the chosen option", () => {
    render(<Example />);
    const trigger = screen.getByRole("combobox", { name: "Language" });
    expect(trigger).toHaveTextContent("English");
    expect(trigger).toHaveAccessibleDescription("Used in emails");
  });

  it("chooses an option with the mouse", async () => {
    const user = userEvent.setup();
    render(<Example />);
    await user.click(screen.getByRole("combobox", { name: "Language" }));
    await user.click(screen.getByRole("option", { name: "Français" }));
    expect(screen.getByRole("status")).toHaveTextContent("fr");
    expect(screen.getByRole("combobox", { name: "Language" })).toHaveTextContent("Français");
  });

  it("opens from the keyboard, moves with the arrows and chooses with Enter", async () => {
    const user = userEvent.setup();
    render(<Example />);
    screen.getByRole("combobox", { name: "Language" }).focus();
    await user.keyboard("{Enter}");
    expect(screen.getByRole("listbox")).toBeInTheDocument();
    await user.keyboard("{ArrowDown}{Enter}");
    expect(screen.getByRole("status")).toHaveTextContent("fr");
    expect(screen.queryByRole("listbox")).not.toBeInTheDocument();
    expect(screen.getByRole("combobox", { name: "Language" })).toHaveFocus();
  });

  it("skips a disabled option and closes on Escape without changing the value", async () => {
    const user = userEvent.setup();
    render(<Example initial="fr" />);
    screen.getByRole("combobox", { name: "Language" }).focus();
    await user.keyboard("{Enter}");
    expect(screen.getByRole("option", { name: "Deutsch" })).toHaveAttribute(
      "aria-disabled",
      "true",
    );
    await user.keyboard("{ArrowDown}{Escape}");
    expect(screen.queryByRole("listbox")).not.toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("fr");
  });

  it("shows the placeholder while nothing is chosen", () => {
    render(<Select aria-label="Role" options={languages} placeholder="Choose a language" />);
    expect(screen.getByRole("combobox", { name: "Role" })).toHaveTextContent("Choose a language");
  });
});
