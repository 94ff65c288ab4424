import { type proof as en } from "../en/proof";
import { type FrenchTranslation } from "./types";

export const proof: FrenchTranslation<typeof en> = {
  documentTitle: "Certificat de signature",
  productTagline: "Signature électronique",
  heading: "Certificat de signature",
  intro:
    "Ce certificat retrace la signature du document ci-dessous\u00a0: qui y a pris part, ce que chacun a fait et quand, ainsi que les empreintes des fichiers original et scellé.",
  summary: {
    heading: "Document",
    title: "Titre",
    envelopeId: "Identifiant de l’enveloppe",
    originalSha256: "Fichier original (SHA-256)",
    sealedSha256: "Fichier scellé (SHA-256)",
    completedAt: "Terminé",
    generatedAt: "Certificat généré",
    chainFingerprint:
      "Empreinte du journal d’activité (SHA-256, telle que paraphe-verify l’affiche)",
    chainHead: "Journal d’activité, clé de la plateforme (HMAC-SHA-256, vérifiée par Paraphe)",
    chainCheck: "Contrôle du journal d’activité",
  },
  chainCheck: {
    keyed:
      "Chaque événement est chaîné au précédent par HMAC-SHA-256, avec une clé que seule la plateforme Paraphe détient\u00a0; toute la chaîne a été vérifiée lors de la génération de ce certificat.",
    rekeyed:
      "Chaque événement est chaîné au précédent par HMAC-SHA-256, avec une clé que seule la plateforme Paraphe détient\u00a0; toute la chaîne a été vérifiée lors de la génération de ce certificat. Les événements enregistrés avant le {{date}} étaient d’abord chaînés par un simple SHA-256\u00a0: cette chaîne a été vérifiée, puis chaînée avec la clé, le {{date}}.",
    broken:
      "La chaîne du journal d’activité n’a pas pu être vérifiée lors de la génération de ce certificat\u00a0: un événement a peut-être été modifié après son enregistrement.",
  },
  signers: {
    heading: "Signataires",
    signedAt: "Signé le {{date}}",
    notSigned: "Non signé",
    copied: "En copie (a reçu le résultat)",
    viewedAt: "A consulté chaque page le {{date}}",
    notViewed: "N’a pas consulté chaque page",
    noSignatureImage: "Pas d’image de signature",
  },
  events: {
    heading: "Journal d’activité",
    time: "Date et heure",
    event: "Événement",
    actor: "Par",
    ipAddress: "Adresse IP",
    userAgent: "Appareil (user agent)",
    platform: "Paraphe",
    notRecorded: "non enregistré",
    types: {
      envelopeCreated: "Enveloppe créée",
      envelopeSent: "Envoyée pour signature",
      envelopeOpened: "Ouverte",
      documentSigned: "Signé",
      envelopeCompleted: "Terminée et scellée",
      envelopeDeclined: "Refusée",
      documentApproved: "Approuvée",
      approvalRejected: "Rejetée par un approbateur",
      documentViewed: "Chaque page consultée",
      signerDelegated: "Délégation",
      envelopeCanceled: "Annulée",
      signerVerified: "Identité vérifiée",
      stepStarted: "Étape de signature commencée",
      stepEnded: "Étape de signature terminée",
    },
    titleDetail: "Titre\u00a0: {{title}}",
    templateDetail: "Créée à partir du modèle\u00a0: {{title}}",
    apiKeyDetail: "Créée avec la clé d’API\u00a0: {{description}}",
    directLinkDetail: "Créée à partir du lien direct",
    recipientsDetail: "À\u00a0: {{recipients}}",
    copiedDetail: "En copie\u00a0: {{recipients}}",
    reasonDetail: "Motif\u00a0: {{reason}}",
    viewedDetail: "Chaque page de chaque document a été lue",
    attachmentDetail: "Pièce jointe {{name}} ({{size}} octets), SHA-256 {{sha256}}",
    advancedSignatureDetail:
      "Signature électronique avancée (AES) propre au signataire, après la vérification\u00a0: {{check}}",
    advancedChecks: {
      email_code: "un code à usage unique envoyé à l’adresse e-mail du signataire",
      sms_code: "un code à usage unique envoyé par SMS au téléphone du signataire",
      account: "la connexion au compte Paraphe de l’adresse e-mail du signataire",
    },
    qualifiedSignatureDetail:
      "Signature électronique qualifiée (QES) propre au signataire, avec son certificat qualifié auprès du prestataire de services de confiance",
    certificateDetail:
      "Certificat du signataire {{subject}}, numéro de série {{serialNumber}}, empreinte SHA-256 {{fingerprint}}, émis par {{issuer}}",
    delegatedDetail: "{{from}} a délégué à {{to}}",
    stepDetail: "Étape {{step}} sur {{steps}}",
    verificationDetail:
      "Méthode\u00a0: un code à usage unique envoyé à l’adresse e-mail du signataire",
    verificationSmsDetail:
      "Méthode\u00a0: un code à usage unique envoyé par SMS au téléphone du signataire",
    verificationAccountCodeDetail:
      "Méthode\u00a0: connexion au compte Paraphe de l’adresse e-mail du signataire, avec un code à usage unique envoyé à cette adresse",
    verificationAccountPasskeyDetail:
      "Méthode\u00a0: connexion au compte Paraphe de l’adresse e-mail du signataire, avec une clé d’accès de ce compte",
    stepRecipientsDetail: "Invités\u00a0: {{recipients}}",
  },
  verification: {
    heading: "Vérification",
    body: "Le document signé et ce certificat sont chacun scellés avec le certificat de Paraphe (PAdES). Tout validateur PDF peut vérifier les sceaux\u00a0; les empreintes SHA-256 ci-dessus identifient exactement les fichiers. Les heures sont données en {{timeZone}}.",
  },
  recordDescription:
    "Enregistrement lisible par machine de ce certificat\u00a0: les empreintes SHA-256 des documents et le journal d’activité chaîné en SHA-256, vérifiés hors ligne par paraphe-verify.",
  footer: "Enveloppe {{envelopeId}} · Page {{page}} sur {{pages}}",
};
