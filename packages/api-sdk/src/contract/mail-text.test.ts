import { describe, expect, it } from "vitest";
import { MAIL_TEXT_BODY_MAX_LENGTH, mailTextInputSchema, placeholdersIn } from "./mail-text";

const issues = (input: unknown) => {
  const result = mailTextInputSchema.safeParse(input);
  return result.success
    ? []
    : result.error.issues.map((issue) => `${issue.path.join(".")}:${issue.message}`);
};

describe("a team's text of a mail", () => {
  it("finds each placeholder, spaces inside the braces allowed", () => {
    expect(placeholdersIn("{{ signerName }} and {{link}}, not {single} or {{}")).toEqual([
      "signerName",
      "link",
    ]);
  });

  it("accepts the placeholders of its mail and refuses the others, on their field", () => {
    const invitation = { kind: "invitation", language: "fr", subject: "{{envelopeTitle}}" };
    expect(issues({ ...invitation, body: "Bonjour {{signerName}}, {{link}} {{expiry}}" })).toEqual(
      [],
    );
    expect(issues({ ...invitation, subject: "{{reason}}", body: "{{link}} {{prenom}}" })).toEqual([
      "subject:unknown_placeholder",
      "body:unknown_placeholder",
    ]);
    expect(
      issues({ kind: "completion", language: "en", subject: "Done", body: "{{expiry}} {{link}}" }),
    ).toEqual(["body:unknown_placeholder"]);
  });

  it("requires the link in the body where the mail needs one, and refuses it in a subject", () => {
    expect(issues({ kind: "reminder", language: "en", subject: "Hi", body: "No link" })).toEqual([
      "body:link_required",
    ]);
    expect(
      issues({ kind: "reminder", language: "en", subject: "Go {{link}}", body: "{{link}}" }),
    ).toEqual(["subject:link_in_subject"]);
    expect(issues({ kind: "decline", language: "en", subject: "No", body: "{{reason}}" })).toEqual(
      [],
    );
  });

  it("bounds the texts: a subject of one line, a body of at most the limit, neither empty", () => {
    const base = { kind: "decline", language: "en" };
    expect(issues({ ...base, subject: "a\nb", body: "x" })).toEqual(["subject:one_line"]);
    expect(issues({ ...base, subject: " ", body: "x" })).toEqual(["subject:required"]);
    expect(
      issues({ ...base, subject: "s", body: "x".repeat(MAIL_TEXT_BODY_MAX_LENGTH + 1) }),
    ).toEqual(["body:too_long"]);
  });
});
