import { useTranslation } from "@paraphe/i18n/react";
import { toast } from "@paraphe/ui-kit";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useApi, type AccessLink } from "../../../lib/api";
import { type Delegation } from "../components/delegate-dialog";
import { asApiError } from "./access-error";

/**
 * Handing the signer's turn to someone else, when the sender allows it: the dialog's state, the
 * call, and what the server refused (the signer themselves, someone already a recipient) said
 * beside the address. `linkSpent` handles a link that stopped working; `reopen` opens the envelope
 * again, which then answers that it was delegated.
 */
export function useDelegation({
  link,
  canDelegate,
  linkSpent,
  reopen,
}: {
  link: AccessLink;
  canDelegate: boolean;
  linkSpent: (error: unknown) => boolean;
  reopen: () => Promise<void>;
}) {
  const { t } = useTranslation("sign");
  const api = useApi();
  const [open, setOpen] = useState(false);
  const [refused, setRefused] = useState<Partial<Record<keyof Delegation, string>>>({});
  const delegate = useMutation({
    mutationFn: (delegation: Delegation) => api.envelope.delegate({ ...link, ...delegation }),
    onSuccess: async (answer) => {
      setOpen(false);
      toast.success(
        t("delegate.done", { name: `${answer.to.firstname} ${answer.to.lastname}`.trim() }),
      );
      await reopen();
    },
    onError: (error) => {
      if (linkSpent(error)) return;
      const words = (asApiError(error)?.details ?? []).map((detail) => detail.message);
      if (words.includes("delegate_to_self")) {
        setRefused({ email: t("delegate.toSelf") });
        return;
      }
      if (words.includes("already_recipient")) {
        setRefused({ email: t("delegate.alreadyRecipient") });
        return;
      }
      toast.error(t("errors.delegating"));
    },
  });
  return {
    open,
    setOpen,
    refused,
    delegating: delegate.isPending,
    /** Opens the dialog; undefined where the recipient may not delegate. */
    openDelegation: canDelegate
      ? () => {
          setRefused({});
          setOpen(true);
        }
      : undefined,
    onDelegate: (delegation: Delegation) => {
      setRefused({});
      delegate.mutate(delegation);
    },
  };
}
