import { FormField, Input } from "@paraphe/ui-kit";
import { type FieldError, type UseFormRegisterReturn } from "react-hook-form";
import { useErrorText } from "../lib/api/error-text";

type PersonField = "firstname" | "lastname" | "phone";

export interface PersonFieldsProps {
  /** The form's `register` for the three fields (`(name) => form.register(name)`). */
  register: (name: PersonField) => UseFormRegisterReturn;
  /** The form's errors; those of the three fields show under them. */
  errors: Partial<Record<PersonField, FieldError>>;
  labels: Record<PersonField | "phoneHint", string>;
  /**
   * `own`: the person's own details, which the browser may fill in (given name, family name,
   * telephone); `other` (default): someone else's, never filled in from the browser.
   */
  autofill?: "own" | "other";
  /** Tighter spacing, for dialogs. */
  compact?: boolean;
  /** Whether the names are required (default); an invitation's are optional. */
  namesRequired?: boolean;
}

/**
 * The first name and last name of a person side by side from 640 px, then the phone number with
 * its hint: a contact, a recipient, a team member or an invitation, or the member's own profile.
 */
export function PersonFields({
  register,
  errors,
  labels,
  autofill = "other",
  compact = false,
  namesRequired = true,
}: PersonFieldsProps) {
  const errorText = useErrorText();
  const own = autofill === "own";
  return (
    <>
      <div className={compact ? "grid gap-3 sm:grid-cols-2" : "grid gap-4 sm:grid-cols-2"}>
        <FormField
          label={labels.firstname}
          required={namesRequired}
          error={errorText.validation(errors.firstname)}
        >
          <Input autoComplete={own ? "given-name" : "off"} {...register("firstname")} />
        </FormField>
        <FormField
          label={labels.lastname}
          required={namesRequired}
          error={errorText.validation(errors.lastname)}
        >
          <Input autoComplete={own ? "family-name" : "off"} {...register("lastname")} />
        </FormField>
      </div>
      <FormField
        label={labels.phone}
        description={labels.phoneHint}
        error={errorText.validation(errors.phone)}
      >
        <Input
          type="tel"
          autoComplete={own ? "tel" : "off"}
          {...(own ? { inputMode: "tel" as const } : {})}
          {...register("phone")}
        />
      </FormField>
    </>
  );
}
