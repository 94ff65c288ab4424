import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { cn } from "../lib/cn";
import { Button, buttonVariants, type ButtonSize } from "./button";
import { FormField } from "./form-field";
import { Input, Label } from "./input";
import { PlainButton, type PlainButtonVariant } from "./plain-button";
import { PlainInput } from "./plain-input";

/** The classes of an element as a set: their order in the attribute does not change the look. */
function classSet(element: Element): string[] {
  return [...new Set((element.getAttribute("class") ?? "").split(/\s+/).filter(Boolean))].sort();
}

const PLAIN_VARIANTS: PlainButtonVariant[] = ["primary", "secondary", "ghost"];
const SIZES: ButtonSize[] = ["sm", "md", "lg", "icon", "wrap"];

// The plain controls join their classes without tailwind-merge: they must draw exactly as the
// merging ones, so none of their variants may hold classes that override each other.
describe("the controls without tailwind-merge", () => {
  it("PlainButton draws every variant and size as Button does, with added classes too", () => {
    for (const variant of PLAIN_VARIANTS) {
      for (const size of SIZES) {
        const plain = render(
          <PlainButton variant={variant} size={size} className="w-full">
            Plain
          </PlainButton>,
        );
        const merged = render(
          <Button variant={variant} size={size} className="w-full">
            Merged
          </Button>,
        );
        expect(classSet(screen.getByRole("button", { name: "Plain" }))).toEqual(
          classSet(screen.getByRole("button", { name: "Merged" })),
        );
        plain.unmount();
        merged.unmount();
      }
    }
  });

  it("the wrap size is md whose label wraps, whole, as a button given those classes was", () => {
    const wrap = buttonVariants({ variant: "secondary", size: "wrap" }).split(" ");
    const overridden = cn(
      buttonVariants({ variant: "secondary" }),
      "h-auto min-h-11 py-2 text-center whitespace-normal sm:min-h-10",
    ).split(" ");
    expect(new Set(wrap)).toEqual(new Set(overridden));
  });

  it("PlainInput and FormField's label draw as Input and Label", () => {
    render(
      <>
        <PlainInput aria-label="plain" />
        <Input aria-label="merged" />
        <FormField label="Email">
          <PlainInput />
        </FormField>
        <Label>Merged label</Label>
      </>,
    );
    expect(classSet(screen.getByLabelText("plain"))).toEqual(
      classSet(screen.getByLabelText("merged")),
    );
    expect(classSet(screen.getByText("Email"))).toEqual(classSet(screen.getByText("Merged label")));
  });
});
