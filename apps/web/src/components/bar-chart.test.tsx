import { act, fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { BarChart, type BarChartBar } from "./bar-chart";

function barsOf(values: readonly number[]): BarChartBar[] {
  return values.map((value, index) => ({
    key: `day-${String(index)}`,
    label: `Nov ${String(index + 1)}`,
    value,
  }));
}

function drawn(container: HTMLElement) {
  const svg = container.querySelector("svg");
  if (!svg) throw new Error("no chart drawn");
  // A bar's path: "M{x},{bottom}V{top + r}A{r},{r} ...".
  const heights = [...svg.querySelectorAll("path[data-bar]")].map((path) => {
    const match = /^M[\d.]+,([\d.]+)V([\d.]+)A([\d.]+)/.exec(path.getAttribute("d") ?? "");
    if (!match) throw new Error(`not a bar: ${path.getAttribute("d") ?? ""}`);
    const [, bottom, top, radius] = match.map(Number);
    return (bottom ?? 0) - ((top ?? 0) - (radius ?? 0));
  });
  const texts = [...svg.querySelectorAll("text")].map((text) => text.textContent);
  const bands = [...svg.querySelectorAll("rect[data-band]")];
  return { svg, heights, texts, bands };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("BarChart", () => {
  it("draws bars with heights proportional to their values, on whole-number ticks", () => {
    const { container } = render(
      <BarChart bars={barsOf([1, 2, 4, 0])} seriesName="Envelopes sent" barClassName="fill-x" />,
    );
    const { heights, texts } = drawn(container);
    // The scale runs 0 to 4 over the plot's 186 px; the zero draws nothing.
    expect(heights).toHaveLength(3);
    expect(heights[0]).toBeCloseTo(46.5, 1);
    expect(heights[1]).toBeCloseTo(93, 1);
    expect(heights[2]).toBeCloseTo(186, 1);
    expect(texts.slice(0, 5)).toEqual(["0", "1", "2", "3", "4"]);
    expect(texts.slice(5)).toEqual(["Nov 1", "Nov 2", "Nov 3", "Nov 4"]);
    expect(container.querySelectorAll("line.stroke-border")).toHaveLength(5);
    expect(container.firstElementChild).toHaveAttribute("aria-hidden", "true");
  });

  it("leaves out the labels that would overlap, keeping the latest", () => {
    const values = Array.from({ length: 30 }, (_, index) => index % 4);
    const { container } = render(
      <BarChart bars={barsOf(values)} seriesName="Envelopes sent" barClassName="fill-x" />,
    );
    const labels = drawn(container).texts.slice(5);
    expect(labels.length).toBeGreaterThan(2);
    expect(labels.length).toBeLessThan(10);
    expect(labels.at(-1)).toBe("Nov 30");
  });

  it("follows its container's width", () => {
    vi.spyOn(HTMLElement.prototype, "clientWidth", "get").mockReturnValue(1000);
    const values = Array.from({ length: 30 }, () => 1);
    const { container } = render(
      <BarChart bars={barsOf(values)} seriesName="Envelopes sent" barClassName="fill-x" />,
    );
    const { svg, texts } = drawn(container);
    expect(svg).toHaveAttribute("width", "1000");
    // Twice as wide as the first draw: about twice as many labels.
    expect(texts.slice(5).length).toBeGreaterThan(10);
  });

  it("draws an empty or all-zero series as an axis from 0 to 4, without a bar or a NaN", () => {
    for (const values of [[], [0, 0, 0]]) {
      const { container, unmount } = render(
        <BarChart bars={barsOf(values)} seriesName="Envelopes sent" barClassName="fill-x" />,
      );
      const { heights, texts } = drawn(container);
      expect(heights).toEqual([]);
      expect(texts.slice(0, 5)).toEqual(["0", "1", "2", "3", "4"]);
      expect(container.innerHTML).not.toContain("NaN");
      expect(container.innerHTML).not.toContain("Infinity");
      unmount();
    }
  });

  it("shows the category, the series and the value while the mouse is on a bar", async () => {
    const user = userEvent.setup();
    const { container } = render(
      <BarChart
        bars={barsOf([3, 1200])}
        seriesName="API credits consumed"
        barClassName="fill-x"
        formatValue={(value) => new Intl.NumberFormat("en").format(value)}
      />,
    );
    const { bands, texts } = drawn(container);
    expect(texts.slice(0, 5)).toEqual(["0", "300", "600", "900", "1,200"]);
    expect(container.querySelector("[data-chart-tooltip]")).toBeNull();
    await user.hover(bands[1] as Element);
    const tooltip = container.querySelector("[data-chart-tooltip]");
    expect(tooltip).toHaveTextContent("Nov 2");
    expect(tooltip).toHaveTextContent("API credits consumed");
    expect(tooltip).toHaveTextContent("1,200");
    expect(container.querySelector("rect.fill-surface-muted")).not.toBeNull();
    await user.hover(bands[0] as Element);
    expect(container.querySelector("[data-chart-tooltip]")).toHaveTextContent("Nov 1");
    await user.unhover(drawn(container).svg);
    expect(container.querySelector("[data-chart-tooltip]")).toBeNull();
  });

  it("puts the tooltip beside its bar, on the left when the right has no room", async () => {
    vi.spyOn(HTMLElement.prototype, "offsetWidth", "get").mockReturnValue(100);
    const user = userEvent.setup();
    const { container } = render(
      <BarChart bars={barsOf([1, 2, 3, 4])} seriesName="Envelopes sent" barClassName="fill-x" />,
    );
    const { bands } = drawn(container);
    // 480 px wide, the plot from 32 to 472: bands 110 px wide, centred at 87, 197, 307 and 417.
    await user.hover(bands[0] as Element);
    expect(container.querySelector<HTMLElement>("[data-chart-tooltip]")?.style.left).toBe("99px");
    await user.hover(bands[3] as Element);
    expect(container.querySelector<HTMLElement>("[data-chart-tooltip]")?.style.left).toBe("305px");
  });

  it("shows the tooltip of a touched bar until a touch elsewhere", () => {
    const { container } = render(
      <div>
        <BarChart bars={barsOf([3, 5])} seriesName="Envelopes sent" barClassName="fill-x" />
        <p>elsewhere</p>
      </div>,
    );
    const { bands, svg } = drawn(container);
    fireEvent.pointerDown(bands[1] as Element, { pointerType: "touch", pointerId: 3 });
    expect(container.querySelector("[data-chart-tooltip]")).toHaveTextContent("Nov 2");
    // The finger lifts: the tooltip stays.
    fireEvent.pointerUp(bands[1] as Element, { pointerType: "touch", pointerId: 3 });
    fireEvent.pointerLeave(svg, { pointerType: "touch", pointerId: 3 });
    expect(container.querySelector("[data-chart-tooltip]")).toHaveTextContent("5");
    act(() => {
      fireEvent.pointerDown(screen.getByText("elsewhere"), { pointerType: "touch" });
    });
    expect(container.querySelector("[data-chart-tooltip]")).toBeNull();
  });
});
