import { type web as en } from "../en/web";
import { type FrenchTranslation } from "./types";

export const web: FrenchTranslation<typeof en> = {
  subtitle: "La signature électronique pour les équipes",
  session: {
    loading: "Chargement de votre session…",
  },
  nav: {
    label: "Navigation principale",
    dashboard: "Tableau de bord",
    envelopes: "Enveloppes",
    inbox: "Boîte de réception",
    inboxPending: "Des demandes vous attendent",
    templates: "Modèles",
    contacts: "Contacts",
    settings: "Paramètres",
    collapse: "Réduire la navigation",
    expand: "Déployer la navigation",
  },
  header: {
    menu: "Menu de navigation",
    closeMenu: "Fermer le menu de navigation",
  },
  userMenu: {
    trigger: "Menu du compte",
    signedInAs: "Adresse de connexion",
    avatarAlt: "Photo de profil de {{email}}",
    profile: "Profil",
    support: "Assistance",
    language: "Langue",
    logout: "Se déconnecter",
  },
  logoMenu: {
    trigger: "Menu Paraphe",
    openDashboard: "Ouvrir le tableau de bord",
    publicWebsite: "Aller sur le site public",
    privacyPolicy: "Lire la politique de confidentialité",
    signatureLegality: "Découvrir la valeur juridique de la signature",
  },
  publicLayout: {
    signIn: "Se connecter",
  },
};
