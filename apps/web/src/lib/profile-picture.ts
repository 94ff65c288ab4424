import { queryOptions, useQuery } from "@tanstack/react-query";

/** Query keys of profile pictures. */
export const profilePictureKeys = {
  all: ["profile-picture"] as const,
  exists: (url: string) => ["profile-picture", url] as const,
};

/** Whether the public picture exists (spec §3, §7: a HEAD request, cached). */
export function profilePictureExistsQueryOptions(url: string) {
  return queryOptions({
    queryKey: profilePictureKeys.exists(url),
    queryFn: async ({ signal }) => {
      const response = await fetch(url, { method: "HEAD", cache: "no-cache", signal });
      return response.ok;
    },
    enabled: url !== "",
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

/**
 * The address to show for a profile picture, or null for the generated avatar: only once the HEAD
 * check found it. The profile's update date busts the browser cache after an upload.
 */
export function useProfilePictureSrc(
  profile: { profilePictureUrl?: string | null; updatedAt?: string } | null | undefined,
): string | null {
  const url = profile?.profilePictureUrl ?? "";
  const { data: exists } = useQuery(profilePictureExistsQueryOptions(url));
  if (!exists || url === "") return null;
  const version = profile?.updatedAt ? encodeURIComponent(profile.updatedAt) : "";
  return version ? `${url}${url.includes("?") ? "&" : "?"}v=${version}` : url;
}
