import { type sign as en } from "../en/sign";
import { type FrenchTranslation } from "./types";

export const sign: FrenchTranslation<typeof en> = {
  subtitle: "Signature sécurisée de documents",
  signInToParaphe: "Se connecter à Paraphe",
  notFound: {
    description:
      "Cette adresse ne mène à aucun document. Si vous avez reçu une invitation à signer, ouvrez à nouveau le lien reçu dans votre messagerie.",
    action: "Aller sur le site de Paraphe",
  },
};
