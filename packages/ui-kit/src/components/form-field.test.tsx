import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { FormField } from "./form-field";
import { Input } from "./input";

describe("FormField", () => {
  it("links the label to the control", () => {
    render(
      <FormField label="Email">
        <Input type="email" />
      </FormField>,
    );
    const input = screen.getByRole("textbox", { name: "Email" });
    expect(input).toHaveAttribute("id");
    expect(screen.getByText("Email").closest("label")).toHaveAttribute("for", input.id);
  });

  it("uses the given id", () => {
    render(
      <FormField label="Email" id="login-email">
        <Input />
      </FormField>,
    );
    expect(screen.getByRole("textbox", { name: "Email" })).toHaveAttribute("id", "login-email");
  });

  it("describes the control with its description, and is valid without an error", () => {
    render(
      <FormField label="Email" description="We send a code to this address">
        <Input />
      </FormField>,
    );
    const input = screen.getByRole("textbox", { name: "Email" });
    expect(input).toHaveAccessibleDescription("We send a code to this address");
    expect(input).not.toHaveAttribute("aria-invalid");
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("with an error: aria-invalid, the error in an alert, referenced after the description", () => {
    render(
      <FormField label="Email" description="Work address" error="Enter a valid email">
        <Input aria-describedby="external-hint" />
      </FormField>,
    );
    const input = screen.getByRole("textbox", { name: "Email" });
    expect(input).toHaveAttribute("aria-invalid", "true");
    expect(input).toBeInvalid();
    const alert = screen.getByRole("alert");
    expect(alert).toHaveTextContent("Enter a valid email");
    expect(alert).toHaveClass("text-danger");
    const ids = input.getAttribute("aria-describedby")?.split(" ") ?? [];
    expect(ids).toHaveLength(3);
    expect(ids[0]).toBe("external-hint");
    expect(ids[2]).toBe(alert.id);
  });

  it("marks a required control aria-required without native validation", () => {
    render(
      <FormField label="First name" required>
        <Input />
      </FormField>,
    );
    const input = screen.getByRole("textbox", { name: /First name/ });
    expect(input).toBeRequired();
    expect(input).not.toHaveAttribute("required");
  });
});
