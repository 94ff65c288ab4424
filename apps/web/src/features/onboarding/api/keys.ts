/** Query keys of the onboarding feature: the invitations waiting for the signed-in person. */
export const onboardingInvitationKeys = {
  all: ["onboarding"] as const,
  mine: () => [...onboardingInvitationKeys.all, "invitations"] as const,
};
