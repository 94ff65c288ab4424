import {
  DELEGATION_REASON_MAX_LENGTH,
  delegateEnvelopeRequestSchema,
} from "@paraphe/api-sdk/contract";
import { useTranslation } from "@paraphe/i18n/react";
import {
  Button,
  Dialog,
  DialogClose,
  DialogContent,
  DialogFooter,
  FormField,
  Input,
  Textarea,
} from "@paraphe/ui-kit";
import { useState, type FormEvent } from "react";

/** The person a signer hands their turn to, and why (the contract's rules). */
export interface Delegation {
  firstname: string;
  lastname: string;
  email: string;
  reason: string;
}

type FieldName = keyof Delegation;
type Problems = Partial<Record<FieldName, string>>;

const personSchema = delegateEnvelopeRequestSchema.pick({
  firstname: true,
  lastname: true,
  email: true,
  reason: true,
});

export interface DelegateDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDelegate: (delegation: Delegation) => void;
  delegating: boolean;
  /** What the server refused, by field (`delegate_to_self`, `already_recipient`). */
  refused?: Problems;
}

/**
 * A signer hands their turn to someone else: first and last name, email and a required reason,
 * checked with the contract's schema before the call; the server's refusals (their own address,
 * someone already a recipient) show on the email field. What was typed stays if the call fails.
 */
export function DelegateDialog({
  open,
  onOpenChange,
  onDelegate,
  delegating,
  refused = {},
}: DelegateDialogProps) {
  const { t } = useTranslation(["sign", "common"]);
  const [values, setValues] = useState<Delegation>({
    firstname: "",
    lastname: "",
    email: "",
    reason: "",
  });
  const [problems, setProblems] = useState<Problems>({});
  const shown: Problems = { ...refused, ...problems };

  const message = (field: FieldName, word: string | undefined): string => {
    if (word === "too_long") {
      return field === "reason"
        ? t("delegate.reasonTooLong", { count: DELEGATION_REASON_MAX_LENGTH })
        : t("delegate.tooLong");
    }
    if (word === "invalid_email") return t("delegate.invalidEmail");
    if (word === "delegate_to_self") return t("delegate.toSelf");
    if (word === "already_recipient") return t("delegate.alreadyRecipient");
    return t("delegate.required");
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = personSchema.safeParse(values);
    if (!parsed.success) {
      const next: Problems = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as FieldName;
        next[field] ??= message(field, issue.message);
      }
      setProblems(next);
      return;
    }
    setProblems({});
    onDelegate(parsed.data);
  }

  const field = (name: FieldName) => ({
    value: values[name],
    onChange: (event: { target: { value: string } }) => {
      setValues((current) => ({ ...current, [name]: event.target.value }));
      if (problems[name]) setProblems((current) => ({ ...current, [name]: undefined }));
    },
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={t("delegate.title")}
        description={t("delegate.description")}
        closeLabel={t("common:actions.close")}
      >
        <form noValidate onSubmit={submit} className="flex flex-col gap-3">
          <div className="grid gap-3 sm:grid-cols-2">
            <FormField label={t("delegate.firstname")} error={shown.firstname} required>
              <Input autoComplete="off" maxLength={100} {...field("firstname")} />
            </FormField>
            <FormField label={t("delegate.lastname")} error={shown.lastname} required>
              <Input autoComplete="off" maxLength={100} {...field("lastname")} />
            </FormField>
          </div>
          <FormField label={t("delegate.email")} error={shown.email} required>
            <Input type="email" inputMode="email" autoComplete="off" {...field("email")} />
          </FormField>
          <FormField
            label={t("delegate.reason")}
            description={`${t("decline.reasonHint", { max: DELEGATION_REASON_MAX_LENGTH })} ${values.reason.length} / ${DELEGATION_REASON_MAX_LENGTH}`}
            error={shown.reason}
            required
          >
            <Textarea rows={3} {...field("reason")} />
          </FormField>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="secondary">{t("common:actions.cancel")}</Button>
            </DialogClose>
            <Button type="submit" loading={delegating}>
              {delegating ? t("delegate.delegating") : t("delegate.confirm")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
