import { CONTACT_NAME_MAX_LENGTH, contactInputSchema } from "@paraphe/api-sdk/contract";
import { createBrowserI18n } from "@paraphe/i18n";
import { I18nProvider } from "@paraphe/i18n/react";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useForm } from "react-hook-form";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { useErrorText } from "../api/error-text";
import { zodResolver } from "./zod-resolver";

const schema = z.object({
  firstname: contactInputSchema.shape.firstname,
  tags: z.array(z.string()).max(3, { error: "too_many_tags" }),
});

/** A form checked in the browser with the contract's rules, its errors shown the apps' way. */
function NameForm({ tags }: { tags: string[] }) {
  const errorText = useErrorText();
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { firstname: "", tags },
  });
  const { errors } = form.formState;
  return (
    <form noValidate onSubmit={form.handleSubmit(() => undefined)}>
      <label>
        First name
        <input {...form.register("firstname")} />
      </label>
      <p>{errorText.validation(errors.firstname)}</p>
      <p>{errorText.validation(errors.tags)}</p>
      <button type="submit">Save</button>
    </form>
  );
}

function renderIn(language: "en" | "fr", tags: string[] = []) {
  render(
    <I18nProvider i18n={createBrowserI18n({ language })}>
      <NameForm tags={tags} />
    </I18nProvider>,
  );
  return userEvent.setup();
}

describe("the form resolver of the contract's schemas", () => {
  it("names the most characters a field takes when the value is longer, in English", async () => {
    const user = renderIn("en");
    await user.click(screen.getByRole("textbox", { name: "First name" }));
    await user.paste("x".repeat(CONTACT_NAME_MAX_LENGTH + 1));
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(
      await screen.findByText(
        `This is too long: the limit is ${CONTACT_NAME_MAX_LENGTH} characters.`,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText("This is too long.")).not.toBeInTheDocument();
  });

  it("names the limit in French, with its plural", async () => {
    const user = renderIn("fr", ["a", "b", "c", "d"]);
    await user.click(screen.getByRole("textbox", { name: "First name" }));
    await user.paste("x".repeat(CONTACT_NAME_MAX_LENGTH + 1));
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(
      await screen.findByText(
        `C’est trop long : la limite est de ${CONTACT_NAME_MAX_LENGTH} caractères.`,
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText("Trop d’étiquettes : un document en porte au plus 3."),
    ).toBeInTheDocument();
  });

  it("keeps a problem that names no limit as it is", async () => {
    const user = renderIn("en");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("This field is required.")).toBeInTheDocument();
  });
});
