import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { Checkbox } from "./checkbox";

function Example() {
  const [checked, setChecked] = useState(false);
  return (
    <Checkbox
      label="Save to contacts"
      description="Suggested next time"
      checked={checked}
      onCheckedChange={(value) => setChecked(value === true)}
    />
  );
}

describe("Checkbox", () => {
  it("is a checkbox named by its label and described by its description", () => {
    render(<Example />);
    const box = screen.getByRole("checkbox", { name: "Save to contacts" });
    expect(box).not.toBeChecked();
    expect(box).toHaveAccessibleDescription("Suggested next time");
  });

  it("toggles with a click on the box, a click on the label and Space", async () => {
    const user = userEvent.setup();
    render(<Example />);
    const box = screen.getByRole("checkbox", { name: "Save to contacts" });
    await user.click(box);
    expect(box).toBeChecked();
    await user.click(screen.getByText("Save to contacts"));
    expect(box).not.toBeChecked();
    box.focus();
    await user.keyboard(" ");
    expect(box).toBeChecked();
  });

  it("shows the mixed state and does not toggle when disabled", async () => {
    const user = userEvent.setup();
    render(<Checkbox aria-label="All rows" checked="indeterminate" disabled />);
    const box = screen.getByRole("checkbox", { name: "All rows" });
    expect(box).toBePartiallyChecked();
    await user.click(box);
    expect(box).toBePartiallyChecked();
  });

  it("submits its value with a native form when it has a name", () => {
    render(
      <form aria-label="Options">
        <Checkbox name="remind" value="yes" label="Remind" defaultChecked />
      </form>,
    );
    const form = screen.getByRole("form", { name: "Options" });
    expect(form instanceof HTMLFormElement && new FormData(form).get("remind")).toBe("yes");
  });
});
