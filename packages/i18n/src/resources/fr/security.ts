import { type security as en } from "../en/security";
import { type FrenchTranslation } from "./types";

export const security: FrenchTranslation<typeof en> = {
  attestation: {
    status: {
      success: "Environnement sécurisé vérifié",
      failure: "Échec de la vérification de l’environnement sécurisé",
      none: "Vérification de l’environnement sécurisé en attente",
      unknown: "État de l’environnement sécurisé inconnu",
      default: "État de l’environnement sécurisé indisponible",
    },
    loading: "Chargement des détails de la vérification…",
    noData: "Aucune donnée de vérification pour l’instant",
    noDataDescription:
      "Le serveur n’a encore envoyé aucune preuve d’attestation. Elle arrive avec la connexion sécurisée\u202f; rouvrez cette fenêtre dans un instant.",
    lastUpdated: "Dernière mise à jour\u00a0: {{date}}",
    clickToLearnMore: "Cliquez pour en savoir plus",
    verified: "Vérifié",
    failed: "Échec",
    pending: "En attente",
  },
};
