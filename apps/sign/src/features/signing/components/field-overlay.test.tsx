import { createBrowserI18n } from "@paraphe/i18n";
import { I18nProvider } from "@paraphe/i18n/react";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
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
