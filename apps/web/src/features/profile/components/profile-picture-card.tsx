import { PROFILE_PICTURE_TYPES, type UserProfile } from "@paraphe/api-sdk/contract";
import { useTranslation } from "@paraphe/i18n/react";
import { Avatar, Button, Card, CardContent, CardHeader, CardTitle } from "@paraphe/ui-kit";
import { toast } from "../../../lib/toast";
import { ImageUp, Trash2 } from "lucide-react";
import { useId, useRef, useState } from "react";
import { useErrorText } from "../../../lib/api/error-text";
import { useProfilePictureSrc } from "../../../lib/profile-picture";
import { useRemovePicture, useUploadPicture } from "../api/profile-mutations";
import { pictureFileProblem, readPicture } from "../picture-file";

interface Chosen {
  dataUrl: string;
  base64: string;
  contentType: string;
}

/** The profile picture: preview of a chosen image (type and size checked first), upload, removal. */
export function ProfilePictureCard({ profile }: { profile: UserProfile }) {
  const { t } = useTranslation(["web", "errors"]);
  const errorText = useErrorText();
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const inputRef = useRef<HTMLInputElement>(null);
  const pictureSrc = useProfilePictureSrc(profile);
  const upload = useUploadPicture();
  const remove = useRemovePicture();
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const onFile = async (file: File | undefined) => {
    setProblem(null);
    upload.reset();
    setChosen(null);
    if (!file) return;
    const refused = pictureFileProblem(file);
    if (refused) {
      setProblem(errorText.validation(refused) ?? null);
      return;
    }
    try {
      const { dataUrl, base64 } = await readPicture(file);
      setChosen({ dataUrl, base64, contentType: file.type });
    } catch {
      setProblem(t("errors:validation.invalid_file"));
    }
  };

  const clear = () => {
    setChosen(null);
    if (inputRef.current) inputRef.current.value = "";
  };

  const error =
    problem ??
    (upload.isError ? t("errors:uploadError") : null) ??
    (remove.isError ? errorText.apiError(remove.error) : null);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("settings.profile.picture.title")}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <Avatar
          src={chosen?.dataUrl ?? pictureSrc}
          seed={profile.email}
          alt={
            chosen ? t("settings.profile.picture.preview") : t("settings.profile.picture.current")
          }
          size={96}
        />
        <div className="flex min-w-0 flex-1 flex-col gap-3">
          <p id={hintId} className="text-sm text-ink-muted">
            {t("settings.profile.picture.hint")}
          </p>
          {error ? (
            <p id={errorId} role="alert" className="text-sm font-medium text-danger">
              {error}
            </p>
          ) : null}
          <div className="flex flex-wrap gap-2">
            {chosen ? (
              <>
                <Button
                  loading={upload.isPending}
                  onClick={() =>
                    upload.mutate(
                      { data: chosen.base64, contentType: chosen.contentType },
                      {
                        onSuccess: () => {
                          clear();
                          toast.success(t("settings.profile.picture.uploaded"));
                        },
                      },
                    )
                  }
                >
                  {t("settings.profile.picture.upload")}
                </Button>
                <Button variant="secondary" onClick={clear} disabled={upload.isPending}>
                  {t("settings.profile.picture.cancel")}
                </Button>
              </>
            ) : (
              <>
                <label className="inline-flex h-10 cursor-pointer items-center gap-2 rounded-control border border-border bg-surface px-4 text-sm font-medium text-ink shadow-card focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand-500 hover:bg-surface-muted [&_svg]:size-4">
                  <input
                    ref={inputRef}
                    id={inputId}
                    type="file"
                    accept={PROFILE_PICTURE_TYPES.join(",")}
                    className="sr-only"
                    aria-describedby={error ? `${hintId} ${errorId}` : hintId}
                    aria-invalid={error ? true : undefined}
                    onChange={(event) => void onFile(event.target.files?.[0])}
                  />
                  <ImageUp aria-hidden="true" />
                  {t("settings.profile.picture.choose")}
                </label>
                {pictureSrc ? (
                  <Button
                    variant="ghost"
                    loading={remove.isPending}
                    onClick={() =>
                      remove.mutate(undefined, {
                        onSuccess: () => toast.success(t("settings.profile.picture.removed")),
                      })
                    }
                  >
                    <Trash2 aria-hidden="true" />
                    {t("settings.profile.picture.remove")}
                  </Button>
                ) : null}
              </>
            )}
          </div>
        </div>
      </CardContent>
    </Card>
  );
}
