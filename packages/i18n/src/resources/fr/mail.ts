import { type mail as en } from "../en/mail";
import { type FrenchTranslation } from "./types";

export const mail: FrenchTranslation<typeof en> = {
  common: {
    greeting: "Bonjour,",
    greetingName: "Bonjour {{name}},",
    signature: "L’équipe Paraphe",
    automatedNotice:
      "Ce message automatique vous est envoyé par Paraphe. Merci de ne pas y répondre.",
  },
  loginCode: {
    subject: "Votre code de vérification Paraphe\u00a0: {{code}}",
    intro: "Voici votre code de vérification pour vous connecter à Paraphe\u00a0:",
    expires_one: "Il expire dans {{count}} minute.",
    expires_many: "Il expire dans {{count}} minutes.",
    expires_other: "Il expire dans {{count}} minutes.",
    ignore:
      "Si vous n’avez pas essayé de vous connecter, vous pouvez ignorer cet e-mail\u00a0: votre compte reste protégé.",
  },
};
