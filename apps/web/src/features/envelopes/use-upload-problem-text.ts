import { useFormatFileSize, useTranslation } from "@paraphe/i18n/react";
import { useCallback } from "react";
import { MAX_UPLOAD_BYTES, uploadProblemKey, type UploadProblemParams } from "./upload-files";

/**
 * The message of a file's refusal, naming the limit it went over: "This file is 21.3 MB: the limit
 * is 20 MB.", "This PDF has 612 pages: the limit is 500." The numbers are the api's (`params` of
 * its field problem) when it sent them, else the file's size and this app's limit.
 */
export function useUploadProblemText(): (
  problem: string,
  file: { size: number },
  params?: UploadProblemParams,
) => string {
  const { t } = useTranslation("web");
  const formatFileSize = useFormatFileSize();
  return useCallback(
    (problem, file, params) => {
      const key = uploadProblemKey(problem);
      if (key === "too_large") {
        return t("envelopes.upload.problems.too_large", {
          size: formatFileSize(params?.size ?? file.size),
          limit: formatFileSize(params?.limit ?? MAX_UPLOAD_BYTES),
        });
      }
      if (key === "too_many_pages" && params?.count !== undefined && params.limit !== undefined) {
        return t("envelopes.upload.problemLimits.too_many_pages", {
          count: params.count,
          limit: params.limit,
        });
      }
      return t(`envelopes.upload.problems.${key}`);
    },
    [t, formatFileSize],
  );
}
