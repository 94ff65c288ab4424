import { createBrowserI18n } from "@paraphe/i18n";
import { I18nProvider } from "@paraphe/i18n/react";
import { DataTable } from "@paraphe/ui-kit";
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { useDataTableLabels } from "./data-table-labels";

function UsageTable({ loading = false }: { loading?: boolean }) {
  const labels = useDataTableLabels();
  return (
    <DataTable
      data={[]}
      columns={[{ id: "member", header: "Membre", value: (row: { member: string }) => row.member }]}
      caption="Utilisation"
      labels={labels}
      loading={loading}
    />
  );
}

describe("useDataTableLabels", () => {
  it("gives the DataTable its texts in the reader's language", async () => {
    const i18n = createBrowserI18n();
    await i18n.changeLanguage("fr");
    const { rerender } = render(
      <I18nProvider i18n={i18n}>
        <UsageTable />
      </I18nProvider>,
    );
    expect(await screen.findByText("Rien à afficher pour l’instant")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Colonnes" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Exporter" })).toBeDisabled();
    expect(screen.getByRole("combobox", { name: "Lignes par page" })).toBeInTheDocument();
    expect(screen.getByText("Page 1 sur 1")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Page suivante" })).toBeDisabled();
    rerender(
      <I18nProvider i18n={i18n}>
        <UsageTable loading />
      </I18nProvider>,
    );
    expect(screen.getByRole("status")).toHaveTextContent("Chargement du tableau…");
  });
});
