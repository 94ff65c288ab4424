import { type FieldSettings } from "@paraphe/api-sdk/contract";
import { createBrowserI18n } from "@paraphe/i18n";
import { I18nProvider } from "@paraphe/i18n/react";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { conditionSources, fieldInputs, type FieldDraft } from "./field-draft";
import { FieldSettingsPanel } from "./field-settings-panel";

const SIGNER = "9d0e1f2a-3b4c-4d5e-8f60-718293a4b5c6";
const draft = (key: string, change: Partial<FieldDraft>): FieldDraft => ({
  key,
  uuid: `00000000-0000-4000-8000-00000000000${key}`,
  documentUuid: "0b1c2d3e-4f50-4a6b-8c7d-8e9fa0b1c2d3",
  page: 0,
  x: 0.1,
  y: 0.1,
  width: 0.2,
  height: 0.05,
  kind: "text",
  recipientUuid: SIGNER,
  required: true,
  label: null,
  settings: {},
  ...change,
});

function Panel({ initial, language }: { initial: FieldDraft[]; language: "en" | "fr" }) {
  const [fields, setFields] = useState(initial);
  const selected = fields[fields.length - 1] as FieldDraft;
  const change = (settings: FieldSettings) =>
    setFields((current) =>
      current.map((field) => (field.key === selected.key ? { ...field, settings } : field)),
    );
  return (
    <I18nProvider i18n={createBrowserI18n({ language })}>
      <FieldSettingsPanel field={selected} fields={fields} onChange={change} />
      <output>{JSON.stringify(selected.settings)}</output>
    </I18nProvider>
  );
}

describe("a field's settings in the editor", () => {
  it("keeps a pattern only once it is safe and has its message, and says why in French", async () => {
    const user = userEvent.setup();
    render(<Panel language="fr" initial={[draft("1", {})]} />);
    await user.selectOptions(
      await screen.findByRole("combobox", { name: "Validation" }),
      "pattern",
    );
    const pattern = screen.getByRole("textbox", { name: /Modèle \(expression régulière\)/ });
    await user.type(pattern, "(a)\\1");
    expect(
      await screen.findByText(
        "Les références arrière et les assertions ne sont pas prises en charge.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("{}");
    await user.clear(pattern);
    await user.type(pattern, "[[A-Z]{{2}");
    await user.type(screen.getByRole("textbox", { name: /Message d’erreur/ }), "Deux lettres");
    expect(screen.getByRole("status")).toHaveTextContent(
      JSON.stringify({
        validation: { kind: "pattern", pattern: "[A-Z]{2}", message: "Deux lettres" },
      }),
    );
    // The sender is told that signers read this one message in either language.
    expect(screen.getByText(/quelle que soit la langue de la page/)).toBeInTheDocument();
  });

  it("shows a field only when a box of the same signer is ticked", async () => {
    const user = userEvent.setup();
    render(
      <Panel
        language="en"
        initial={[draft("1", { kind: "checkbox", label: "Has a company" }), draft("2", {})]}
      />,
    );
    await user.selectOptions(
      await screen.findByRole("combobox", { name: "Show only when" }),
      "Has a company",
    );
    expect(screen.getByRole("status")).toHaveTextContent(
      JSON.stringify({
        condition: { fieldUuid: "00000000-0000-4000-8000-000000000001", value: "true" },
      }),
    );
  });
});

describe("conditions in the editor's fields", () => {
  it("offer no field whose own condition leads back, and leave out a condition on a removed field", () => {
    const box = draft("1", { kind: "checkbox" });
    const radio = draft("2", {
      kind: "radio",
      settings: {
        options: ["A", "B"],
        condition: { fieldUuid: "00000000-0000-4000-8000-000000000003", value: "true" },
      },
    });
    const other = draft("3", { kind: "checkbox", recipientUuid: SIGNER });
    const shown = draft("4", {
      settings: { condition: { fieldUuid: "00000000-0000-4000-8000-000000000002", value: "A" } },
    });
    // For the third box, the radio group depends on it: only the first box is offered.
    expect(conditionSources(other, [box, radio, other, shown]).map((field) => field.key)).toEqual([
      "1",
    ]);
    const inputs = fieldInputs([box, shown]);
    expect(inputs[1]?.settings).toEqual({});
  });
});
