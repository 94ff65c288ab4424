import { type errors as en } from "../en/errors";
import { type FrenchTranslation } from "./types";

export const errors: FrenchTranslation<typeof en> = {
  generic: "Une erreur est survenue",
  codes: {
    GENERIC_ERROR: "Une erreur est survenue",
    AUTHENTICATION_ERROR: "Votre session a expiré. Veuillez vous reconnecter.",
    FORBIDDEN: "Vous n’avez pas l’autorisation d’effectuer cette action.",
    NOT_FOUND: "L’élément demandé est introuvable.",
    VALIDATION_ERROR:
      "Certaines informations envoyées ne sont pas valides. Vérifiez-les et réessayez.",
    CONFLICT:
      "Cette modification est en conflit avec l’état actuel. Rechargez la page et réessayez.",
    RATE_LIMITED: "Trop de tentatives. Patientez un instant, puis réessayez.",
    INTERNAL_SERVER_ERROR:
      "Un problème est survenu de notre côté. Veuillez réessayer ; si cela se reproduit, contactez le support.",
    TUNNEL_ERROR: "La connexion sécurisée a été interrompue. Veuillez réessayer.",
    OIDC_NOT_CONFIGURED:
      "L’authentification unique n’est pas configurée. Veuillez contacter votre administrateur.",
    OIDC_TOKEN_VERIFICATION_FAILED:
      "Nous n’avons pas pu vérifier votre connexion. Veuillez réessayer ou contacter l’assistance.",
    OIDC_TOKEN_INVALID_PAYLOAD:
      "Les informations de connexion reçues ne sont pas valides. Veuillez réessayer.",
    OIDC_EMAIL_MISMATCH: "L’adresse e-mail ne correspond pas à votre compte.",
    OIDC_DISCOVERY_FAILED:
      "Impossible de récupérer la configuration OIDC : saisissez les URL manuellement.",
    ACCESS_LINK_INVALID: "Ce lien de signature n’est pas valide ou a expiré.",
    PAYLOAD_TOO_LARGE: "L’envoi est trop volumineux.",
    UNSUPPORTED_MEDIA_TYPE: "Ce type de fichier n’est pas accepté.",
    METHOD_NOT_ALLOWED: "Cette action n’est pas disponible.",
    SERVICE_UNAVAILABLE: "Le service est momentanément indisponible. Réessayez dans un instant.",
    SERVICE_BUSY: "Le serveur traite d’autres documents. Réessayez dans quelques secondes.",
    SEATS_FULL:
      "Tous les sièges de votre offre sont occupés\u00a0: seul le rôle Lecteur peut être invité tant qu’aucun siège n’est libéré.",
    INVITATION_INVALID:
      "Cette invitation n’existe pas, a été révoquée ou a expiré. Demandez-en une nouvelle.",
    INVITATION_ACCOUNT_REQUIRED:
      "Connectez-vous avec l’adresse e-mail à laquelle l’invitation a été envoyée, puis acceptez-la.",
    LAST_OWNER: "Le dernier propriétaire de l’équipe ne peut être ni retiré ni changé de rôle.",
    ROLE_READ_ONLY: "Les rôles gérés ne peuvent être ni modifiés ni supprimés.",
    ROLE_NAME_TAKEN: "Votre équipe a déjà un rôle portant ce nom.",
    ROLE_IN_USE:
      "Des membres ont encore ce rôle. Donnez-leur d’abord un autre rôle, puis supprimez-le.",
    SIGNATURE_LIMIT_REACHED:
      "L’équipe a envoyé toutes les enveloppes que son offre permet sur cette période. Passez à une offre supérieure depuis la page Abonnement.",
    API_CREDITS_EXHAUSTED:
      "L’équipe a utilisé tous les crédits d’API que son offre permet sur cette période. Passez à une offre supérieure depuis la page Abonnement.",
    SUBSCRIPTION_INACTIVE:
      "L’abonnement de l’équipe est impayé ou résilié. Consultez la page Abonnement pour le renouveler.",
  },
  unreachable: "Impossible de joindre le serveur. Vérifiez votre connexion et réessayez.",
  oidcGeneric: "Une erreur inconnue est survenue lors de la connexion.",
  loginFailed: {
    title: "Échec de la connexion",
    description: "Oups, un problème est survenu. Essayez de recharger la page.",
  },
  tunnelPreinitFailed:
    "La connexion sécurisée n’a pas pu être préparée. Rechargez la page pour réessayer.",
  conflicts: {
    no_server: "Enregistrez le serveur SMTP de l’équipe avant d’y faire passer un message de test.",
    envelope_expired:
      "Cette enveloppe a dépassé sa date d’expiration : ses invitations ne peuvent plus être envoyées.",
    envelope_not_open:
      "Cette enveloppe n’est plus en cours de signature : rechargez-la pour voir où elle en est.",
    envelope_complete: "Tout le monde a signé cette enveloppe : elle ne peut plus être annulée.",
    recipient_done: "Ce destinataire a déjà signé, approuvé ou refusé.",
    not_invited_yet:
      "Ce destinataire n’a pas encore été invité : il le sera quand ce sera son tour.",
    not_a_draft:
      "Cette enveloppe a été envoyée entre-temps : seul un brouillon peut être modifié ainsi.",
    not_complete: "Le document signé et la preuve existent une fois que tout le monde a signé.",
    too_many_attachments:
      "Ce champ n’accepte plus de fichier : retirez-en un avant d’en ajouter un autre.",
    seal_not_failed:
      "Le scellement n’a pas échoué : il n’y a rien à relancer. Rechargez l’enveloppe.",
    default_workspace:
      "L’espace de travail par défaut ne peut pas être supprimé : choisissez-en d’abord un autre par défaut.",
    last_workspace_member: "Un espace de travail garde au moins un membre.",
    template_not_active: "Seul un modèle actif peut être utilisé : activez-le d’abord.",
    template_archived: "Un modèle archivé ne peut pas être activé.",
    contact_exists: "Un contact avec cette adresse e-mail existe déjà dans cet espace de travail.",
    too_many_api_keys: "Votre équipe a le nombre maximal de clés d’API : révoquez-en une d’abord.",
    api_key_revoked: "Cette clé d’API est déjà révoquée.",
    already_member: "Cette personne est déjà membre de l’équipe.",
    already_in_team: "Vous êtes déjà membre d’une équipe.",
    already_invited: "Cette personne est déjà invitée.",
    webhook_disabled: "Ce point de terminaison de webhook est désactivé : activez-le d’abord.",
    too_many_webhooks:
      "Votre équipe a le nombre maximal de points de terminaison de webhook : supprimez-en un d’abord.",
    passkey_registered: "Cette clé d’accès est déjà enregistrée.",
    deleted_by_retention:
      "Ce document a été supprimé par la politique de conservation de l’équipe. La preuve et l’historique restent disponibles.",
    sole_owner:
      "Vous êtes le seul propriétaire d’une équipe qui a d’autres membres\u00a0: nommez un autre membre propriétaire, ou supprimez l’équipe, puis supprimez votre compte.",
  },
  validation: {
    invalid_host: "Saisissez un nom d’hôte comme smtp.exemple.fr, ou une adresse IP.",
    invalid_port: "Saisissez un port de 1 à 65535.",
    required: "Ce champ est obligatoire.",
    invalid: "Cette valeur n’est pas valide.",
    confirmation_mismatch: "Cela ne correspond pas\u00a0: saisissez-le exactement comme indiqué.",
    invalid_email: "Saisissez une adresse e-mail valide.",
    too_short: "C’est trop court.",
    too_long: "C’est trop long.",
    code_length: "Le code comporte exactement 6 caractères.",
    code_invalid: "Le code ne contient que les lettres et chiffres indiqués dans l’e-mail.",
    code_incorrect: "Ce code est incorrect. Vérifiez-le ou demandez-en un nouveau.",
    code_expired: "Ce code a expiré. Demandez-en un nouveau.",
    invalid_phone: "Saisissez un numéro de téléphone valide.",
    phone_required_for_sms:
      "Un code par SMS demande le numéro au format international, par exemple +33 6 12 34 56 78.",
    sms_unavailable:
      "Les codes par SMS sont indisponibles\u00a0: aucun fournisseur de SMS n’est configuré sur ce serveur.",
    invalid_file: "Ce fichier ne peut pas être lu.",
    invalid_file_type: "Type de fichier non valide : choisissez une image PNG, JPEG, WebP ou GIF.",
    attachment_too_large: "Ce fichier dépasse 10 Mo.",
    attachment_type: "Seuls les fichiers PDF, PNG et JPEG peuvent être joints.",
    attachment_type_mismatch:
      "Le contenu de ce fichier ne correspond pas à son extension : joignez un vrai fichier PDF, PNG ou JPEG.",
    attachment_required: "Joignez le fichier demandé.",
    file_too_large: "Fichier trop volumineux : la photo doit faire moins de 1 Mo.",
    already_added: "Cette adresse e-mail a déjà été ajoutée.",
    outside_page: "Ce champ dépasse le bord de la page.",
    too_small: "C’est trop petit.",
    not_pdf: "Ce n’est pas un fichier PDF.",
    too_large: "Fichier trop volumineux.",
    truncated: "Ce PDF est incomplet (tronqué).",
    unreadable: "Ce PDF ne peut pas être lu.",
    encrypted: "Ce PDF est chiffré ou protégé par un mot de passe.",
    too_many_pages: "Ce PDF comporte trop de pages.",
    no_pages: "Ce PDF ne comporte aucune page.",
    too_complex: "Ce PDF est trop complexe à traiter (il demande trop de temps ou de mémoire).",
    signatures_not_kept:
      "Ce PDF porte des signatures qui ne resteraient pas valides : sa structure est endommagée (il a fallu la réparer pour le lire).",
    certified:
      "Ce PDF porte une signature de certification qui interdit toute modification : le signer ici invaliderait cette signature.",
    embedded_files:
      "Ce PDF contient des fichiers intégrés (pièces jointes) : ils sont refusés, pour que les signataires voient le document en entier.",
    javascript:
      "Ce PDF contient du JavaScript : les scripts sont refusés, pour que le document s’affiche de la même façon dans tous les lecteurs.",
    automatic_actions:
      "Ce PDF déclenche des actions de lui-même (à l’ouverture, ou à l’affichage d’une page ou d’un champ) : elles sont refusées, pour que le document s’affiche de la même façon dans tous les lecteurs.",
    too_many_files: "Trop de fichiers pour une enveloppe.",
    too_many_recipients: "Trop de destinataires pour une enveloppe.",
    too_many_fields: "Trop de champs pour une enveloppe.",
    level_unavailable:
      "Ce niveau de signature n’est pas disponible : ce qu’il nécessite n’est pas configuré sur ce serveur.",
    verification_required:
      "Au niveau avancé (AES), ce signataire doit passer une vérification avant de signer : choisissez-en une pour ce signataire.",
    sequential_signers_required:
      "Au niveau qualifié (QES), les signataires signent l’un après l’autre : ce signataire partage une étape avec un autre, donnez-lui une étape à lui.",
    invalid_date: "Saisissez une date valide.",
    in_past: "Cette date est déjà passée.",
    signature_field_required: "Chaque destinataire doit avoir un champ de signature.",
    not_found: "Un élément auquel ceci se rapporte n’existe plus. Rechargez la page.",
    duplicate: "Cet élément apparaît deux fois.",
    encoding:
      "Certains caractères n’ont pas pu être lus (affichés �) : enregistrez le fichier en CSV UTF-8 et choisissez-le à nouveau.",
    name_taken: "Votre équipe a déjà une étiquette de ce nom.",
    invalid_color: "Saisissez une couleur sous la forme #rrvvbb, par exemple #2563eb.",
    one_line: "Saisissez une seule ligne de texte.",
    unknown_placeholder: "N’utilisez que les variables proposées pour cet e-mail.",
    link_required: "Cet e-mail a besoin du lien : ajoutez la variable du lien dans le corps.",
    link_in_subject: "Le lien ne peut pas figurer dans l’objet : mettez-le dans le corps.",
    image_too_large: "Cette image est trop grande : 1024 pixels de côté au plus.",
    same_workspace: "Choisissez un autre espace de travail que celui qui est supprimé.",
    too_many_tags: "Trop d’étiquettes pour un document.",
    contact_exists: "Un contact avec cette adresse e-mail existe déjà dans cet espace de travail.",
    duplicate_email: "Cette adresse e-mail apparaît deux fois dans le fichier.",
    already_member: "Cette personne est déjà membre de l’équipe.",
    already_invited:
      "Cette personne est déjà invitée : renvoyez l’invitation depuis les invitations en attente.",
    empty_import: "Le fichier ne contient aucune ligne à importer.",
    too_many_rows: "Le fichier contient trop de lignes.",
    invalid_url: "Saisissez une adresse web complète, commençant par https://.",
    insecure_url:
      "Utilisez une adresse https://\u00a0: le fournisseur d’identité doit être joint en TLS.",
    label_taken: "Un autre destinataire de ce modèle porte déjà ce libellé.",
    invalid_step: "Choisissez une étape à partir de 1.",
    step_too_large:
      "Cette étape dépasse le nombre de destinataires\u00a0: les étapes se comptent à partir de 1, sans trou.",
    select_all_recipients: "Veuillez sélectionner tous les destinataires.",
    template_incomplete:
      "Ce modèle a besoin d’au moins un destinataire et d’un champ de signature.",
    template_without_recipients:
      "Ce modèle n’a aucun destinataire\u00a0: il ne peut pas être utilisé.",
    https_required: "Utilisez une adresse en https://.",
    invalid_origin:
      "Saisissez l’origine d’un site comme https://app.example.com : https, un nom d’hôte et éventuellement un port, rien après.",
    duplicate_origin: "Ce site est déjà autorisé.",
    one_document:
      "Indiquez un seul document : une enveloppe en brouillon ou un modèle, pas les deux.",
    loopback_origin:
      "Une adresse locale (http://localhost) ne peut pas intégrer les pages de signature ici.",
    non_public_address:
      "Cette adresse mène à un réseau privé, local ou de bouclage\u00a0: utilisez une adresse publique.",
    unresolvable_host: "Ce nom d’hôte est introuvable.",
    invalid_domain: "Saisissez un domaine comme exemple.fr.",
    public_domain:
      "Tout le monde peut ouvrir une adresse chez ce fournisseur de messagerie\u00a0: saisissez un domaine qui appartient à votre organisation.",
    record_not_found:
      "L’enregistrement TXT est introuvable. Publiez-le chez votre hébergeur DNS, attendez qu’il se propage (quelques minutes, parfois quelques heures), puis vérifiez à nouveau.",
    lookup_failed: "Les serveurs DNS n’ont pas répondu. Réessayez dans quelques minutes.",
    too_many_domains:
      "Votre équipe a déjà déclaré autant de domaines que permis\u00a0: retirez-en un d’abord.",
  },
  validationLimits: {
    too_long_one: "C’est trop long : la limite est de {{count}} caractère.",
    too_long_many: "C’est trop long : la limite est de {{count}} caractères.",
    too_long_other: "C’est trop long : la limite est de {{count}} caractères.",
    too_many_files_one: "Trop de fichiers : une enveloppe contient au plus {{count}} fichier.",
    too_many_files_many: "Trop de fichiers : une enveloppe contient au plus {{count}} fichiers.",
    too_many_files_other: "Trop de fichiers : une enveloppe contient au plus {{count}} fichiers.",
    too_many_recipients_one: "Trop de destinataires : une enveloppe en compte au plus {{count}}.",
    too_many_recipients_many: "Trop de destinataires : une enveloppe en compte au plus {{count}}.",
    too_many_recipients_other: "Trop de destinataires : une enveloppe en compte au plus {{count}}.",
    too_many_fields_one: "Trop de champs : une enveloppe en compte au plus {{count}}.",
    too_many_fields_many: "Trop de champs : une enveloppe en compte au plus {{count}}.",
    too_many_fields_other: "Trop de champs : une enveloppe en compte au plus {{count}}.",
    too_many_tags_one: "Trop d’étiquettes : un document en porte au plus {{count}}.",
    too_many_tags_many: "Trop d’étiquettes : un document en porte au plus {{count}}.",
    too_many_tags_other: "Trop d’étiquettes : un document en porte au plus {{count}}.",
    too_many_rows_one: "Le fichier a trop de lignes : la limite est de {{count}} ligne.",
    too_many_rows_many: "Le fichier a trop de lignes : la limite est de {{count}} lignes.",
    too_many_rows_other: "Le fichier a trop de lignes : la limite est de {{count}} lignes.",
    too_many_domains_one: "Une équipe déclare au plus {{count}} domaine : retirez-en un d’abord.",
    too_many_domains_many: "Une équipe déclare au plus {{count}} domaines : retirez-en un d’abord.",
    too_many_domains_other:
      "Une équipe déclare au plus {{count}} domaines : retirez-en un d’abord.",
  },
  uploadError: "Erreur d’envoi : la photo n’a pas pu être enregistrée. Veuillez réessayer.",
  informationUpdate: "Vos informations n’ont pas pu être mises à jour. Veuillez réessayer.",
  loadFailed: "Le chargement a échoué. Veuillez réessayer.",
  passkey: {
    cancelled: "La demande de clé d’accès a été annulée ou a expiré.",
    unsupported: "Ce navigateur ne peut pas utiliser de clés d’accès.",
    failed: "La clé d’accès n’a pas pu être utilisée. Veuillez réessayer.",
  },
};
