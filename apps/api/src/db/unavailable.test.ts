import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "./unavailable";

const withCode = (message: string, code: string): Error =>
  Object.assign(new Error(message), { code });

describe("isDatabaseUnavailable", () => {
  it("recognises a refused or dropped connection and a server shutting down or starting up", () => {
    expect(
      isDatabaseUnavailable(withCode("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED")),
    ).toBe(true);
    expect(
      isDatabaseUnavailable(
        withCode("terminating connection due to administrator command", "57P01"),
      ),
    ).toBe(true);
    expect(isDatabaseUnavailable(withCode("the database system is starting up", "57P03"))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(withCode("connection failure", "08006"))).toBe(true);
    expect(isDatabaseUnavailable(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(isDatabaseUnavailable(new Error("timeout exceeded when trying to connect"))).toBe(true);
  });

  it("looks through the causes a wrapper adds", () => {
    const cause = withCode("read ECONNRESET", "ECONNRESET");
    expect(isDatabaseUnavailable(new Error("query failed", { cause }))).toBe(true);
  });

  it("leaves a query the database refused, and anything else, to the generic error", () => {
    expect(isDatabaseUnavailable(withCode("duplicate key value", "23505"))).toBe(false);
    expect(isDatabaseUnavailable(withCode("syntax error", "42601"))).toBe(false);
    expect(isDatabaseUnavailable(new Error("something broke"))).toBe(false);
    expect(isDatabaseUnavailable("ECONNREFUSED")).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});
