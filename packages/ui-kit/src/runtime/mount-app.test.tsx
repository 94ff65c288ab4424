import { act } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mountApp } from "./mount-app";

afterEach(() => {
  document.body.innerHTML = "";
});

describe("mountApp", () => {
  it('logs exactly "Root element not found" and returns false when the element is missing', () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(mountApp("root", <p>App</p>)).toBe(false);
    expect(error).toHaveBeenCalledTimes(1);
    expect(error).toHaveBeenCalledWith("Root element not found");
  });

  it("renders into the element and returns true", async () => {
    const error = vi.spyOn(console, "error");
    const root = document.createElement("div");
    root.id = "root";
    document.body.append(root);
    let mounted = false;
    await act(async () => {
      mounted = mountApp("root", <p>Hello Paraphe</p>);
    });
    expect(mounted).toBe(true);
    expect(root).toHaveTextContent("Hello Paraphe");
    expect(error).not.toHaveBeenCalled();
  });
});
