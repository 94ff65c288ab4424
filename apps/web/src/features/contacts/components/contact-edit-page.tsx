import { useTranslation } from "@paraphe/i18n/react";
import { Button, ConfirmDialog, EmptyState, Spinner } from "@paraphe/ui-kit";
import { toast } from "../../../lib/toast";
import { Trash2 } from "lucide-react";
import { useState } from "react";
import { useNavigate } from "react-router";
import { PermittedButton } from "../../../app/permissions/permitted-button";
import { useErrorText } from "../../../lib/api/error-text";
import { usePageMeta } from "../../../lib/page-meta";
import { useContact, useDeleteContact, useUpdateContact } from "../api/contact-queries";
import { ContactForm } from "../forms/contact-form";
import { contactHref } from "./contact-link";

/** /contacts/{workspaceUuid}/{contactEmail}: edit a contact, or delete it after confirming. */
export function ContactEditPage({
  workspaceUuid,
  email,
}: {
  workspaceUuid: string;
  email: string;
}) {
  const { t } = useTranslation(["web", "common"]);
  const navigate = useNavigate();
  const errorText = useErrorText();
  usePageMeta({
    title: t("web:contacts.form.editTitle"),
    back: { label: t("web:contacts.form.cancel"), onClick: () => void navigate("/contacts") },
  });
  const contact = useContact(workspaceUuid, email);
  const update = useUpdateContact();
  const remove = useDeleteContact();
  const [confirming, setConfirming] = useState(false);

  if (contact.isPending) return <Spinner label={t("web:contacts.loading")} />;
  if (contact.isError) {
    return (
      <EmptyState
        title={t("web:contacts.form.notFound")}
        action={
          <Button variant="secondary" onClick={() => void navigate("/contacts")}>
            {t("web:contacts.form.cancel")}
          </Button>
        }
      />
    );
  }
  const current = contact.data;

  return (
    <section aria-labelledby="contact-edit-title" className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h2 id="contact-edit-title" className="text-lg font-semibold text-ink">
          {t("web:contacts.form.editTitle")}
        </h2>
        <p className="text-sm text-ink-muted">{current.workspaceName}</p>
      </div>
      <ContactForm
        key={current.uuid}
        contact={current}
        submitLabel={t("web:contacts.form.save")}
        permission="update Contact"
        submitError={update.error}
        onSubmit={async (values) => {
          const saved = await update.mutateAsync({ ...values, contactUuid: current.uuid });
          toast.success(t("web:contacts.form.saved"));
          if (saved.email !== current.email) await navigate(contactHref(saved), { replace: true });
        }}
        actions={
          <PermittedButton
            type="button"
            variant="danger"
            permission="delete Contact"
            onClick={() => {
              remove.reset();
              setConfirming(true);
            }}
          >
            <Trash2 aria-hidden="true" />
            {t("web:contacts.delete.action")}
          </PermittedButton>
        }
      />
      <ConfirmDialog
        cancelLabel={t("common:actions.cancel")}
        closeLabel={t("common:actions.close")}
        open={confirming}
        onOpenChange={setConfirming}
        title={t("web:contacts.delete.title")}
        description={t("web:contacts.delete.description", {
          email: current.email,
          workspace: current.workspaceName,
        })}
        confirmLabel={t("web:contacts.delete.confirm")}
        onConfirm={() =>
          remove.mutate(current, {
            onSuccess: () => {
              toast.success(t("web:contacts.delete.deleted"));
              setConfirming(false);
              void navigate("/contacts");
            },
          })
        }
        pending={remove.isPending}
        error={remove.isError ? errorText.apiError(remove.error) : null}
      />
    </section>
  );
}
