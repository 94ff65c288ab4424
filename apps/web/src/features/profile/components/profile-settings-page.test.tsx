import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { apiError } from "../../../test/api";
import { renderApp } from "../../../test/render-app";

function pictureInput() {
  return screen.getByLabelText("Choose a picture");
}

function choose(file: File) {
  // fireEvent: user-event would drop a file that the input's `accept` refuses.
  fireEvent.change(pictureInput(), { target: { files: [file] } });
}

describe("profile picture", () => {
  it("refuses a file that is not an image, without uploading it", async () => {
    const { server } = renderApp({ path: "/settings/profile" });
    await screen.findByRole("heading", { name: "Profile picture" });
    choose(new File(["%PDF-1.7"], "contract.pdf", { type: "application/pdf" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Invalid file type: choose a PNG, JPEG, WebP or GIF image.",
    );
    expect(pictureInput()).toHaveAttribute("aria-invalid", "true");
    expect(server.bodiesOf("/user/upload-picture")).toEqual([]);
  });

  it("refuses an image of 1 MB or more", async () => {
    renderApp({ path: "/settings/profile" });
    await screen.findByRole("heading", { name: "Profile picture" });
    choose(new File([new Uint8Array(1024 * 1024)], "big.png", { type: "image/png" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "File too large: the picture must be under 1 MB.",
    );
  });

  it("previews a valid image, then uploads it as base64 with its type", async () => {
    const { user, server } = renderApp({ path: "/settings/profile" });
    await screen.findByRole("heading", { name: "Profile picture" });
    choose(new File([new Uint8Array([137, 80, 78, 71])], "me.png", { type: "image/png" }));
    expect(await screen.findByRole("button", { name: "Save the picture" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Save the picture" }));
    await waitFor(() =>
      expect(server.bodiesOf("/user/upload-picture")).toEqual([
        { data: "iVBORw==", contentType: "image/png" },
      ]),
    );
    expect(await screen.findByText("Your picture has been updated.")).toBeInTheDocument();
  });

  it("says upload error when the api refuses the picture", async () => {
    const { user } = renderApp({
      path: "/settings/profile",
      handlers: { "/user/upload-picture": () => apiError(413, "PAYLOAD_TOO_LARGE") },
    });
    await screen.findByRole("heading", { name: "Profile picture" });
    choose(new File([new Uint8Array([1, 2, 3])], "me.jpg", { type: "image/jpeg" }));
    await user.click(await screen.findByRole("button", { name: "Save the picture" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Upload error: the picture could not be saved. Please try again.",
    );
  });
});

describe("profile form", () => {
  it("requires the first and last names and saves the phone and preferred language", async () => {
    const { user, server } = renderApp({ path: "/settings/profile" });
    const firstname = await screen.findByRole("textbox", { name: /First name/ });
    await user.clear(firstname);
    await user.click(screen.getByRole("button", { name: "Save changes" }));
    expect(await screen.findByText("This field is required.")).toBeInTheDocument();

    await user.type(firstname, "Léa");
    await user.type(screen.getByRole("textbox", { name: /Phone number/ }), "+33 6 12 34 56 78");
    await user.selectOptions(screen.getByRole("combobox", { name: /Preferred language/ }), "fr");
    await user.click(screen.getByRole("button", { name: "Save changes" }));
    await waitFor(() =>
      expect(server.bodiesOf("/user/update-profile")).toEqual([
        {
          firstname: "Léa",
          lastname: "Martin",
          phone: "+33 6 12 34 56 78",
          preferredLanguage: "fr",
        },
      ]),
    );
    expect(await screen.findByText("Your profile has been updated.")).toBeInTheDocument();
  });
});
