import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { FormField } from "./form-field";
import { Select } from "./select";

const languages = [
  { value: "en", label: "English", lang: "en" },
  { value: "fr", label: "Français", lang: "fr" },
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
  it("is a combobox named by its FormField label, described, with the chosen option selected", () => {
    render(<Example />);
    const select = screen.getByRole("combobox", { name: "Language" });
    expect(select).toHaveValue("en");
    expect(select).toHaveAccessibleDescription("Used in emails");
    expect(screen.getByRole("option", { name: "Français" })).toHaveAttribute("lang", "fr");
  });

  it("reports the chosen value to onValueChange and to onChange", async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <Select aria-label="Language" options={languages} defaultValue="en" onChange={onChange} />,
    );
    await user.selectOptions(screen.getByRole("combobox", { name: "Language" }), "Français");
    expect(screen.getByRole("combobox", { name: "Language" })).toHaveValue("fr");
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it("is reached with Tab (the keyboard then works as the platform's own select)", async () => {
    const user = userEvent.setup();
    render(<Example />);
    await user.tab();
    expect(screen.getByRole("combobox", { name: "Language" })).toHaveFocus();
  });

  it("keeps a disabled option out of reach", () => {
    render(<Example />);
    expect(screen.getByRole("option", { name: "Deutsch" })).toBeDisabled();
  });

  it("shows the placeholder while nothing is chosen, and it cannot be chosen again", () => {
    render(
      <Select
        aria-label="Role"
        options={languages}
        placeholder="Choose a language"
        defaultValue=""
      />,
    );
    const select = screen.getByRole("combobox", { name: "Role" });
    expect(select).toHaveValue("");
    expect(screen.getByText("Choose a language")).toBeDisabled();
  });
});
