import { type sign as en } from "../en/sign";
import { type FrenchTranslation } from "./types";

export const sign: FrenchTranslation<typeof en> = {
  subtitle: "Signature sécurisée de documents",
  signInToParaphe: "Se connecter à Paraphe",
  branding: {
    website: "Site web",
    privacy: "Politique de confidentialité",
    sentWith: "Envoyé avec Paraphe",
  },
  notFound: {
    description:
      "Cette adresse ne mène à aucun document. Si vous avez reçu une invitation à signer, ouvrez à nouveau le lien reçu dans votre messagerie.",
    action: "Aller sur le site de Paraphe",
  },
  loadingDocument: "Ouverture du document…",
  errors: {
    notFound: {
      title: "Document introuvable",
      description:
        "Ce document a été supprimé ou le lien n’est pas valide. Demandez une nouvelle invitation à l’expéditeur.",
    },
    delegated: {
      title: "Ce lien a été délégué",
      description:
        "Son signataire a confié son tour à une autre personne, qui a reçu son propre lien. Ce lien n’ouvre plus le document.",
    },
    invalidLink: {
      title: "Lien d’accès invalide ou expiré",
      description:
        "Ce lien d’accès n’est plus valide. Demandez une nouvelle invitation à signer à l’expéditeur.",
    },
    generic: {
      title: "Impossible d’accéder au document",
      description: "Le document ne peut pas être ouvert pour le moment. Réessayez plus tard.",
      retry: "Réessayer",
    },
    unavailable: {
      title: "Ce document n’est pas disponible pour le moment",
      description:
        "Un fichier de ce document ne peut pas être lu pour l’instant\u00a0: il ne peut donc pas encore être signé. L’expéditeur en a été informé\u00a0; réessayez plus tard.",
      retry: "Réessayer",
    },
    signing: "Erreur lors de la signature du document. Votre signature est conservée : réessayez.",
    imageTooLarge:
      "L’image de votre signature est trop grande (2000 × 800 pixels et 1 Mo au plus). Effacez-la et signez de nouveau.",
    valueTooLong:
      "Un champ contient trop de texte : {{max}} caractères au plus. Raccourcissez-le et réessayez.",
    declining: "Erreur lors du refus du document. Veuillez réessayer.",
    approving: "Erreur lors de l’approbation du document. Veuillez réessayer.",
    rejecting: "Erreur lors du rejet du document. Veuillez réessayer.",
    download: "Le document n’a pas pu être téléchargé. Veuillez réessayer.",
    markingRead: "Cette page n’a pas pu être enregistrée comme lue. Revenez-y pour réessayer.",
    markingDocumentRead: "Votre lecture n’a pas pu être enregistrée. Veuillez réessayer.",
    delegating: "Votre tour n’a pas pu être confié. Veuillez réessayer.",
  },
  envelope: {
    from: "Envoyé par {{name}} ({{email}})",
    level: {
      SES: "Signature électronique simple",
      AES: "Signature électronique avancée",
      QES: "Signature électronique qualifiée",
    },
    expires: "À signer avant le {{date}}",
    message: "Message de l’expéditeur",
  },
  states: {
    viewed: {
      title: "Vous avez lu ce document",
      description:
        "Merci. Votre lecture est enregistrée\u00a0; l’expéditeur sera prévenu quand tout le monde aura terminé.",
    },
    approved: {
      title: "Vous avez approuvé ce document",
      description:
        "Merci. Les signataires seront invités quand tous les approbateurs auront approuvé.",
    },
    rejected: {
      title: "Vous avez rejeté ce document",
      description:
        "L’expéditeur a été informé de votre rejet\u00a0; le document ne sera pas signé.",
    },
    signed: {
      title: "Vous avez signé ce document",
      description:
        "Merci. Toutes les personnes concernées seront prévenues quand tous les signataires auront signé.",
    },
    declined: {
      title: "Vous avez refusé ce document",
      description: "L’expéditeur a été informé de votre refus de signer.",
    },
    declinedByOther: {
      title: "Ce document a été refusé",
      description: "Un autre destinataire a refusé de signer ; il ne peut plus être signé.",
    },
    canceled: {
      title: "Ce document a été annulé",
      description: "L’expéditeur a annulé la demande de signature ; il n’y a plus rien à signer.",
    },
    complete: {
      title: "Ce document est signé par tous",
      description:
        "Vous pouvez télécharger le document signé et sa preuve (journal d’audit) avec ce lien pendant {{days}}\u00a0jours après la dernière signature.",
    },
    notYourTurn: {
      title: "Ce n’est pas encore votre tour",
      description:
        "Ce document se signe dans l’ordre : vous recevrez un e-mail dès que les étapes précédentes seront terminées (les personnes avant vous auront signé ou approuvé).",
    },
    notOpen: {
      title: "Ce document n’est pas ouvert à la signature",
      description: "L’expéditeur ne l’a pas encore envoyé pour signature. Réessayez plus tard.",
    },
    expired: {
      title: "Cette demande de signature a expiré",
      description:
        "La date limite de signature est passée. Demandez une nouvelle invitation à l’expéditeur.",
    },
  },
  download: {
    signed: "Télécharger le PDF signé",
    proof: "Télécharger la preuve (journal d’audit)",
    document: "Télécharger le PDF",
  },
  reader: {
    documents: "Documents à lire",
    page_one: "Page {{page}} sur {{count}}",
    page_many: "Page {{page}} sur {{count}}",
    page_other: "Page {{page}} sur {{count}}",
    pageOfDocument_one: "{{document}}, page {{page}} sur {{count}}",
    pageOfDocument_many: "{{document}}, page {{page}} sur {{count}}",
    pageOfDocument_other: "{{document}}, page {{page}} sur {{count}}",
    loadingPage: "Chargement de la page {{page}}…",
    pageFailed: "Cette page n’a pas pu être chargée.",
    pageCannotShow:
      "Cette page ne peut pas être affichée ici. Demandez le document à l’expéditeur.",
    retryPage: "Charger à nouveau la page",
    progress: "Pages lues {{read}} / {{total}}",
    readAll: "Faites défiler chaque page pour signer.",
    allRead: "Toutes les pages ont été lues.",
    readAllToApprove: "Faites défiler chaque page pour approuver.",
    readAllToView: "Faites défiler chaque page pour confirmer votre lecture.",
  },
  viewing: {
    notice:
      "On vous demande de lire ce document, pas de le signer\u00a0: lisez chaque page, puis confirmez votre lecture.",
  },
  delegate: {
    open: "Confier mon tour à une autre personne",
    title: "Confier votre tour à une autre personne",
    description:
      "Cette personne signera à votre place avec son propre lien, et le vôtre cessera de fonctionner. L’expéditeur est prévenu, avec votre motif.",
    firstname: "Prénom",
    lastname: "Nom",
    email: "Adresse e-mail",
    reason: "Motif",
    required: "Obligatoire.",
    tooLong: "100\u00a0caractères au plus.",
    reasonTooLong_one: "{{count}}\u00a0caractère au plus\u00a0: raccourcissez le motif.",
    reasonTooLong_many: "{{count}}\u00a0caractères au plus\u00a0: raccourcissez le motif.",
    reasonTooLong_other: "{{count}}\u00a0caractères au plus\u00a0: raccourcissez le motif.",
    invalidEmail: "Saisissez une adresse e-mail valide.",
    toSelf: "C’est votre propre adresse\u00a0: désignez une autre personne.",
    alreadyRecipient: "Cette personne est déjà destinataire du document.",
    confirm: "Confier mon tour",
    delegating: "Transmission…",
    done: "{{name}} a reçu son propre lien.",
  },
  approval: {
    notice: "Requiert votre approbation\u00a0: lisez le document, puis approuvez-le ou rejetez-le.",
  },
  completed: {
    value: "{{field}} ({{name}}) : {{value}}",
    picture: "{{field}} de {{name}}",
    signedBy: "{{field}} : signature de {{name}}",
    signedByShort: "Signature de {{name}}",
    checked: "cochée",
    unchecked: "non cochée",
  },
  attachments: {
    count_one: "{{count}} fichier",
    count_many: "{{count}} fichiers",
    count_other: "{{count}} fichiers",
    hint_one: "PDF, PNG ou JPEG, 10 Mo au plus ; {{count}} fichier au plus.",
    hint_many: "PDF, PNG ou JPEG, 10 Mo au plus chacun ; {{count}} fichiers au plus.",
    hint_other: "PDF, PNG ou JPEG, 10 Mo au plus chacun ; {{count}} fichiers au plus.",
    add: "Ajouter un fichier",
    remove: "Retirer",
    removeFile: "Retirer {{name}}",
    errors: {
      attachment_too_large: "Ce fichier dépasse 10 Mo.",
      attachment_type: "Seuls les fichiers PDF, PNG et JPEG peuvent être joints.",
      attachment_type_mismatch:
        "Le contenu de ce fichier ne correspond pas à son extension : joignez un vrai fichier PDF, PNG ou JPEG.",
      too_many_attachments: "Ce champ n’accepte plus de fichier : retirez-en un d’abord.",
      failed: "Le fichier n’a pas pu être joint. Réessayez.",
    },
  },
  fields: {
    atLimit: "{{max}} caractères au plus.",
    required: "Obligatoire",
    requiredMark: "(obligatoire)",
    signature: "Signature",
    initials: "Paraphe",
    text: "Texte",
    date: "Date",
    name: "Nom",
    email: "E-mail",
    checkbox: "Case à cocher",
    image: "Image",
    imageNotSupported: "Les champs image sont remplis par l’expéditeur.",
    missing_one: "{{count}} champ obligatoire à remplir",
    missing_many: "{{count}} champs obligatoires à remplir",
    missing_other: "{{count}} champs obligatoires à remplir",
    addSignature: "Signer ici",
    addInitials: "Parapher ici",
    done: "Valider",
    radio: "Choix",
    dropdown: "Liste",
    number: "Nombre",
    phone: "Téléphone",
    readonly: "Texte",
    attachment: "Pièce jointe",
    chooseOption: "Choisissez une option",
    phoneHint: "Au format international, par exemple +33 6 12 34 56 78.",
    problems: {
      not_an_option: "Choisissez l’une des options.",
      invalid_number: "Saisissez un nombre, par exemple 12,50.",
      whole_number: "Saisissez un nombre entier.",
      too_many_decimals_one: "{{count}}\u00a0décimale au plus.",
      too_many_decimals_many: "{{count}}\u00a0décimales au plus.",
      too_many_decimals_other: "{{count}}\u00a0décimales au plus.",
      below_minimum: "Le minimum est {{min}}.",
      above_maximum: "Le maximum est {{max}}.",
      invalid_phone:
        "Saisissez le numéro au format international\u00a0: + puis l’indicatif du pays.",
      invalid_email: "Saisissez une adresse e-mail valide.",
      invalid_digits: "Saisissez uniquement des chiffres.",
      invalid_postal_code: "Saisissez un code postal valide.",
      invalid_iban: "Cet IBAN n’est pas valide\u00a0: vérifiez-le.",
      pattern_mismatch: "Cette valeur n’a pas la forme attendue.",
    },
  },
  actions: {
    sign: "Signer",
    decline: "Refuser",
    bar: "Actions de signature",
    approve: "Approuver",
    reject: "Rejeter",
    approvalBar: "Actions d’approbation",
    markRead: "J’ai lu le document",
    viewBar: "Actions de lecture",
  },
  signature: {
    title: "Votre signature",
    description: "Dessinez ou saisissez votre signature, puis faites glisser pour signer.",
    initialsTitle: "Votre paraphe",
    tabs: "Façon de signer",
    draw: "Dessiner",
    type: "Saisir",
    padLabel: "Zone de dessin de la signature",
    initialsPadLabel: "Zone de dessin du paraphe",
    padHint: "Dessinez avec le doigt, un stylet ou la souris.",
    clear: "Effacer",
    typedName: "Nom complet",
    typedInitials: "Initiales",
    font: "Style",
    fontOption: "Style {{index}}",
    empty: "Dessinez ou saisissez d’abord votre signature.",
    emptyInitials: "Dessinez ou saisissez d’abord votre paraphe.",
    swipe: "Glisser pour signer",
    swipeHint:
      "Appuyez sur Entrée ou Espace pour signer le document, ou amenez le curseur jusqu’au bout.",
    signing: "Signature en cours…",
    consent:
      "En signant, vous acceptez que cette signature électronique ait la même valeur que votre signature manuscrite.",
  },
  decline: {
    title: "Refuser de signer",
    description: "L’expéditeur verra votre motif.",
    reason: "Motif",
    reasonHint: "Jusqu’à {{max}} caractères.",
    required: "Veuillez indiquer un motif.",
    tooLong_one: "{{count}} caractère au maximum : raccourcissez le motif.",
    tooLong_many: "{{count}} caractères au maximum : raccourcissez le motif.",
    tooLong_other: "{{count}} caractères au maximum : raccourcissez le motif.",
    confirm: "Refuser",
    declining: "Refus en cours…",
  },
  verification: {
    title: "Confirmez votre adresse e-mail",
    description:
      "{{sender}} vous demande de confirmer votre adresse e-mail avant de signer. Nous envoyons un code à 6 chiffres à {{email}}, dans un e-mail à part.",
    send: "Envoyer le code",
    sending: "Envoi…",
    sent: "Un code a été envoyé à {{email}}. Il est valable 10 minutes.",
    code: "Code reçu par e-mail",
    confirm: "Confirmer",
    confirming: "Vérification…",
    resend: "Envoyer un nouveau code",
    verified: "Adresse e-mail confirmée\u00a0: vous pouvez signer.",
    invalid: "Saisissez les 6 chiffres du code.",
    incorrect: "Ce code n’est pas correct. Vérifiez le dernier e-mail.",
    expired: "Ce code a expiré. Demandez-en un nouveau.",
    attempts: "Trop de codes erronés\u00a0: ce code ne fonctionne plus. Demandez-en un nouveau.",
    tooMany: "Trop de codes ont été demandés. Patientez quelques minutes, puis réessayez.",
    failed: "Le code n’a pas pu être vérifié. Réessayez.",
    sms: {
      title: "Confirmez votre numéro de téléphone",
      description:
        "{{sender}} vous demande de confirmer votre numéro de téléphone avant de signer. Nous envoyons un code à 6 chiffres par SMS au numéro qui nous a été donné.",
      sent: "Un code a été envoyé par SMS au numéro se terminant par {{ending}}. Il est valable 10 minutes.",
      code: "Code reçu par SMS",
      verified: "Numéro de téléphone confirmé\u00a0: vous pouvez signer.",
      incorrect: "Ce code n’est pas correct. Vérifiez le dernier SMS.",
      unavailable:
        "Le code ne peut pas vous être envoyé par SMS. Demandez à l’expéditeur de vérifier votre numéro.",
    },
    account: {
      title: "Connectez-vous à votre compte Paraphe",
      description:
        "{{sender}} vous demande de vous connecter au compte Paraphe de {{email}} avant de signer. Utilisez une clé d’accès de ce compte, ou un code à 6 chiffres que nous envoyons à cette adresse.",
      passkey: "Utiliser une clé d’accès",
      passkeyPending: "En attente de la clé d’accès…",
      sendCode: "Recevoir un code par e-mail",
      sent: "Un code pour vous connecter à votre compte Paraphe a été envoyé à {{email}}. Il est valable 10 minutes.",
      verified: "Compte Paraphe confirmé\u00a0: vous pouvez signer.",
      required:
        "Pour signer ce document, il faut un compte Paraphe à l’adresse {{email}}, et il n’y en a pas. Créez-le en vous connectant à Paraphe avec cette adresse (un code y est envoyé), puis revenez sur cette page.",
      createAccount: "Créer mon compte Paraphe",
      createAccountHint: "(s’ouvre dans un nouvel onglet)",
      passkeyMissing:
        "Votre compte Paraphe n’a aucune clé d’accès utilisable ici. Demandez plutôt un code par e-mail.",
      passkeyUnavailable:
        "Les clés d’accès ne peuvent pas être utilisées sur ce site de signature. Demandez plutôt un code par e-mail.",
      passkeyRefused:
        "Cette clé d’accès n’a pas pu être vérifiée. Utilisez une clé d’accès du compte Paraphe de {{email}}, ou demandez un code par e-mail.",
      passkeyCancelled:
        "Aucune clé d’accès n’a été utilisée. Réessayez, ou demandez un code par e-mail.",
    },
  },
  qualified: {
    title: "Signer avec votre certificat qualifié",
    description:
      "{{sender}} demande une signature électronique qualifiée. Votre certificat qualifié est détenu par votre prestataire de services de confiance\u00a0: connectez-vous chez lui, puis choisissez le certificat et saisissez son code PIN ici.",
    start: "Signer avec votre certificat qualifié",
    starting: "Ouverture de votre prestataire…",
    waiting:
      "Connectez-vous chez votre prestataire dans la fenêtre qui s’est ouverte. Cette page reprend dès votre retour.",
    reopen: "Rouvrir la page du prestataire",
    popupBlocked:
      "La page du prestataire n’a pas pu s’ouvrir dans une nouvelle fenêtre. Autorisez les fenêtres contextuelles pour ce site, puis réessayez.",
    credentials: "Vos certificats qualifiés",
    issuedBy: "Émis par {{issuer}}",
    pin: "Code PIN du certificat",
    pinNamed: "{{label}} du certificat",
    sign: "Signer",
    signing: "Signature…",
    none: "Votre prestataire n’a aucun certificat qui puisse signer ici. Contactez votre prestataire, puis reconnectez-vous.",
    errors: {
      pin: "Le prestataire a refusé ce code PIN. Vérifiez-le et réessayez\u00a0: après trop de codes erronés, le prestataire bloque le certificat.",
      locked:
        "Votre certificat est bloqué chez le prestataire après trop de codes PIN erronés. Débloquez-le auprès de votre prestataire, puis signez de nouveau.",
      expired: "Votre connexion chez le prestataire a expiré. Reconnectez-vous.",
      unusable:
        "Ce certificat ne peut pas signer. Choisissez-en un autre, ou contactez votre prestataire.",
      denied: "La connexion chez le prestataire a été refusée ou n’a pas abouti. Réessayez.",
      unavailable:
        "La signature qualifiée n’est pas disponible sur ce site. Prévenez l’expéditeur.",
      failed: "Votre prestataire est injoignable. Réessayez dans un instant.",
      tooMany:
        "Trop de connexions au prestataire ont été lancées. Attendez quelques minutes, puis réessayez.",
    },
    callback: {
      title: "Retour de votre prestataire",
      done: "Vous pouvez fermer cette fenêtre et poursuivre la signature sur la page de signature.",
      nothing: "Cette page n’a rien à transmettre. Revenez à la page de signature.",
    },
  },
  reject: {
    title: "Rejeter le document",
    description: "L’expéditeur verra votre motif, et le document ne sera pas signé.",
    confirm: "Rejeter",
    rejecting: "Rejet en cours…",
  },
  directLink: {
    loading: "Chargement…",
    unavailable: "Ce lien ne peut pas être utilisé",
    title: "{{team}} vous invite à signer un document",
    document: "Document\u00a0: {{title}}",
    intro:
      "Indiquez votre nom et votre adresse e-mail. Nous envoyons un code à 6\u00a0chiffres à cette adresse pour la confirmer\u00a0; vous lisez et signez ensuite le document.",
    firstname: "Prénom",
    lastname: "Nom",
    email: "Adresse e-mail",
    required: "Remplissez ce champ.",
    invalidEmail: "Saisissez une adresse e-mail valide.",
    send: "M’envoyer un code",
    sending: "Envoi…",
    sent: "Un code a été envoyé à {{email}}. Il est valable 10\u00a0minutes.",
    code: "Code reçu par e-mail",
    confirm: "Confirmer et ouvrir le document",
    confirming: "Préparation de votre document…",
    changeEmail: "Utiliser une autre adresse",
    errors: {
      off: "Ce lien n’est pas actif\u00a0: il a été désactivé ou remplacé par un nouveau. Demandez le lien actuel à l’expéditeur.",
      usedUp:
        "Ce lien a déjà été utilisé autant de fois que son expéditeur l’a permis. Demandez-lui un nouveau lien.",
      tooMany:
        "Trop de tentatives avec ce lien ou depuis cette adresse. Patientez un peu, puis réessayez.",
      planLimit:
        "L’équipe de l’expéditeur ne peut pas lancer d’autres signatures pour le moment. Demandez-lui de vérifier son abonnement.",
      failed: "Une erreur est survenue. Réessayez.",
    },
  },
  confirmation: {
    title: "Merci, votre signature est enregistrée",
    description:
      "Une copie du document signé vous sera envoyée par e-mail quand tous les signataires auront signé.",
    completeDescription:
      "Tous les signataires ont signé. Vous pouvez télécharger le document signé.",
    declinedTitle: "Vous avez refusé de signer",
    declinedDescription: "L’expéditeur a été informé.",
    accountTitle: "Envoyez et signez vos propres documents",
    accountDescription:
      "Créez un compte Paraphe gratuit pour préparer, envoyer et suivre vos documents.",
    createAccount: "Créer un compte",
  },
};
