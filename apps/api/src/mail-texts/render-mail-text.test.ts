import { describe, expect, it } from "vitest";
import { renderMailText } from "./render-mail-text";

describe("a team's text rendered", () => {
  const template = {
    subject: "{{senderName}} asks you to sign {{ envelopeTitle }}",
    body: "Dear {{signerName}},\n\nSign here:\n{{link}}\n\n \nBefore {{expiry}}.\n\n<b>Thanks</b>",
  };

  it("fills the placeholders, cuts paragraphs at empty lines and makes the link a part of its own", () => {
    const rendered = renderMailText(template, {
      senderName: "Ana <a>",
      signerName: "Bo",
      envelopeTitle: "Lease",
      link: "https://sign.example/s/1",
      expiry: "1 May 2027",
    });
    expect(rendered.subject).toBe("Ana <a> asks you to sign Lease");
    expect(rendered.paragraphs.map((p) => p.text)).toEqual([
      "Dear Bo,",
      "Sign here:\nhttps://sign.example/s/1",
      "Before 1 May 2027.",
      "<b>Thanks</b>",
    ]);
    expect(rendered.paragraphs[1]?.parts).toEqual([
      { text: "Sign here:\n" },
      { link: "https://sign.example/s/1" },
    ]);
  });

  it("leaves out the paragraph of the expiry when the envelope has none", () => {
    const rendered = renderMailText(template, { link: "https://x.example", expiry: null });
    expect(rendered.paragraphs.map((p) => p.text)).not.toContain("Before .");
    expect(rendered.paragraphs).toHaveLength(3);
  });

  it("inserts a value that looks like a placeholder as text, once", () => {
    const rendered = renderMailText(
      { subject: "{{envelopeTitle}}", body: "{{envelopeTitle}} {{link}}" },
      { envelopeTitle: "{{link}}", link: "https://x.example" },
    );
    expect(rendered.subject).toBe("{{link}}");
    expect(rendered.paragraphs[0]?.parts).toEqual([
      { text: "{{link}}" },
      { text: " " },
      { link: "https://x.example" },
    ]);
  });
});
