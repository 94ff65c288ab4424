import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { Logo } from "../components/logo";
import { LoadingScreen } from "./loading-screen";
import { NotFoundPage } from "./not-found-page";
import { PageHeader } from "./page-header";
import { PageTransition } from "./page-transition";
import { PublicLayout } from "./public-layout";

describe("LoadingScreen", () => {
  it("is a status region announcing its label", () => {
    render(<LoadingScreen label="Loading your profile" />);
    expect(screen.getByRole("status")).toHaveTextContent("Loading your profile");
  });
});

describe("NotFoundPage", () => {
  it("shows the title, the description and a link out", () => {
    render(
      <NotFoundPage
        title="Page not found"
        description="This page does not exist."
        actionLabel="Dashboard"
        actionHref="/"
      />,
    );
    expect(screen.getByRole("heading", { level: 1, name: "Page not found" })).toBeInTheDocument();
    expect(screen.getByText("This page does not exist.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Dashboard" })).toHaveAttribute("href", "/");
  });

  it("lets the app render the action with its router", () => {
    const renderAction = vi.fn((children, className: string) => (
      <a href="/home" data-router="yes" className={className}>
        {children}
      </a>
    ));
    render(
      <NotFoundPage
        title="Not found"
        description="Gone."
        actionLabel="Home"
        renderAction={renderAction}
      />,
    );
    expect(screen.getByRole("link", { name: "Home" })).toHaveAttribute("data-router", "yes");
  });
});

describe("PageHeader", () => {
  it("renders a string title as the h1, a labelled back button and actions", async () => {
    const onBack = vi.fn();
    render(
      <PageHeader
        title="Contacts"
        back={{ label: "Back", onClick: onBack }}
        actions={<button type="button">New</button>}
      />,
    );
    expect(screen.getByRole("heading", { level: 1, name: "Contacts" })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Back" }));
    expect(onBack).toHaveBeenCalledTimes(1);
    expect(screen.getByRole("button", { name: "New" })).toBeInTheDocument();
  });
});

describe("PageTransition", () => {
  it("mounts a new fading page when the key changes, and keeps it for the same key", () => {
    const { rerender } = render(
      <PageTransition transitionKey="/a">
        <p>Page A</p>
      </PageTransition>,
    );
    const first = screen.getByText("Page A").parentElement;
    expect(first).toHaveClass("animate-fade-in", "motion-reduce:animate-none");
    rerender(
      <PageTransition transitionKey="/a">
        <p>Page A again</p>
      </PageTransition>,
    );
    expect(screen.getByText("Page A again").parentElement).toBe(first);
    rerender(
      <PageTransition transitionKey="/b">
        <p>Page B</p>
      </PageTransition>,
    );
    const second = screen.getByText("Page B").parentElement;
    expect(second).not.toBe(first);
    expect(second).toHaveClass("animate-fade-in");
  });
});

describe("PublicLayout", () => {
  it("has a banner with the branding, subtitle and actions, and the content in main", () => {
    render(
      <PublicLayout
        brand={<Logo />}
        subtitle="Secure electronic signature"
        actions={<a href="/login">Sign in</a>}
        footer="© Paraphe"
      >
        <p>Sign here</p>
      </PublicLayout>,
    );
    const banner = screen.getByRole("banner");
    expect(banner).toHaveTextContent("Paraphe");
    expect(banner).toHaveTextContent("Secure electronic signature");
    expect(screen.getByRole("link", { name: "Sign in" })).toBeInTheDocument();
    expect(screen.getByRole("main")).toHaveTextContent("Sign here");
    expect(screen.getByRole("contentinfo")).toHaveTextContent("© Paraphe");
  });
});

describe("Logo", () => {
  it("in compact form is an image named Paraphe", () => {
    render(<Logo compact />);
    expect(screen.getByRole("img", { name: "Paraphe" })).toBeInTheDocument();
  });
});
