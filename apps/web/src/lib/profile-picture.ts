/** Query keys of profile pictures (kept so that a picture change refreshes what shows it). */
export const profilePictureKeys = {
  all: ["profile-picture"] as const,
};

/**
 * The address to show for a profile picture, or null for the generated avatar. The profile says
 * whether there is a picture, so a person without one costs no request (and no 404 in the console).
 * The profile's update date busts the browser cache after an upload.
 */
export function useProfilePictureSrc(
  profile:
    | { profilePictureUrl?: string | null; hasProfilePicture?: boolean; updatedAt?: string }
    | null
    | undefined,
): string | null {
  const url = profile?.profilePictureUrl ?? "";
  if (!profile?.hasProfilePicture || url === "") return null;
  const version = profile.updatedAt ? encodeURIComponent(profile.updatedAt) : "";
  return version ? `${url}${url.includes("?") ? "&" : "?"}v=${version}` : url;
}
