import { type EnvelopeDetail } from "@paraphe/api-sdk/contract";
import { useTranslation } from "@paraphe/i18n/react";
import {
  Button,
  Dialog,
  DialogContent,
  DialogFooter,
  Label,
  Select,
  Skeleton,
} from "@paraphe/ui-kit";
import { toast } from "../../../../lib/toast";
import { useId, useState } from "react";
import { useNavigate } from "react-router";
import { useErrorText } from "../../../../lib/api/error-text";
import { useMoveEnvelope } from "../../api/envelope-mutations";
import { useWorkspaces } from "../../api/envelope-queries";

/** Moves the envelope to another of the member's workspaces, then shows it there. */
export function MoveDialog({
  open,
  onOpenChange,
  envelope,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  envelope: EnvelopeDetail;
}) {
  const { t } = useTranslation(["web", "common"]);
  const errorText = useErrorText();
  const workspaces = useWorkspaces();
  const move = useMoveEnvelope();
  const navigate = useNavigate();
  const selectId = useId();
  const others = (workspaces.data ?? []).filter(
    (workspace) => workspace.uuid !== envelope.workspaceUuid,
  );
  const [target, setTarget] = useState("");
  const chosen = target || others[0]?.uuid || "";

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) move.reset();
        onOpenChange(next);
      }}
    >
      <DialogContent
        title={t("web:view.move.title")}
        description={t("web:view.move.description")}
        closeLabel={t("common:actions.close")}
      >
        {workspaces.isPending ? (
          <Skeleton className="h-9 w-full" />
        ) : others.length === 0 ? (
          <p className="text-sm text-ink-muted">{t("web:view.move.none")}</p>
        ) : (
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={selectId}>{t("web:view.move.workspace")}</Label>
            <Select
              id={selectId}
              value={chosen}
              onValueChange={setTarget}
              options={others.map((workspace) => ({
                value: workspace.uuid,
                label: workspace.name,
              }))}
            />
          </div>
        )}
        {move.isError ? (
          <p role="alert" className="text-sm font-medium text-danger">
            {errorText.apiError(move.error)}
          </p>
        ) : null}
        <DialogFooter>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t("common:actions.cancel")}
          </Button>
          <Button
            disabled={!chosen}
            loading={move.isPending}
            onClick={() =>
              move.mutate(
                { envelopeUuid: envelope.uuid, workspaceUuid: chosen },
                {
                  onSuccess: (moved) => {
                    onOpenChange(false);
                    toast.success(t("web:view.move.done"));
                    void navigate(`/envelopes/${moved.workspaceUuid}/${moved.uuid}/view`, {
                      replace: true,
                    });
                  },
                },
              )
            }
          >
            {t("web:view.move.confirm")}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
