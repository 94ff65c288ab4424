// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { KeyValueTree } from "./key-value-tree";
import { renderInLanguage } from "./test/helpers";

const DATA = {
  status: { status: "None", components: { stage0: true, kernel_image: false } },
  results: { measurements: { stage0: { hash: "ab12", reference: "ab12" } } },
  history: [1, null],
};

/** The key a row is named after: the text of its label, "key: value". */
function keyOf(item: HTMLElement): string {
  const label = document.getElementById(item.getAttribute("aria-labelledby") ?? "");
  return label?.textContent?.split(":")[0] ?? "";
}

/** The keys of the visible rows, in order, indented by level. */
function visibleRows(): string[] {
  return screen.getAllByRole("treeitem").map((item) => {
    return `${"  ".repeat(Number(item.getAttribute("aria-level")) - 1)}${keyOf(item)}`;
  });
}

/** The first row whose key is `key`. */
function row(key: string): HTMLElement {
  const match = screen.getAllByRole("treeitem").find((item) => keyOf(item) === key);
  if (!match) throw new Error(`no row ${key}`);
  return match;
}

describe("KeyValueTree", () => {
  it("opens the first two levels, summarises the closed branches and writes values in a monospace font", () => {
    renderInLanguage(<KeyValueTree data={DATA} label="Raw data" />);
    const tree = screen.getByRole("tree", { name: "Raw data" });
    expect(tree).toHaveClass("font-mono");
    expect(visibleRows()).toEqual([
      "status",
      "  status",
      "  components",
      "    stage0",
      "    kernel_image",
      "results",
      "  measurements",
      "    stage0",
      "history",
      "  0",
      "  1",
    ]);
    const measuredStage0 = within(row("measurements")).getByRole("treeitem");
    expect(measuredStage0).toHaveAttribute("aria-expanded", "false");
    expect(measuredStage0).toHaveTextContent("2 entries");
    expect(row("kernel_image")).toHaveTextContent("kernel_image: false");
    expect(row("history")).toHaveAttribute("aria-expanded", "true");
    expect(row("0")).toHaveTextContent("0: 1");
    expect(row("1")).toHaveTextContent("1: null");
    expect(row("1")).not.toHaveAttribute("aria-expanded");
  });

  it("opens only the top level with defaultExpandDepth 1", () => {
    renderInLanguage(<KeyValueTree data={DATA} label="Raw data" defaultExpandDepth={1} />);
    expect(visibleRows()).toEqual([
      "status",
      "  status",
      "  components",
      "results",
      "  measurements",
      "history",
      "  0",
      "  1",
    ]);
    expect(row("components")).toHaveAttribute("aria-expanded", "false");
  });

  it("summarises branches in French", () => {
    renderInLanguage(<KeyValueTree data={DATA} label="Données" defaultExpandDepth={0} />, "fr");
    expect(row("status")).toHaveTextContent("2 entrées");
    expect(row("history")).toHaveTextContent("2 éléments");
  });

  it("has a single tab stop and moves with the arrow keys, Home and End", async () => {
    const user = userEvent.setup();
    renderInLanguage(<KeyValueTree data={DATA} label="Raw data" defaultExpandDepth={1} />);
    const tabStops = screen.getAllByRole("treeitem").filter((item) => item.tabIndex === 0);
    expect(tabStops).toHaveLength(1);

    await user.tab();
    expect(row("status")).toHaveFocus();
    await user.keyboard("{ArrowDown}");
    expect(within(row("status")).getAllByRole("treeitem")[0]).toHaveFocus();
    await user.keyboard("{ArrowDown}{ArrowDown}");
    expect(row("results")).toHaveFocus();
    await user.keyboard("{ArrowUp}");
    expect(row("components")).toHaveFocus();
    await user.keyboard("{End}");
    expect(row("1")).toHaveFocus();
    await user.keyboard("{Home}");
    expect(row("status")).toHaveFocus();
    expect(screen.getAllByRole("treeitem").filter((item) => item.tabIndex === 0)).toEqual([
      row("status"),
    ]);
  });

  it("opens a branch with Right, enters it with Right again, goes back up with Left and closes it with Left", async () => {
    const user = userEvent.setup();
    renderInLanguage(<KeyValueTree data={DATA} label="Raw data" defaultExpandDepth={1} />);
    await user.tab();
    await user.keyboard("{ArrowDown}{ArrowDown}");
    expect(row("components")).toHaveFocus();

    await user.keyboard("{ArrowRight}");
    expect(row("components")).toHaveAttribute("aria-expanded", "true");
    expect(row("kernel_image")).toHaveTextContent("kernel_image: false");
    await user.keyboard("{ArrowRight}");
    expect(row("stage0")).toHaveFocus();
    expect(row("stage0")).toHaveTextContent("stage0: true");

    await user.keyboard("{ArrowLeft}");
    expect(row("components")).toHaveFocus();
    await user.keyboard("{ArrowLeft}");
    expect(row("components")).toHaveAttribute("aria-expanded", "false");
    expect(screen.queryByText("kernel_image")).not.toBeInTheDocument();
    await user.keyboard("{ArrowLeft}");
    expect(row("status")).toHaveFocus();
  });

  it("toggles a branch with Enter, Space and a click", async () => {
    const user = userEvent.setup();
    renderInLanguage(<KeyValueTree data={DATA} label="Raw data" defaultExpandDepth={1} />);
    await user.tab();
    await user.keyboard("{Enter}");
    expect(row("status")).toHaveAttribute("aria-expanded", "false");
    expect(visibleRows()[1]).toBe("results");
    await user.keyboard(" ");
    expect(row("status")).toHaveAttribute("aria-expanded", "true");

    await user.click(row("measurements"));
    expect(row("measurements")).toHaveAttribute("aria-expanded", "true");
    expect(within(row("measurements")).getByRole("treeitem")).toHaveTextContent(
      "stage0: {…} 2 entries",
    );
    await user.click(row("measurements"));
    expect(row("measurements")).toHaveAttribute("aria-expanded", "false");
    expect(row("status")).toHaveAttribute("aria-expanded", "true");
  });

  it("keeps a tab stop on a visible row when the focused row's branch is closed by a click", async () => {
    const user = userEvent.setup();
    renderInLanguage(<KeyValueTree data={DATA} label="Raw data" defaultExpandDepth={1} />);
    await user.tab();
    await user.keyboard("{ArrowDown}");
    await user.click(row("status"));
    const tabStops = screen.getAllByRole("treeitem").filter((item) => item.tabIndex === 0);
    expect(tabStops).toEqual([row("status")]);
  });

  it("names each row by its own key and value, not by its children", () => {
    renderInLanguage(<KeyValueTree data={DATA} label="Raw data" defaultExpandDepth={1} />);
    expect(row("results")).toHaveAccessibleName("results: 1 entry");
    expect(row("0")).toHaveAccessibleName("0: 1");
  });
});
