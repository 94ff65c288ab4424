import { useTranslation } from "@paraphe/i18n/react";
import { Button } from "@paraphe/ui-kit";
import { toast } from "../../../lib/toast";
import { useNavigate } from "react-router";
import { usePageMeta } from "../../../lib/page-meta";
import { useCreateContact } from "../api/contact-queries";
import { ContactForm } from "../forms/contact-form";
import { contactHref } from "./contact-link";
import { WorkspacesGate } from "./workspaces-gate";

/** /contacts/new: a contact in one of the member's workspaces (the default one first). */
export function ContactNewPage() {
  const { t } = useTranslation("web");
  const navigate = useNavigate();
  usePageMeta({
    title: t("contacts.form.newTitle"),
    back: { label: t("contacts.form.cancel"), onClick: () => void navigate("/contacts") },
  });
  const create = useCreateContact();

  return (
    <section aria-labelledby="contact-new-title" className="flex flex-col gap-4">
      <h2 id="contact-new-title" className="text-lg font-semibold text-ink">
        {t("contacts.form.newTitle")}
      </h2>
      <WorkspacesGate label={t("contacts.form.workspace")}>
        {({ workspaceUuid, field }) => (
          <ContactForm
            submitLabel={t("contacts.form.create")}
            permission="create Contact"
            submitError={create.error}
            onSubmit={async (values) => {
              const contact = await create.mutateAsync({ ...values, workspaceUuid });
              toast.success(t("contacts.form.created"));
              await navigate(contactHref(contact));
            }}
            before={field}
            actions={
              <Button type="button" variant="secondary" onClick={() => void navigate("/contacts")}>
                {t("contacts.form.cancel")}
              </Button>
            }
          />
        )}
      </WorkspacesGate>
    </section>
  );
}
