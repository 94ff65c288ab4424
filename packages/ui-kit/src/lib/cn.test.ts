import { describe, expect, it } from "vitest";
import { cn } from "./cn";

describe("cn", () => {
  it("joins conditional classes", () => {
    const hidden = false as boolean;
    expect(cn("a", hidden && "b", undefined, ["c", { d: true, e: false }])).toBe("a c d");
  });

  it("keeps the last of conflicting Tailwind classes, including the theme's own scales", () => {
    expect(cn("px-2 py-1", "px-4")).toBe("py-1 px-4");
    expect(cn("shadow-card", "shadow-popover")).toBe("shadow-popover");
    expect(cn("rounded-control", "rounded-card")).toBe("rounded-card");
    expect(cn("text-ink-muted text-sm", "text-danger")).toBe("text-sm text-danger");
  });
});
