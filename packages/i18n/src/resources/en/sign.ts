/** The public signing app for outside signers. */
export const sign = {
  subtitle: "Secure document signing",
  signInToParaphe: "Sign in to Paraphe",
  notFound: {
    description:
      "This address does not lead to a document. If you received an invitation to sign, open the link in the email again.",
    action: "Go to the Paraphe website",
  },
};
