import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { RadioGroup } from "./radio-group";

const orders = [
  { value: "parallel", label: "All at once", description: "Everyone is invited now" },
  { value: "sequential", label: "One after another" },
  { value: "manual", label: "Manual", disabled: true },
];

function Example() {
  const [value, setValue] = useState("parallel");
  return (
    <>
      <button type="button">Before</button>
      <RadioGroup
        aria-label="Signing order"
        options={orders}
        value={value}
        onValueChange={setValue}
      />
      <output>{value}</output>
    </>
  );
}

describe("RadioGroup", () => {
  it("is a radio group of labelled options with the checked one selected", () => {
    render(<Example />);
    expect(screen.getByRole("radiogroup", { name: "Signing order" })).toBeInTheDocument();
    const first = screen.getByRole("radio", { name: "All at once" });
    expect(first).toBeChecked();
    expect(first).toHaveAccessibleDescription("Everyone is invited now");
    expect(screen.getByRole("radio", { name: "One after another" })).not.toBeChecked();
  });

  it("enters on the checked option with Tab and selects with the arrow keys, skipping disabled options", async () => {
    const user = userEvent.setup();
    render(<Example />);
    screen.getByRole("button", { name: "Before" }).focus();
    await user.tab();
    expect(screen.getByRole("radio", { name: "All at once" })).toHaveFocus();
    // Radix moves the focus on the next task and selects the option that receives it while the
    // arrow is down (a person releases the key long after that task; user-event would not).
    await user.keyboard("{ArrowDown>}");
    await waitFor(() =>
      expect(screen.getByRole("radio", { name: "One after another" })).toBeChecked(),
    );
    expect(screen.getByRole("status")).toHaveTextContent("sequential");
    await user.keyboard("{/ArrowDown}{ArrowDown>}");
    await waitFor(() => expect(screen.getByRole("radio", { name: "All at once" })).toBeChecked());
    await user.keyboard("{/ArrowDown}");
  });

  it("names an option by its aria-label when the visible label is a picture", () => {
    render(
      <RadioGroup
        aria-label="Style"
        options={[
          { value: "1", label: <span aria-hidden="true">Ada</span>, "aria-label": "Style 1" },
        ]}
      />,
    );
    expect(screen.getByRole("radio", { name: "Style 1" })).toBeInTheDocument();
  });

  it("selects an option with a click on its label", async () => {
    const user = userEvent.setup();
    render(<Example />);
    await user.click(screen.getByText("One after another"));
    expect(screen.getByRole("status")).toHaveTextContent("sequential");
  });
});
