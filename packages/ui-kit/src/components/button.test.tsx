import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRef } from "react";
import { describe, expect, it, vi } from "vitest";
import { Button } from "./button";

describe("Button", () => {
  it("is a type=button by default so it never submits a form by accident", () => {
    render(<Button>Save</Button>);
    expect(screen.getByRole("button", { name: "Save" })).toHaveAttribute("type", "button");
  });

  it("forwards its ref to the <button>", () => {
    const ref = createRef<HTMLButtonElement>();
    render(<Button ref={ref}>Save</Button>);
    expect(ref.current).toBeInstanceOf(HTMLButtonElement);
  });

  it("while loading: busy, disabled, with a spinner, and not clickable", async () => {
    const onClick = vi.fn();
    render(
      <Button loading onClick={onClick}>
        Send
      </Button>,
    );
    const button = screen.getByRole("button", { name: "Send" });
    expect(button).toHaveAttribute("aria-busy", "true");
    expect(button).toBeDisabled();
    expect(button.querySelector("svg.animate-spin")).not.toBeNull();
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it("applies the variant and size classes", () => {
    render(
      <Button variant="danger" size="sm">
        Delete
      </Button>,
    );
    const button = screen.getByRole("button", { name: "Delete" });
    expect(button).toHaveClass("bg-danger", "h-8");
  });

  it("with asChild renders the child element (a link) with the button's classes", () => {
    render(
      <Button asChild variant="secondary">
        <a href="/envelopes">Documents</a>
      </Button>,
    );
    const link = screen.getByRole("link", { name: "Documents" });
    expect(link).toHaveAttribute("href", "/envelopes");
    expect(link).toHaveClass("border-border");
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
  });

  it("with asChild and loading, the link is busy and aria-disabled and holds the spinner", () => {
    render(
      <Button asChild loading>
        <a href="/x">Open</a>
      </Button>,
    );
    const link = screen.getByRole("link", { name: "Open" });
    expect(link).toHaveAttribute("aria-busy", "true");
    expect(link).toHaveAttribute("aria-disabled", "true");
    expect(link.querySelector("svg.animate-spin")).not.toBeNull();
  });
});
