import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ENVELOPE_UUID, ok, WORKSPACE_MAIN } from "../../../../test/api";
import { TEMPLATE_UUID, templateDetail } from "../../../../test/api/template";
import { renderApp } from "../../../../test/render-app";
import { bulkSendColumns, exampleCsv, rowProblems } from "./bulk-send-page";

const PATH = `/templates/${WORKSPACE_MAIN.uuid}/${TEMPLATE_UUID}/bulk-send`;
const BULK_UUID = "9a4c5d6e-7777-4a7a-8a7a-000000000001";
const HEADER =
  "Employee email,Employee firstname,Employee lastname,Manager email,Manager firstname,Manager lastname";

function csv(lines: string[]) {
  return new File([`${lines.join("\n")}\n`], "bulk.csv", { type: "text/csv" });
}

const summary = (status: "running" | "done", sent: number, failed: number) => ({
  uuid: BULK_UUID,
  templateUuid: TEMPLATE_UUID,
  templateTitle: "Onboarding",
  workspaceUuid: WORKSPACE_MAIN.uuid,
  creator: { name: "Léa Martin", email: "lea.martin@example.com" },
  status,
  total: 2,
  sent,
  failed,
  createdAt: "2026-03-02T09:00:00.000Z",
  updatedAt: "2026-03-02T09:00:00.000Z",
});

describe("bulk send", () => {
  it("names one column group per role in the example file", async () => {
    const template = templateDetail();
    expect(bulkSendColumns(template)).toEqual([
      "employee email",
      "employee firstname",
      "employee lastname",
      "manager email",
      "manager firstname",
      "manager lastname",
    ]);
    // With the byte-order mark that lets Excel read the accents of role labels right.
    expect((await exampleCsv(template)).split("\r\n")[0]).toBe(`\uFEFF${HEADER},title,message`);
  });

  it("asks for the phone of a role checked by SMS, and says before sending that a row has none or a wrong one", async () => {
    const base = templateDetail();
    const template = {
      ...base,
      roles: base.roles.map((role, index) =>
        index === 0 ? { ...role, verification: "sms_code" as const } : role,
      ),
    };
    expect(bulkSendColumns(template)).toEqual([
      "employee email",
      "employee firstname",
      "employee lastname",
      "employee phone",
      "manager email",
      "manager firstname",
      "manager lastname",
    ]);
    const [header, example] = (await exampleCsv(template)).replace(/^\uFEFF/, "").split("\r\n");
    expect(header).toBe(
      "Employee email,Employee firstname,Employee lastname,Employee phone,Manager email,Manager firstname,Manager lastname,title,message",
    );
    // Kept as text by a spreadsheet ('+…), read back without the apostrophe.
    expect(example).toContain(",'+33 6 12 34 56 78,");
    const cells = (phone: string) => ({
      "employee email": "emma@example.com",
      "employee firstname": "Emma",
      "employee lastname": "E",
      "employee phone": phone,
      "manager email": "max@example.com",
      "manager firstname": "Max",
      "manager lastname": "M",
    });
    expect(rowProblems(template, cells("+33 6 12 34 56 78"))).toEqual([]);
    expect(rowProblems(template, cells("'+33 6 12 34 56 78"))).toEqual([]);
    expect(rowProblems(template, cells(" "))).toEqual([
      { reason: "missing_phone", column: "employee phone", value: "" },
    ]);
    expect(rowProblems(template, cells("06 12"))).toEqual([
      { reason: "invalid_phone", column: "employee phone", value: "06 12" },
    ]);
  });

  it("writes a title or a role label that a spreadsheet would run as a formula with a leading apostrophe in the example file", async () => {
    const template = templateDetail();
    const formulas = {
      ...template,
      title: '=HYPERLINK("http://evil","x")',
      roles: template.roles.map((role, index) =>
        index === 0 ? { ...role, label: "+cmd|' /C calc'!A0" } : role,
      ),
    };
    const [header, row] = (await exampleCsv(formulas)).replace(/^\uFEFF/, "").split("\r\n");
    expect(header?.startsWith("'+cmd|' /C calc'!A0 email,")).toBe(true);
    expect(row).toContain(`"'=HYPERLINK(""http://evil"",""x"")"`);
    expect(row).toContain(",'+cmd|' /C calc'!A0,");
    for (const cell of `${header},${row}`.split(",")) expect(cell).not.toMatch(/^"?[=+\-@]/);
  });

  it("refuses a file without the role columns, naming them", async () => {
    renderApp({ path: PATH, handlers: { "/template/get": () => ok(templateDetail()) } });
    const input = await screen.findByLabelText("CSV file");
    fireEvent.change(input, { target: { files: [csv(["email,firstname", "a@b.co,A"])] } });
    expect(
      await screen.findByText(/employee email, employee firstname/, { exact: false }),
    ).toBeInTheDocument();
  });

  it("previews the rows, sends them all, then follows the job until its report is complete, numbering rows and naming the bad cell alike in both", async () => {
    let asked = 0;
    const { server } = renderApp({
      path: PATH,
      handlers: {
        "/template/get": () => ok(templateDetail()),
        "/template/list-bulk-sends": () => ok({ bulkSends: [], nextCursor: null }),
        "/template/bulk-send": () => ok(summary("running", 0, 0)),
        "/template/bulk-send-status": () => {
          asked += 1;
          return asked === 1
            ? ok({
                bulkSend: summary("running", 1, 0),
                rows: [
                  {
                    row: 1,
                    status: "ok",
                    envelopeUuid: ENVELOPE_UUID,
                    reason: null,
                    column: null,
                    value: null,
                  },
                  {
                    row: 2,
                    status: "pending",
                    envelopeUuid: null,
                    reason: null,
                    column: null,
                    value: null,
                  },
                ],
                nextRow: null,
              })
            : ok({
                bulkSend: summary("done", 1, 1),
                rows: [
                  {
                    row: 1,
                    status: "ok",
                    envelopeUuid: ENVELOPE_UUID,
                    reason: null,
                    column: null,
                    value: null,
                  },
                  {
                    row: 2,
                    status: "error",
                    envelopeUuid: null,
                    reason: "invalid_email",
                    column: "employee email",
                    value: "not-an-email",
                  },
                ],
                nextRow: null,
              });
        },
      },
    });
    const input = await screen.findByLabelText("CSV file");
    fireEvent.change(input, {
      target: {
        files: [
          csv([
            HEADER,
            "ada@example.com,Ada,Lovelace,alan@example.com,Alan,Turing",
            "not-an-email,Bad,Row,max@example.com,Max,Manager",
          ]),
        ],
      },
    });
    expect(
      await screen.findByText("1 row will be reported without being sent."),
    ).toBeInTheDocument();
    // The bad row is "row 2" in the preview as in the report, its problem named by column and value.
    const preview = screen.getByRole("table", { name: "Rows of the file" });
    const badRow = within(preview)
      .getByText(
        "Will be reported: Column “employee email”: “not-an-email” is not an email address.",
      )
      .closest("tr");
    expect(badRow).not.toBeNull();
    expect(within(badRow as HTMLElement).getAllByRole("cell")[0]).toHaveTextContent(/^2$/);
    // The button counts the envelopes that will be sent: the reported row is not one.
    fireEvent.click(screen.getByRole("button", { name: "Send 1 envelope" }));
    expect(await screen.findByText("Sending… 1 of 2 rows processed.")).toBeInTheDocument();
    expect(
      await screen.findByText("Done: 1 sent, 1 not sent.", {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    const report = screen.getByRole("table", { name: "Report of the bulk send" });
    const reported = within(report)
      .getByText("Column “employee email”: “not-an-email” is not an email address.")
      .closest("tr");
    expect(within(reported as HTMLElement).getAllByRole("cell")[0]).toHaveTextContent(/^2$/);
    expect(within(report).getByRole("link", { name: "Open the envelope" })).toHaveAttribute(
      "href",
      `/envelopes/${WORKSPACE_MAIN.uuid}/${ENVELOPE_UUID}/view`,
    );
    await waitFor(() =>
      expect(server.bodiesOf("/template/bulk-send")).toEqual([
        {
          templateUuid: TEMPLATE_UUID,
          rows: [
            {
              recipients: [
                {
                  role: "Employee",
                  email: "ada@example.com",
                  firstname: "Ada",
                  lastname: "Lovelace",
                },
                {
                  role: "Manager",
                  email: "alan@example.com",
                  firstname: "Alan",
                  lastname: "Turing",
                },
              ],
            },
            {
              recipients: [
                { role: "Employee", email: "not-an-email", firstname: "Bad", lastname: "Row" },
                {
                  role: "Manager",
                  email: "max@example.com",
                  firstname: "Max",
                  lastname: "Manager",
                },
              ],
            },
          ],
        },
      ]),
    );
  });
});
