import { type UserProfile } from "@paraphe/api-sdk/contract";
import { type Action, type Subject } from "@paraphe/permissions";
import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useSession } from "../session/session-context";
import { asRole, profileWithRole, TEST_PROFILE } from "../../test/api";
import { profileLoader, renderApp } from "../../test/render-app";
import { Can } from "./can";
import { PERMISSIONS_BUILD_FAILURE, usePermissions } from "./permissions-context";
import { PermissionsProvider } from "./permissions-provider";
import { PermittedButton } from "./permitted-button";

const CHECKS: [Action, Subject][] = [
  ["read", "Envelope"],
  ["create", "Envelope"],
  ["update", "Envelope"],
  ["delete", "Team"],
  ["update", "Team"],
];

/** Shows what `usePermissions().can` answers once the session has settled. */
function Probe() {
  const { status } = useSession();
  const { can } = usePermissions();
  if (status === "loading") return <p>loading</p>;
  return (
    <ul aria-label={status}>
      {CHECKS.map(([action, subject]) => (
        <li
          key={`${action} ${subject}`}
        >{`${action} ${subject}: ${can(action, subject) ? "yes" : "no"}`}</li>
      ))}
    </ul>
  );
}

async function answers(status = "authenticated"): Promise<string[]> {
  const list = await screen.findByRole("list", { name: status });
  return Array.from(list.querySelectorAll("li"), (item) => item.textContent ?? "");
}

// The members' layout provides the permissions (AppLayout); the probe has them the same way.
const probeRoutes = [
  {
    path: "/",
    element: (
      <PermissionsProvider>
        <Probe />
      </PermissionsProvider>
    ),
  },
];

afterEach(() => vi.restoreAllMocks());

describe("usePermissions", () => {
  it("builds can() from the rolePermissions of the profile the api answers", async () => {
    renderApp({ routes: probeRoutes, handlers: asRole("Viewer") });
    expect(await answers()).toEqual([
      "read Envelope: yes",
      "create Envelope: no",
      "update Envelope: no",
      "delete Team: no",
      "update Team: no",
    ]);
  });

  it("lets manage cover every action and an inverted rule deny one (Admin)", async () => {
    renderApp({ routes: probeRoutes, handlers: asRole("Admin") });
    expect(await answers()).toEqual([
      "read Envelope: yes",
      "create Envelope: yes",
      "update Envelope: yes",
      "delete Team: no",
      "update Team: yes",
    ]);
  });

  it("logs Failed to build the permission set and allows nothing when a rule is malformed", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const broken = {
      ...profileWithRole("Owner"),
      team: {
        ...profileWithRole("Owner").team,
        rolePermissions: [
          { action: "manage", subject: "all" },
          { action: "fly", subject: "all" },
        ],
      },
    } as unknown as UserProfile;
    renderApp({ routes: probeRoutes, loadProfile: profileLoader(broken) });
    expect(await answers()).toEqual([
      "read Envelope: no",
      "create Envelope: no",
      "update Envelope: no",
      "delete Team: no",
      "update Team: no",
    ]);
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith(PERMISSIONS_BUILD_FAILURE, expect.stringContaining("fly")),
    );
  });

  it("allows nothing, without logging, when the profile lacks rolePermissions or there is no user", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const { team, ...rest } = TEST_PROFILE;
    const withoutRules = {
      ...rest,
      team: { ...team, rolePermissions: undefined },
    } as unknown as UserProfile;
    const first = renderApp({ routes: probeRoutes, loadProfile: profileLoader(withoutRules) });
    expect(await answers()).toEqual([
      "read Envelope: no",
      "create Envelope: no",
      "update Envelope: no",
      "delete Team: no",
      "update Team: no",
    ]);
    first.unmount();
    localStorage.clear();
    renderApp({ routes: probeRoutes, user: null });
    expect(await answers("anonymous")).toContain("read Envelope: no");
    expect(error).not.toHaveBeenCalledWith(PERMISSIONS_BUILD_FAILURE, expect.anything());
  });
});

describe("<Can>", () => {
  it("shows its children only when the role allows the action, the fallback otherwise", async () => {
    renderApp({
      handlers: asRole("Viewer"),
      routes: [
        {
          path: "/",
          element: (
            <PermissionsProvider>
              <Can I="read" a="Envelope">
                <p>the list</p>
              </Can>
              <Can I="create" a="Envelope" fallback={<p>no upload</p>}>
                <p>upload</p>
              </Can>
            </PermissionsProvider>
          ),
        },
      ],
    });
    expect(await screen.findByText("the list")).toBeInTheDocument();
    expect(await screen.findByText("no upload")).toBeInTheDocument();
    expect(screen.queryByText("upload")).not.toBeInTheDocument();
  });
});

describe("<PermittedButton>", () => {
  function renderButton(role: string) {
    const onClick = vi.fn();
    const view = renderApp({
      handlers: asRole(role),
      routes: [
        {
          path: "/",
          element: (
            <PermissionsProvider>
              <PermittedButton permission="create Envelope" onClick={onClick}>
                Upload
              </PermittedButton>
            </PermissionsProvider>
          ),
        },
      ],
    });
    return { ...view, onClick };
  }

  it("is disabled with its reason, as description and tooltip, when the role lacks the permission", async () => {
    const { user, onClick, server } = renderButton("Viewer");
    await waitFor(() => expect(server.bodiesOf("/user/profile")).toHaveLength(1));
    const button = await screen.findByRole("button", { name: "Upload" });
    expect(button).toHaveAttribute("aria-disabled", "true");
    expect(button).toHaveAccessibleDescription("Your role does not allow you to create envelopes.");
    await user.click(button);
    expect(onClick).not.toHaveBeenCalled();
    expect(await screen.findByRole("tooltip")).toHaveTextContent(
      "Your role does not allow you to create envelopes.",
    );
  });

  it("is an ordinary button when the role allows the action", async () => {
    const { user, onClick } = renderButton("Member");
    // Denied until the profile has loaded (nothing is allowed before).
    await waitFor(() =>
      expect(screen.getByRole("button", { name: "Upload" })).not.toHaveAttribute("aria-disabled"),
    );
    const button = screen.getByRole("button", { name: "Upload" });
    expect(button).not.toHaveAccessibleDescription();
    await user.click(button);
    expect(onClick).toHaveBeenCalledOnce();
  });
});
