import { useCallback, useEffect, useRef, useState, type ChangeEvent, type FormEvent } from "react";
import { type FormFieldError } from "../../../lib/api/error-text";
import type * as LoginFormSchemas from "./login-form-schemas";

/**
 * The login forms' schemas (zod and the contract's email rule), a chunk that downloads while the
 * page shows. Undefined when it failed to load and the chunk-load guard reloads the page.
 */
export const loadLoginFormSchemas = async (): Promise<typeof LoginFormSchemas | undefined> =>
  import("./login-form-schemas");

/** What a form's submit does with the checked email: a field problem it returns is shown. */
export type SubmitLoginEmail = (
  email: string,
  schemas: typeof LoginFormSchemas,
) => Promise<FormFieldError | undefined>;

/**
 * The login's one-field email forms (the email step, single sign-on), without a form library: the
 * page's first load carries what it shows, and the field's rule is the contract's (the schemas'
 * chunk, asked for at once). As react-hook-form's forms: checked at submit, then at each change;
 * a problem (the rule's or the api's) focuses the field.
 */
export function useLoginEmailForm(defaultEmail: string, submit: SubmitLoginEmail) {
  const input = useRef<HTMLInputElement>(null);
  const submitted = useRef(false);
  const [error, setError] = useState<FormFieldError | undefined>(undefined);
  const [isSubmitting, setSubmitting] = useState(false);

  useEffect(() => {
    void loadLoginFormSchemas().catch(() => undefined);
  }, []);

  const onChange = useCallback((event: ChangeEvent<HTMLInputElement>) => {
    if (!submitted.current) return;
    const { value } = event.target;
    void loadLoginFormSchemas().then((schemas) => {
      if (schemas && input.current?.value === value)
        setError(schemas.checkLoginEmail(value).problem);
    });
  }, []);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submitted.current = true;
    setSubmitting(true);
    try {
      // Undefined while the chunk-load guard reloads the page: the form waits for the reload.
      const schemas = await loadLoginFormSchemas();
      if (!schemas) return new Promise<never>(() => {});
      const checked = schemas.checkLoginEmail(input.current?.value ?? "");
      const problem = checked.problem ?? (await submit(checked.email, schemas));
      setError(problem);
      if (problem) input.current?.focus();
    } finally {
      setSubmitting(false);
    }
  };

  return {
    /** The email input's props. */
    field: { ref: input, name: "email", defaultValue: defaultEmail, onChange },
    error,
    isSubmitting,
    onSubmit: (event: FormEvent<HTMLFormElement>) => void onSubmit(event),
  };
}
