import { describe, expect, it } from "vitest";
import { fileSizeParts } from "./format";
import { formatFileSize } from "./server";

describe("formatFileSize", () => {
  it("writes French sizes with a decimal comma and French units", () => {
    expect(formatFileSize(22_323, "fr")).toBe("21,8\u00a0Ko");
    expect(formatFileSize(3.2 * 1024 * 1024, "fr")).toBe("3,2\u00a0Mo");
    expect(formatFileSize(20 * 1024 * 1024, "fr-CA")).toBe("20\u00a0Mo");
    expect(formatFileSize(1, "fr")).toBe("1\u00a0octet");
    expect(formatFileSize(512, "fr")).toBe("512\u00a0octets");
  });

  it("writes English sizes with a decimal point and English units", () => {
    expect(formatFileSize(22_323, "en")).toBe("21.8 KB");
    expect(formatFileSize(3.2 * 1024 * 1024, "en")).toBe("3.2 MB");
    expect(formatFileSize(1, "en")).toBe("1 byte");
    expect(formatFileSize(0, "en")).toBe("0 bytes");
    expect(formatFileSize(3 * 1024 ** 3, "de")).toBe("3 GB");
  });

  it("moves up a unit rather than write 1024 of the one below", () => {
    expect(fileSizeParts(1024 * 1024 - 1, "en")).toEqual({
      key: "fileSize.megabytes",
      size: "1",
      count: 1,
    });
    expect(formatFileSize(1024, "en")).toBe("1 KB");
  });
});
