import { type common as en } from "../en/common";
import { type FrenchTranslation } from "./types";

export const common: FrenchTranslation<typeof en> = {
  appName: "Paraphe",
  documentTitle: "{{title}} · Paraphe",
  loading: "Chargement…",
  opensInNewTab: "(s’ouvre dans un nouvel onglet)",
  skipToContent: "Aller au contenu",
  notifications: {
    label: "Notifications",
    close: "Fermer la notification",
  },
  actions: {
    back: "Retour",
    cancel: "Annuler",
    close: "Fermer",
    reload: "Recharger la page",
    retry: "Réessayer",
    save: "Enregistrer",
    signIn: "Se connecter",
  },
  dataTable: {
    columns: "Colonnes",
    rowsPerPage: "Lignes par page",
    previousPage: "Page précédente",
    nextPage: "Page suivante",
    pageStatus: "Page {{page}} sur {{pages}}",
    export: "Exporter",
    exportCsv: "Exporter en CSV",
    exportJson: "Exporter en JSON",
    loading: "Chargement du tableau…",
    empty: "Rien à afficher pour l’instant",
    sortBy: "Trier par",
    sortNone: "Aucun ordre",
    sortAscending: "{{column}}, croissant",
    sortDescending: "{{column}}, décroissant",
  },
  language: {
    label: "Langue",
    menu: "Changer de langue",
    current: "Langue\u00a0: {{language}}",
  },
  notFound: {
    title: "Page introuvable",
    description:
      "La page que vous cherchez n’existe pas ou a été déplacée. Vérifiez l’adresse ou revenez à l’accueil.",
    action: "Retour à l’accueil",
  },
  unexpectedError: {
    title: "Un problème est survenu",
    description: "Une erreur inattendue a interrompu cette page. Rechargez-la pour réessayer.",
  },
  chunkLoad: {
    title: "Impossible de charger Paraphe",
    description:
      "Une nouvelle version a peut-être été publiée, ou la connexion a été interrompue. Rechargez la page pour réessayer.",
    reload: "Recharger la page",
  },
  fileSize: {
    bytes_one: "{{size}}\u00a0octet",
    bytes_many: "{{size}}\u00a0octets",
    bytes_other: "{{size}}\u00a0octets",
    kilobytes: "{{size}}\u00a0Ko",
    megabytes: "{{size}}\u00a0Mo",
    gigabytes: "{{size}}\u00a0Go",
  },
};
