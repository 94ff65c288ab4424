import { type EnvelopeTag } from "@paraphe/api-sdk/contract";
import { useTranslation } from "@paraphe/i18n/react";
import { Button, Checkbox, Dialog, DialogContent } from "@paraphe/ui-kit";
import { toast } from "../../../lib/toast";
import { useState } from "react";
import { ColorSwatch, useTags } from "../../../domain/tags";
import { useErrorText } from "../../../lib/api/error-text";
import { useSetEnvelopeTags } from "../api/envelope-mutations";
import { useSetTemplateTags } from "../api/template-mutations";

/**
 * The team's tags as checkboxes, those of the envelope checked; saving replaces the envelope's
 * tags (POST /envelope/set-tags). Used in the editor's sidebar and in the list's tag dialog.
 */
export function TagPicker({
  envelopeUuid,
  current,
  onSaved,
  target = "envelope",
}: {
  /** The envelope's uuid, or the template's with `target` "template". */
  envelopeUuid: string;
  current: readonly EnvelopeTag[];
  onSaved?: () => void;
  target?: "envelope" | "template";
}) {
  const { t } = useTranslation("web");
  const errorText = useErrorText();
  const tags = useTags();
  const setEnvelopeTags = useSetEnvelopeTags();
  const setTemplateTags = useSetTemplateTags();
  const setTags = target === "template" ? setTemplateTags : setEnvelopeTags;
  const [chosen, setChosen] = useState<ReadonlySet<string>>(
    () => new Set(current.map((tag) => tag.uuid)),
  );

  if (tags.isPending) return <p className="text-sm text-ink-muted">{t("tags.loading")}</p>;
  if (tags.isError) {
    return (
      <p role="alert" className="text-sm text-danger">
        {errorText.apiError(tags.error)}
      </p>
    );
  }
  if (tags.data.length === 0)
    return <p className="text-sm text-ink-muted">{t("tags.picker.none")}</p>;

  const toggle = (uuid: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(uuid);
    else next.delete(uuid);
    setChosen(next);
  };

  return (
    <div className="flex flex-col gap-3">
      <ul className="flex flex-col gap-2">
        {tags.data.map((tag) => (
          <li key={tag.uuid} className="flex items-center gap-2">
            <Checkbox
              label={tag.name}
              checked={chosen.has(tag.uuid)}
              onCheckedChange={(checked) => toggle(tag.uuid, checked === true)}
            />
            <ColorSwatch color={tag.color} />
          </li>
        ))}
      </ul>
      {setTags.isError ? (
        <p role="alert" className="text-sm text-danger">
          {errorText.apiError(setTags.error)}
        </p>
      ) : null}
      <Button
        size="sm"
        variant="secondary"
        loading={setTags.isPending}
        onClick={() => {
          const options = {
            onSuccess: () => {
              toast.success(t("tags.picker.saved"));
              onSaved?.();
            },
          };
          if (target === "template") {
            setTemplateTags.mutate({ templateUuid: envelopeUuid, tagUuids: [...chosen] }, options);
          } else {
            setEnvelopeTags.mutate({ envelopeUuid, tagUuids: [...chosen] }, options);
          }
        }}
      >
        {t("tags.picker.save")}
      </Button>
    </div>
  );
}

/** The tag picker of one envelope of the list, in a dialog. */
export function TagPickerDialog({
  envelope,
  onClose,
}: {
  envelope: { uuid: string; title: string; tags: readonly EnvelopeTag[] } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(["web", "common"]);
  return (
    <Dialog open={envelope !== null} onOpenChange={(open) => !open && onClose()}>
      {envelope ? (
        <DialogContent
          title={t("web:tags.picker.title", { title: envelope.title })}
          description={t("web:tags.picker.description")}
          closeLabel={t("common:actions.close")}
        >
          <TagPicker envelopeUuid={envelope.uuid} current={envelope.tags} onSaved={onClose} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
