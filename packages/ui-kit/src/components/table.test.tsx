import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { Table, TableBody, TableCell, TableRow } from "./table";

describe("Table", () => {
  it("puts its scrolling wrapper in the tab order, so that a keyboard user can scroll a wide table", async () => {
    const user = userEvent.setup();
    render(
      <Table aria-label="Sessions">
        <TableBody>
          <TableRow>
            <TableCell>Chromium on Linux</TableCell>
          </TableRow>
        </TableBody>
      </Table>,
    );
    await user.tab();
    expect(document.activeElement).toBe(
      screen.getByRole("table", { name: "Sessions" }).parentElement,
    );
  });
});
