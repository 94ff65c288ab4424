import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DataTable, type DataTableColumn, type DataTableLabels } from "./data-table";
import type { DataTableExportFile } from "./data-table-export";

interface Usage {
  id: string;
  member: string;
  envelopes: number;
  lastSent: Date | null;
}

const labels: DataTableLabels = {
  columns: "Columns",
  rowsPerPage: "Rows per page",
  previousPage: "Previous",
  nextPage: "Next",
  pageStatus: (page, count) => `Page ${page} of ${count}`,
  export: "Export",
  exportCsv: "Export as CSV",
  exportJson: "Export as JSON",
  loading: "Loading usage",
  empty: "No usage yet",
  retry: "Try again",
};

const columns: DataTableColumn<Usage>[] = [
  { id: "member", header: "Member", value: (row) => row.member, hideable: false },
  { id: "envelopes", header: "Envelopes", value: (row) => row.envelopes },
  {
    id: "lastSent",
    header: "Last sent",
    value: (row) => row.lastSent,
    cell: (row) => (row.lastSent ? row.lastSent.toISOString().slice(0, 10) : "never"),
  },
];

function usage(count: number): Usage[] {
  return Array.from({ length: count }, (_, index) => ({
    id: `u${index + 1}`,
    member: `Member ${String(index + 1).padStart(2, "0")}`,
    envelopes: (index * 7) % 5,
    lastSent: index % 2 === 0 ? new Date(Date.UTC(2026, 0, index + 1)) : null,
  }));
}

function bodyRows() {
  const [, body] = screen.getAllByRole("rowgroup");
  return within(body as HTMLElement)
    .getAllByRole("row")
    .map((row) =>
      within(row)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    );
}

function renderTable(props: Partial<Parameters<typeof DataTable<Usage>>[0]> = {}) {
  return render(
    <DataTable
      data={usage(3)}
      columns={columns}
      getRowId={(row) => row.id}
      caption="Usage by member"
      labels={labels}
      {...props}
    />,
  );
}

describe("DataTable", () => {
  it("shows the rows under their headers in a table named by its caption", () => {
    renderTable();
    expect(screen.getByRole("table", { name: "Usage by member" })).toBeInTheDocument();
    expect(screen.getAllByRole("columnheader").map((header) => header.textContent)).toEqual([
      "Member",
      "Envelopes",
      "Last sent",
    ]);
    expect(bodyRows()).toEqual([
      ["Member 01", "0", "2026-01-01"],
      ["Member 02", "2", "never"],
      ["Member 03", "4", "2026-01-03"],
    ]);
  });

  it("sorts ascending, descending, then back, from the header button and the keyboard, with aria-sort", async () => {
    const user = userEvent.setup();
    renderTable();
    const header = screen.getByRole("columnheader", { name: "Envelopes" });
    const button = within(header).getByRole("button", { name: "Envelopes" });
    await user.click(button);
    expect(header).toHaveAttribute("aria-sort", "ascending");
    expect(bodyRows().map((row) => row[1])).toEqual(["0", "2", "4"]);
    button.focus();
    await user.keyboard("{Enter}");
    expect(header).toHaveAttribute("aria-sort", "descending");
    expect(bodyRows().map((row) => row[1])).toEqual(["4", "2", "0"]);
    await user.keyboard("{Enter}");
    expect(header).not.toHaveAttribute("aria-sort");
    expect(bodyRows().map((row) => row[0])).toEqual(["Member 01", "Member 02", "Member 03"]);
  });

  it("sorts dates by time with empty values last", async () => {
    const user = userEvent.setup();
    renderTable({ data: [...usage(4)].reverse() });
    await user.click(screen.getByRole("button", { name: "Last sent" }));
    expect(bodyRows().map((row) => row[2])).toEqual(["2026-01-01", "2026-01-03", "never", "never"]);
    await user.click(screen.getByRole("button", { name: "Last sent" }));
    expect(bodyRows().map((row) => row[2])).toEqual(["2026-01-03", "2026-01-01", "never", "never"]);
  });

  it("pages through the rows and changes the page size", async () => {
    const user = userEvent.setup();
    renderTable({ data: usage(23), pageSizes: [10, 25] });
    expect(bodyRows()).toHaveLength(10);
    expect(screen.getByText("Page 1 of 3")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Previous" })).toBeDisabled();
    await user.click(screen.getByRole("button", { name: "Next" }));
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(screen.getByText("Page 3 of 3")).toBeInTheDocument();
    expect(bodyRows().map((row) => row[0])).toEqual(["Member 21", "Member 22", "Member 23"]);
    expect(screen.getByRole("button", { name: "Next" })).toBeDisabled();
    await user.selectOptions(screen.getByRole("combobox", { name: "Rows per page" }), "25");
    expect(bodyRows()).toHaveLength(23);
    expect(screen.getByText("Page 1 of 1")).toBeInTheDocument();
  });

  it("hides and shows columns from the column menu, except those that cannot be hidden", async () => {
    const user = userEvent.setup();
    renderTable({ initialHiddenColumns: ["lastSent"] });
    expect(screen.queryByRole("columnheader", { name: "Last sent" })).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Columns" }));
    const items = screen.getAllByRole("menuitemcheckbox");
    expect(items.map((item) => item.textContent)).toEqual(["Envelopes", "Last sent"]);
    await user.click(screen.getByRole("menuitemcheckbox", { name: "Envelopes" }));
    expect(screen.getByRole("menuitemcheckbox", { name: "Envelopes" })).not.toBeChecked();
    await user.click(screen.getByRole("menuitemcheckbox", { name: "Last sent" }));
    await user.keyboard("{Escape}");
    expect(screen.getAllByRole("columnheader").map((header) => header.textContent)).toEqual([
      "Member",
      "Last sent",
    ]);
    expect(bodyRows()[0]).toEqual(["Member 01", "2026-01-01"]);
  });

  it("exports every row of every page as CSV, in the current order, with the visible columns", async () => {
    const user = userEvent.setup();
    const onExport = vi.fn<(file: DataTableExportFile) => void>();
    const data: Usage[] = [
      ...usage(12),
      { id: "x", member: 'Doe, "J"', envelopes: 9, lastSent: null },
      { id: "y", member: "=HYPERLINK(1)", envelopes: 1, lastSent: null },
    ];
    renderTable({
      data,
      pageSizes: [5],
      initialSorting: { id: "envelopes", desc: true },
      initialHiddenColumns: ["lastSent"],
      exportFileName: "usage",
      onExport,
    });
    await user.click(screen.getByRole("button", { name: "Export" }));
    await user.click(screen.getByRole("menuitem", { name: "Export as CSV" }));
    // The CSV writer (papaparse) loads when the export runs.
    await waitFor(() => expect(onExport).toHaveBeenCalledOnce());
    const file = onExport.mock.calls[0]?.[0];
    expect(file?.fileName).toBe("usage.csv");
    expect(file?.mimeType).toBe("text/csv;charset=utf-8");
    const lines = file?.content.split("\r\n") ?? [];
    expect(lines).toHaveLength(data.length + 2);
    expect(lines[0]).toBe("\uFEFFMember,Envelopes");
    expect(lines[1]).toBe('"Doe, ""J""",9');
    expect(lines).toContain("'=HYPERLINK(1),1");
    expect(lines.at(-1)).toBe("");
  });

  it("exports JSON records keyed by column id with dates in ISO 8601", async () => {
    const user = userEvent.setup();
    const onExport = vi.fn<(file: DataTableExportFile) => void>();
    renderTable({ data: usage(2), onExport });
    await user.click(screen.getByRole("button", { name: "Export" }));
    await user.click(screen.getByRole("menuitem", { name: "Export as JSON" }));
    const file = onExport.mock.calls[0]?.[0];
    expect(file?.fileName).toBe("export.json");
    expect(JSON.parse(file?.content ?? "")).toEqual([
      { member: "Member 01", envelopes: 0, lastSent: "2026-01-01T00:00:00.000Z" },
      { member: "Member 02", envelopes: 2, lastSent: null },
    ]);
  });

  it("shows the empty state when there are no rows, and cannot export", () => {
    renderTable({ data: [], emptyDescription: "Send an envelope to see it here." });
    const [, body] = screen.getAllByRole("rowgroup");
    expect(body).toHaveTextContent("No usage yet");
    expect(body).toHaveTextContent("Send an envelope to see it here.");
    expect(screen.getByRole("button", { name: "Export" })).toBeDisabled();
  });

  it("shows a labelled spinner while loading and marks the table busy", () => {
    renderTable({ loading: true });
    expect(screen.getByRole("status")).toHaveTextContent("Loading usage");
    expect(screen.getByRole("table")).toHaveAttribute("aria-busy", "true");
    expect(screen.queryByText("Member 01")).not.toBeInTheDocument();
  });

  it("shows the error in an alert with a retry button instead of the rows", async () => {
    const user = userEvent.setup();
    const onRetry = vi.fn();
    renderTable({ error: "The usage could not be loaded.", onRetry, loading: true });
    expect(screen.getByRole("alert")).toHaveTextContent("The usage could not be loaded.");
    expect(screen.queryByText("Member 01")).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});

/** Makes `useMediaQuery` see a 390 px phone (only max-width queries of 639 px and up match). */
function onPhone() {
  vi.stubGlobal(
    "matchMedia",
    (query: string): MediaQueryList =>
      ({
        matches: /max-width:\s*639/.test(query),
        media: query,
        onchange: null,
        addEventListener: () => {},
        removeEventListener: () => {},
        addListener: () => {},
        removeListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
}

describe("DataTable on a phone", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const phoneColumns: DataTableColumn<Usage>[] = [
    ...columns,
    { id: "state", header: "State", value: () => "Active", card: "status" },
    {
      id: "actions",
      header: "Actions",
      value: () => null,
      cell: (row) => <button type="button">Open {row.member}</button>,
      sortable: false,
    },
  ];
  const phoneLabels: DataTableLabels = {
    ...labels,
    sortBy: "Sort by",
    sortNone: "No order",
    sortOption: (header, descending) => `${header}, ${descending ? "Z to A" : "A to Z"}`,
  };

  function cards() {
    const list = screen.getByRole("list", { name: "Usage by member" });
    return within(list).getAllByRole("listitem");
  }

  it("shows each row as a card with its title, status, labelled details and action, and no table", () => {
    onPhone();
    renderTable({ columns: phoneColumns, labels: phoneLabels });
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
    const [first] = cards();
    const card = within(first as HTMLElement);
    expect(card.getByText("Member 01")).toBeInTheDocument();
    expect(card.getByText("Active")).toBeInTheDocument();
    expect(card.getAllByRole("definition").map((definition) => definition.textContent)).toEqual([
      "0",
      "2026-01-01",
    ]);
    expect(card.getAllByRole("term").map((term) => term.textContent)).toEqual([
      "Envelopes",
      "Last sent",
    ]);
    expect(card.getByRole("button", { name: "Open Member 01" })).toBeInTheDocument();
    expect(cards()).toHaveLength(3);
  });

  it("leaves hidden columns off the cards and sorts them with the sort choice", async () => {
    onPhone();
    const user = userEvent.setup();
    renderTable({
      columns: phoneColumns,
      labels: phoneLabels,
      initialHiddenColumns: ["lastSent"],
    });
    expect(within(cards()[0] as HTMLElement).queryByText("Last sent")).not.toBeInTheDocument();
    const sort = screen.getByRole("combobox", { name: "Sort by" });
    await user.selectOptions(sort, "Member, Z to A");
    expect(cards().map((card) => within(card).getByText(/^Member \d+$/).textContent)).toEqual([
      "Member 03",
      "Member 02",
      "Member 01",
    ]);
    await user.selectOptions(sort, "No order");
    expect(within(cards()[0] as HTMLElement).getByText("Member 01")).toBeInTheDocument();
  });

  it("leaves the action area off a card whose row offers no action", () => {
    onPhone();
    renderTable({
      columns: [
        columns[0]!,
        {
          id: "actions",
          header: "Actions",
          value: () => null,
          cell: (row) =>
            row.member === "Member 02" ? null : <button type="button">Open {row.member}</button>,
          sortable: false,
        },
      ],
      labels: phoneLabels,
    });
    const [first, second] = cards();
    expect(within(first as HTMLElement).getByRole("button")).toBeInTheDocument();
    expect(within(second as HTMLElement).queryByRole("button")).not.toBeInTheDocument();
    expect(second?.children).toHaveLength(1);
  });

  it("shows cards at every width with layout cards", () => {
    vi.unstubAllGlobals();
    renderTable({ layout: "cards" });
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
    expect(cards()).toHaveLength(3);
  });

  it("shows the empty state in place of the cards", () => {
    onPhone();
    renderTable({ data: [], labels: phoneLabels });
    expect(screen.queryByRole("list")).not.toBeInTheDocument();
    expect(screen.getByText("No usage yet")).toBeInTheDocument();
  });
});
