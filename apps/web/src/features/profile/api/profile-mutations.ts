import { type UpdateProfileRequest } from "@paraphe/api-sdk/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useApi } from "../../../lib/api/api-context";
import { profilePictureKeys } from "../../../lib/profile-picture";
import { useInvalidateProfile, useSetCachedProfile } from "../../../app/session/use-cached-profile";

/** POST /user/update-profile; the answer replaces the cached profile. */
export function useUpdateProfile() {
  const api = useApi();
  const setProfile = useSetCachedProfile();
  return useMutation({
    mutationFn: (input: UpdateProfileRequest) => api.user.updateProfile(input),
    onSuccess: setProfile,
  });
}

function usePictureChanged() {
  const queryClient = useQueryClient();
  const invalidateProfile = useInvalidateProfile();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: profilePictureKeys.all });
    await invalidateProfile();
  };
}

/** POST /user/upload-picture (base64 and type), then the picture check and profile reload. */
export function useUploadPicture() {
  const api = useApi();
  const changed = usePictureChanged();
  return useMutation({
    mutationFn: (input: { data: string; contentType: string }) =>
      api.user.uploadPicture(input as Parameters<typeof api.user.uploadPicture>[0]),
    onSuccess: changed,
  });
}

/** POST /user/remove-picture: the generated avatar shows again. */
export function useRemovePicture() {
  const api = useApi();
  const changed = usePictureChanged();
  return useMutation({
    mutationFn: () => api.user.removePicture({}),
    onSuccess: changed,
  });
}
