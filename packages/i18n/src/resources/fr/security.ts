import { type security as en } from "../en/security";
import { type FrenchTranslation } from "./types";

export const security: FrenchTranslation<typeof en> = {
  attestation: {
    status: {
      noHardware: "Ce serveur n’a pas d’environnement isolé par le matériel",
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
    absent: "Absent de ce serveur",
    noHardwareExplained:
      "Rien n’a échoué : ce serveur (de développement ou auto-hébergé) ne tourne pas dans un environnement d’exécution de confiance, et le dit. Vos documents sont chiffrés entre votre navigateur et le serveur, mais rien d’autre que son certificat TLS ne prouve à quel serveur vous parlez, ni que les personnes qui l’exploitent ne peuvent pas lire vos documents. Les logiciels qu’il exécute correspondent aux valeurs attendues.",
    reasons: {
      noHardware: "pas d’isolation matérielle",
      noHardwareDevelopment: "pas d’isolation matérielle : serveur de développement",
      noHardwareDetail: "pas d’isolation matérielle : {{detail}}",
    },
    componentNames: {
      amd_sev_snp: "AMD SEV-SNP (isolation par le processeur)",
      stage0: "Micrologiciel de démarrage (Stage 0)",
      system_image: "Image système",
      kernel_image: "Image du noyau",
      container_bundle: "Conteneur de l’application",
      container_config: "Configuration du conteneur",
    },
    verified: "Vérifié",
    failed: "Échec",
    pending: "En attente",
    buttonLabel: "Sécurité de la connexion\u00a0: {{status}}",
    dialogTitle: "Sécurité de la connexion",
    reason: "Motif\u00a0: {{reason}}",
    hardwareNotVerified:
      "L’isolation matérielle n’est pas vérifiée. Ce serveur n’a pas prouvé qu’il s’exécute dans un environnement d’exécution de confiance\u202f; rien ici ne montre donc que les personnes qui l’exploitent ne peuvent pas lire vos documents. Vos documents restent chiffrés entre votre navigateur et le serveur.",
    explanation: {
      title: "Ce que cela signifie",
      tunnel:
        "Votre navigateur et le serveur de Paraphe communiquent par un tunnel chiffré\u00a0: ce que vous envoyez est chiffré en AES-256 avant de quitter votre appareil, et seul le serveur à l’autre bout peut le lire.",
      attestation:
        "L’attestation à distance permet à ce serveur de prouver où il s’exécute\u00a0: son processeur signe un rapport sur l’environnement isolé et sur les logiciels qui y sont chargés, et ce rapport est comparé aux valeurs attendues.",
      showAdvanced: "Afficher les détails techniques",
      hideAdvanced: "Masquer les détails techniques",
    },
    terms: {
      tee: {
        label: "TEE",
        description:
          "Environnement d’exécution de confiance (Trusted Execution Environment)\u00a0: une mémoire que le processeur chiffre et isole, hors de portée de la machine hôte et des personnes qui l’exploitent.",
      },
      enclave: {
        label: "Enclave",
        description:
          "L’environnement isolé dans lequel le serveur s’exécute. Vos documents ne sont déchiffrés et traités qu’à l’intérieur.",
      },
      remoteAttestation: {
        label: "Attestation à distance",
        description:
          "Un rapport signé par le processeur (AMD SEV-SNP) qui décrit l’enclave et ses logiciels, pour pouvoir la vérifier avant de lui faire confiance.",
      },
    },
    components: {
      title: "Composants",
      empty: "Le serveur n’a signalé aucun composant.",
    },
    raw: {
      show: "Afficher les données brutes",
      hide: "Masquer les données brutes",
      label: "Statut et résultats d’attestation bruts",
      entries_one: "{{count}} entrée",
      entries_many: "{{count}} d’entrées",
      entries_other: "{{count}} entrées",
      items_one: "{{count}} élément",
      items_many: "{{count}} d’éléments",
      items_other: "{{count}} éléments",
    },
  },
};
