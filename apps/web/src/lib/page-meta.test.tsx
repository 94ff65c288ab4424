import { screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { type RouteObject } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { QueryScope } from "../app/query-scope";
import { RequireSession } from "../app/session/components/require-session";
import { AppLayout } from "../layouts/app-layout/app-layout";
import { profileLoader, renderApp, setViewport } from "../test/render-app";
import { usePageMeta } from "./page-meta";

function EditableScreen({ onBack }: { onBack: () => void }) {
  const [title, setTitle] = useState("Lease agreement");
  usePageMeta({
    title,
    back: { label: "Back to envelopes", onClick: onBack },
    editable: { onSave: setTitle, label: "Document title", editLabel: "Edit the title" },
  });
  return <p>Editor</p>;
}

function routesWith(element: React.ReactNode): RouteObject[] {
  return [
    {
      // As the router gives its pages the app's query client (the layout's indicators use it).
      element: (
        <QueryScope>
          <RequireSession />
        </QueryScope>
      ),
      children: [{ element: <AppLayout />, children: [{ path: "/edit", element }] }],
    },
  ];
}

describe("usePageMeta", () => {
  it("puts a screen's editable title and back button in the header, and the title in the tab", async () => {
    setViewport("desktop");
    const onBack = vi.fn();
    const { user } = renderApp({
      path: "/edit",
      loadProfile: profileLoader(),
      routes: routesWith(<EditableScreen onBack={onBack} />),
    });

    const titleButton = await screen.findByRole("button", { name: "Lease agreement" });
    await waitFor(() => expect(document.title).toBe("Lease agreement · Paraphe"));

    await user.click(titleButton);
    const field = screen.getByRole("textbox", { name: "Document title" });
    await user.clear(field);
    await user.type(field, "Signed lease{Enter}");
    expect(await screen.findByRole("button", { name: "Signed lease" })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe("Signed lease · Paraphe"));

    await user.click(screen.getByRole("button", { name: "Back to envelopes" }));
    expect(onBack).toHaveBeenCalledTimes(1);
  });
});
