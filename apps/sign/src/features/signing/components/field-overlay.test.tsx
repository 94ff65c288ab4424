import { createBrowserI18n } from "@paraphe/i18n";
import { I18nProvider } from "@paraphe/i18n/react";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { type SignerField } from "../../../lib/api";
import { DOCUMENT_UUID } from "../../../test/api-handlers";
import { type FieldValues } from "../lib/field-values";
import { FieldOverlay } from "./field-overlay";

const CHECKBOX_UUID = "5a6b7c8d-9e0f-4a1b-8c2d-3e4f5a6b7c8d";

function CheckboxField({ missing = false }: { missing?: boolean }) {
  const [values, setValues] = useState<FieldValues>({});
  return (
    <I18nProvider i18n={createBrowserI18n()}>
      <FieldOverlay
        field={{
          uuid: CHECKBOX_UUID,
          documentUuid: DOCUMENT_UUID,
          page: 1,
          x: 0.1,
          y: 0.1,
          width: 0.05,
          height: 0.05,
          kind: "checkbox",
          recipientUuid: "9d0e1f2a-3b4c-4d5e-8f60-718293a4b5c6",
          required: true,
          label: "I accept",
          settings: {},
        }}
        values={values}
        onChange={(uuid, value) => setValues((current) => ({ ...current, [uuid]: value }))}
        missing={missing}
      />
      <output>{values[CHECKBOX_UUID] ?? "empty"}</output>
    </I18nProvider>
  );
}

describe("checkbox field", () => {
  it("is a required checkbox named by its label that toggles once per click and with Space", async () => {
    const user = userEvent.setup();
    render(<CheckboxField missing />);
    const box = await screen.findByRole("checkbox", { name: /I accept/ });
    expect(box).toHaveAttribute("aria-required", "true");
    expect(box).toHaveAttribute("aria-invalid", "true");
    expect(box).not.toBeChecked();
    await user.click(box);
    expect(box).toBeChecked();
    expect(screen.getByRole("status")).toHaveTextContent("true");
    await user.keyboard(" ");
    expect(box).not.toBeChecked();
    expect(screen.getByRole("status")).toHaveTextContent("false");
  });
});

function Field({
  field,
  language,
}: {
  field: Pick<SignerField, "kind" | "settings" | "label">;
  language: "en" | "fr";
}) {
  const [values, setValues] = useState<FieldValues>({});
  return (
    <I18nProvider i18n={createBrowserI18n({ language })}>
      <FieldOverlay
        field={{
          uuid: CHECKBOX_UUID,
          documentUuid: DOCUMENT_UUID,
          page: 1,
          x: 0.1,
          y: 0.1,
          width: 0.3,
          height: 0.05,
          recipientUuid: "9d0e1f2a-3b4c-4d5e-8f60-718293a4b5c6",
          required: true,
          ...field,
        }}
        values={values}
        onChange={(uuid, value) => setValues((current) => ({ ...current, [uuid]: value }))}
        missing={false}
      />
      <output>{values[CHECKBOX_UUID] ?? "empty"}</output>
    </I18nProvider>
  );
}

describe("richer fields", () => {
  it("offers a radio group's options as radio buttons named by the field", async () => {
    const user = userEvent.setup();
    render(
      <Field
        language="en"
        field={{ kind: "radio", label: "Plan", settings: { options: ["Basic", "Premium"] } }}
      />,
    );
    await user.click(await screen.findByRole("button", { name: /Plan/ }));
    const group = await screen.findByRole("radiogroup", { name: /Plan/ });
    expect(group).toHaveAttribute("aria-required", "true");
    await user.click(screen.getByRole("radio", { name: "Premium" }));
    expect(screen.getByRole("radio", { name: "Premium" })).toBeChecked();
    expect(screen.getByRole("status", { hidden: true })).toHaveTextContent("Premium");
  });

  it("says in French what is wrong with a number, and shows the sender's own message for a pattern", async () => {
    const user = userEvent.setup();
    const { unmount } = render(
      <Field
        language="fr"
        field={{ kind: "number", label: "Quantité", settings: { max: 10, decimals: 2 } }}
      />,
    );
    await user.click(await screen.findByRole("button", { name: /Quantité/ }));
    const input = await screen.findByRole("textbox", { name: /Quantité/ });
    expect(input).toHaveAttribute("inputmode", "decimal");
    await user.type(input, "1,234");
    expect(await screen.findByRole("alert")).toHaveTextContent(/^2\s*décimales au plus\.$/);
    await user.clear(input);
    await user.type(input, "12");
    expect(await screen.findByText("Le maximum est 10.")).toBeInTheDocument();
    unmount();

    render(
      <Field
        language="en"
        field={{
          kind: "text",
          label: "Reference",
          settings: {
            validation: { kind: "pattern", pattern: "[A-Z]{2}-\\d{3}", message: "Like AB-123" },
          },
        }}
      />,
    );
    await user.click(await screen.findByRole("button", { name: /Reference/ }));
    await user.type(await screen.findByRole("textbox", { name: /Reference/ }), "ab");
    expect(await screen.findByText("Like AB-123")).toBeInTheDocument();
  });
});
