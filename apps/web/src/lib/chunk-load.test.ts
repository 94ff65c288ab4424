import { describe, expect, it, vi } from "vitest";
import { CHUNK_LOAD_FAILURE_ID, showChunkLoadFailure } from "./chunk-load";

const texts = {
  title: "Paraphe could not be loaded",
  description: "Reload the page.",
  reload: "Reload the page",
};

describe("showChunkLoadFailure", () => {
  it("shows a visible alert with the texts and a reload button", () => {
    const reload = vi.fn();
    const panel = showChunkLoadFailure(texts, document, reload);
    expect(panel).toHaveAttribute("role", "alert");
    expect(panel).toHaveTextContent("Paraphe could not be loaded");
    expect(panel).toHaveTextContent("Reload the page.");
    panel.querySelector("button")?.click();
    expect(reload).toHaveBeenCalledTimes(1);
    panel.remove();
  });

  it("shows one message however often it is called", () => {
    showChunkLoadFailure(texts, document, () => {});
    showChunkLoadFailure(texts, document, () => {});
    expect(document.querySelectorAll(`#${CHUNK_LOAD_FAILURE_ID}`)).toHaveLength(1);
    document.getElementById(CHUNK_LOAD_FAILURE_ID)?.remove();
  });
});
