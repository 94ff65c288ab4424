import { type verify as en } from "../en/verify";
import { type FrenchTranslation } from "./types";

export const verify: FrenchTranslation<typeof en> = {
  heading: "Vérification hors ligne Paraphe",
  files: {
    document: "Document scellé",
    proof: "Preuve du journal d’activité",
    original: "Document original",
  },
  marks: {
    pass: "✓",
    fail: "✗",
    warn: "!",
  },
  checks: {
    unreadable: "{{file}}\u00a0: le fichier n’a pas pu être lu comme un PDF ({{reason}}).",
    noSignature: "{{file}}\u00a0: le fichier ne porte aucune signature.",
    coverageWhole:
      "{{file}}, signature «\u00a0{{name}}\u00a0»\u00a0: elle couvre tout le fichier sauf la signature elle-même (document entièrement signé).",
    coverageRevision:
      "{{file}}, signature «\u00a0{{name}}\u00a0»\u00a0: elle couvre une révision antérieure (les {{end}} premiers octets)\u00a0; la signature suivante couvre le reste.",
    coveragePartial:
      "{{file}}, signature «\u00a0{{name}}\u00a0»\u00a0: elle ne couvre pas tout le fichier\u00a0: des octets ont été ajoutés après la signature.",
    coverageMalformed:
      "{{file}}, signature «\u00a0{{name}}\u00a0»\u00a0: sa plage d’octets est mal formée ({{reason}}).",
    digestMatch:
      "{{file}}, signature «\u00a0{{name}}\u00a0»\u00a0: l’empreinte SHA-256 des octets signés correspond à celle que porte la signature.",
    digestMismatch:
      "{{file}}, signature «\u00a0{{name}}\u00a0»\u00a0: l’empreinte SHA-256 des octets signés ne correspond pas à celle que porte la signature\u00a0: le fichier a été modifié après sa signature.",
    digestUnreadable:
      "{{file}}, signature «\u00a0{{name}}\u00a0»\u00a0: la signature n’a pas pu être lue ({{reason}}).",
    signatureValid:
      "{{file}}, signature «\u00a0{{name}}\u00a0»\u00a0: la signature des attributs signés est vérifiée avec le certificat de {{subject}}.",
    signatureInvalid:
      "{{file}}, signature «\u00a0{{name}}\u00a0»\u00a0: la signature ne se vérifie pas avec le certificat de {{subject}}.",
    signatureUnreadable:
      "{{file}}, signature «\u00a0{{name}}\u00a0»\u00a0: la signature n’a pas pu être vérifiée ({{reason}}).",
    chainTrusted:
      "{{file}}\u00a0: la chaîne de certificats de {{subject}} mène à la racine de confiance {{root}} et était valide au moment de la signature ({{date}}).",
    chainRootNotChecked:
      "{{file}}\u00a0: la chaîne de certificats de {{subject}} est cohérente jusqu’à {{root}} et était valide au moment de la signature ({{date}}), mais cette racine n’a pas été comparée à un certificat de confiance (indiquez-le avec --ca).",
    chainNotAnchored:
      "{{file}}\u00a0: la chaîne de certificats de {{subject}} ne mène à aucun des certificats donnés avec --ca.",
    chainIssuerMissing:
      "{{file}}\u00a0: la chaîne de certificats de {{subject}} est incomplète\u00a0: l’émetteur de {{certificate}} n’est ni dans la signature ni parmi les certificats --ca.",
    chainBadSignature:
      "{{file}}\u00a0: la chaîne de certificats de {{subject}} est rompue\u00a0: {{certificate}} n’est pas valablement signé par son émetteur.",
    chainNotValidAt:
      "{{file}}\u00a0: la chaîne de certificats de {{subject}} n’était pas valide au moment de la signature ({{date}})\u00a0: {{certificate}} est valide du {{from}} au {{to}}.",
    chainNotCa:
      "{{file}}\u00a0: la chaîne de certificats de {{subject}} est invalide\u00a0: {{certificate}} n’est pas une autorité de certification.",
    timestampValid:
      "{{file}}, signature «\u00a0{{name}}\u00a0»\u00a0: son jeton d’horodatage (RFC 3161) prouve qu’elle existait le {{genTime}}\u00a0: le jeton de {{tsa}} porte sur cette signature, il est intact et la chaîne de certificats de l’autorité mène à la racine de confiance {{root}}.",
    timestampRootNotChecked:
      "{{file}}, signature «\u00a0{{name}}\u00a0»\u00a0: son jeton d’horodatage de {{tsa}} ({{genTime}}) porte sur cette signature et est intact, et la chaîne de certificats de l’autorité est cohérente jusqu’à {{root}}, mais cette racine n’a pas été comparée à un certificat de confiance (indiquez-le avec --tsa-ca).",
    timestampIntactEarlier:
      "{{file}}, signature «\u00a0{{name}}\u00a0»\u00a0: son jeton d’horodatage de {{tsa}} ({{genTime}}) porte sur cette signature et est intact\u00a0; l’autorité d’une signature antérieure au scellement n’a pas été comparée à une racine de confiance.",
    timestampMissing:
      "{{file}}, signature «\u00a0{{name}}\u00a0»\u00a0: elle ne porte aucun jeton d’horodatage (PAdES B-B)\u00a0: son heure de signature ({{date}}) est seulement déclarée par le signataire, pas prouvée.",
    timestampRequired:
      "{{file}}, signature «\u00a0{{name}}\u00a0»\u00a0: elle ne porte aucun jeton d’horodatage, alors qu’une autorité d’horodatage a été indiquée avec --tsa-ca\u00a0: son jeton a été retiré, ou elle n’a jamais été horodatée.",
    timestampUnreadable:
      "{{file}}, signature «\u00a0{{name}}\u00a0»\u00a0: son jeton d’horodatage n’a pas pu être lu ({{reason}}).",
    timestampSignatureInvalid:
      "{{file}}, signature «\u00a0{{name}}\u00a0»\u00a0: son jeton d’horodatage de {{tsa}} ne se vérifie pas\u00a0: il a été modifié après sa signature par l’autorité d’horodatage.",
    timestampImprintMismatch:
      "{{file}}, signature «\u00a0{{name}}\u00a0»\u00a0: son jeton d’horodatage de {{tsa}} ne porte pas sur cette signature (l’empreinte du jeton n’est pas celle de la valeur de la signature).",
    timestampNotTimestamping:
      "{{file}}, signature «\u00a0{{name}}\u00a0»\u00a0: son jeton d’horodatage est signé par {{tsa}}, dont le certificat n’est pas un certificat d’horodatage (usage étendu de clé timeStamping, critique).",
    timestampChainNotAnchored:
      "{{file}}, signature «\u00a0{{name}}\u00a0»\u00a0: la chaîne de certificats de l’autorité d’horodatage {{tsa}} ne mène à aucun des certificats donnés avec --tsa-ca\u00a0: le jeton vient d’une autre autorité.",
    timestampChainIssuerMissing:
      "{{file}}, signature «\u00a0{{name}}\u00a0»\u00a0: la chaîne de certificats de l’autorité d’horodatage {{tsa}} est incomplète\u00a0: l’émetteur de {{certificate}} n’est ni dans le jeton ni parmi les certificats --tsa-ca.",
    timestampChainBadSignature:
      "{{file}}, signature «\u00a0{{name}}\u00a0»\u00a0: la chaîne de certificats de l’autorité d’horodatage {{tsa}} est rompue\u00a0: {{certificate}} n’est pas valablement signé par son émetteur.",
    timestampChainNotValidAt:
      "{{file}}, signature «\u00a0{{name}}\u00a0»\u00a0: la chaîne de certificats de l’autorité d’horodatage {{tsa}} n’était pas valide au moment de l’horodatage ({{genTime}})\u00a0: {{certificate}} est valide du {{from}} au {{to}}.",
    timestampChainNotCa:
      "{{file}}, signature «\u00a0{{name}}\u00a0»\u00a0: la chaîne de certificats de l’autorité d’horodatage {{tsa}} est invalide\u00a0: {{certificate}} n’est pas une autorité de certification.",
    proofSealRecognised:
      "{{file}}\u00a0: elle porte une seule signature, qui couvre tout le fichier\u00a0: le sceau que Paraphe appose sur ses preuves de journal d’activité («\u00a0{{name}}\u00a0», motif «\u00a0{{reason}}\u00a0»).",
    proofSignatureCount:
      "{{file}}\u00a0: elle porte {{signatures}}\u00a0signatures\u00a0; une preuve de journal d’activité faite par Paraphe en porte exactement une, son propre sceau. Ce n’est pas une preuve Paraphe\u00a0: son enregistrement intégré n’est pas lu.",
    proofSealForeign:
      "{{file}}\u00a0: sa signature «\u00a0{{name}}\u00a0» (motif «\u00a0{{reason}}\u00a0») n’est pas le sceau que Paraphe appose sur ses preuves de journal d’activité («\u00a0{{expectedName}}\u00a0», motif «\u00a0{{expectedReason}}\u00a0», sur tout le fichier). Ce n’est pas une preuve Paraphe (un document scellé par Paraphe n’est pas une preuve, quoi qu’il contienne)\u00a0: son enregistrement intégré n’est pas lu.",
    proofAppended:
      "{{file}}\u00a0: elle a été modifiée après son sceau «\u00a0{{name}}\u00a0»\u00a0: une preuve de journal d’activité faite par Paraphe se termine par son sceau, qui couvre tout le fichier. Son enregistrement intégré n’est pas lu.",
    sealsSame:
      "{{file}}\u00a0: son sceau a été fait avec le même certificat que celui du document scellé, {{subject}} (empreinte SHA-256 {{fingerprint}}).",
    sealsDiffer:
      "{{file}}\u00a0: son sceau a été fait avec un autre certificat, {{subject}} (empreinte SHA-256 {{fingerprint}}), que celui du document scellé, {{documentSubject}} ({{documentFingerprint}})\u00a0: Paraphe scelle un document et sa preuve avec le même certificat.",
    sealPinned:
      "{{file}}\u00a0: son sceau a été fait avec la clé du certificat donné avec --seal-cert, {{subject}} (empreinte SHA-256 {{fingerprint}}).",
    sealIsAnchor:
      "{{file}}\u00a0: le certificat de son sceau, {{subject}} (empreinte SHA-256 {{fingerprint}}), est lui-même l’un des certificats donnés avec --ca.",
    sealNotPinned:
      "{{file}}\u00a0: son sceau a été fait avec le certificat de {{subject}} (empreinte SHA-256 {{fingerprint}}), et non avec la clé du certificat donné avec --seal-cert, {{expected}} ({{expectedFingerprint}}).",
    sealIdentityNotPinned:
      "{{file}}\u00a0: le certificat de son sceau, {{subject}} (empreinte SHA-256 {{fingerprint}}), n’a pas été épinglé\u00a0: n’importe quel certificat émis sous la racine de confiance passerait. Indiquez le certificat de sceau de la plateforme avec --seal-cert.",
    recordMissing:
      "{{file}}\u00a0: elle ne contient pas d’enregistrement lisible par machine ({{filename}})\u00a0; sa chaîne d’événements ne peut pas être vérifiée hors ligne.",
    recordInvalid:
      "{{file}}\u00a0: son enregistrement lisible par machine est mal formé ({{reason}}).",
    eventsIntact_one:
      "{{file}}\u00a0: la chaîne de {{count}} événement de l’enveloppe {{envelopeId}} est intacte : son empreinte est {{head}} (SHA-256), l’« Empreinte du journal d’activité » de la preuve.",
    eventsIntact_many:
      "{{file}}\u00a0: la chaîne des {{count}} événements de l’enveloppe {{envelopeId}} est intacte : son empreinte est {{head}} (SHA-256), l’« Empreinte du journal d’activité » de la preuve.",
    eventsIntact_other:
      "{{file}}\u00a0: la chaîne des {{count}} événements de l’enveloppe {{envelopeId}} est intacte : son empreinte est {{head}} (SHA-256), l’« Empreinte du journal d’activité » de la preuve.",
    eventsBroken:
      "{{file}}\u00a0: la chaîne d’événements est rompue à l’événement {{index}} ({{type}}, {{at}})\u00a0: un événement a été modifié, supprimé ou déplacé.",
    eventsHeadMismatch:
      "{{file}}\u00a0: l’empreinte finale de la chaîne ne correspond pas à son dernier événement\u00a0: des événements ont été supprimés ou ajoutés.",
    eventsCompletedMismatch:
      "{{file}}\u00a0: l’événement de fin ({{index}}) désigne un autre fichier scellé que celui que liste la preuve.",
    documentHashMatch:
      "{{file}}\u00a0: son empreinte SHA-256 ({{hash}}) est celle que la preuve enregistre pour le document scellé.",
    documentHashMismatch:
      "{{file}}\u00a0: son empreinte SHA-256 ({{hash}}) ne figure pas dans la preuve\u00a0: la preuve concerne un autre fichier, ou ce fichier a été modifié.",
    originalHashMatch:
      "{{file}}\u00a0: son empreinte SHA-256 ({{hash}}) est celle que la preuve enregistre pour le document original.",
    originalHashMismatch:
      "{{file}}\u00a0: son empreinte SHA-256 ({{hash}}) ne figure pas dans la preuve pour le document original.",
    coverageValidationData:
      "{{file}}, signature «\u00a0{{name}}\u00a0»\u00a0: les révisions qui la suivent n’ajoutent que des données de validation et des horodatages du document (PAdES B-LT et B-LTA)\u00a0; rien de ce qu’elle signe n’a été modifié.",
    coverageModifiedAfter:
      "{{file}}, signature «\u00a0{{name}}\u00a0»\u00a0: le fichier a été modifié après la signature\u00a0: {{reason}}.",
    documentTimestampValid:
      "{{file}}, horodatage du document «\u00a0{{name}}\u00a0»\u00a0: {{tsa}} prouve que le fichier jusqu’à cet horodatage, données de validation comprises, existait le {{genTime}}\u00a0: le jeton porte sur ces octets, il est intact et la chaîne de certificats de l’autorité mène à la racine de confiance {{root}}.",
    documentTimestampRootNotChecked:
      "{{file}}, horodatage du document «\u00a0{{name}}\u00a0»\u00a0: le jeton de {{tsa}} ({{genTime}}) porte sur le fichier jusqu’à cet horodatage et est intact, et la chaîne de certificats de l’autorité est cohérente jusqu’à {{root}}, mais cette racine n’a pas été comparée à un certificat de confiance (indiquez-le avec --tsa-ca).",
    documentTimestampImprintMismatch:
      "{{file}}, horodatage du document «\u00a0{{name}}\u00a0»\u00a0: le jeton de {{tsa}} ne porte pas sur les octets qu’il couvre\u00a0: le fichier a été modifié après l’horodatage.",
    revocationGood:
      "{{file}}, signature «\u00a0{{name}}\u00a0»\u00a0: le certificat {{certificate}} n’était pas révoqué le {{date}}, comme le montrent les données de validation du fichier ({{source}} de son émetteur, émise le {{issuedAt}}).",
    revocationRevokedLater:
      "{{file}}, signature «\u00a0{{name}}\u00a0»\u00a0: le certificat {{certificate}} a été révoqué le {{revokedAt}}, après le {{date}}, date de son usage ({{source}} des données de validation du fichier).",
    revocationRevoked:
      "{{file}}, signature «\u00a0{{name}}\u00a0»\u00a0: le certificat {{certificate}} a été révoqué le {{revokedAt}}, avant le {{date}} ({{source}} des données de validation du fichier).",
    revocationMissing:
      "{{file}}, signature «\u00a0{{name}}\u00a0»\u00a0: les données de validation du fichier ne contiennent ni réponse OCSP ni CRL, signée par son émetteur et émise après le {{date}}, pour le certificat {{certificate}}\u00a0: sa révocation ne peut pas être vérifiée hors ligne.",
    revocationNotNeeded:
      "{{file}}, signature «\u00a0{{name}}\u00a0»\u00a0: le certificat {{certificate}} indique que son émetteur ne publie pas son statut de révocation (un certificat de courte durée, RFC 9608)\u00a0: aucun n’est nécessaire.",
    levelReached:
      "{{file}}, signature «\u00a0{{name}}\u00a0»\u00a0: niveau PAdES {{level}} (B-B\u00a0: signée\u00a0; B-T\u00a0: sa date prouvée par un horodatage\u00a0; B-LT\u00a0: ses données de validation dans le fichier\u00a0; B-LTA\u00a0: et un horodatage du document qui les couvre).",
  },
  verdict: {
    valid:
      "Valide\u00a0: le document scellé et sa preuve sont intacts, et scellés avec un certificat qui mène à une racine de confiance.",
    rootNotChecked:
      "Intact, racine non vérifiée\u00a0: tous les contrôles sont passés, mais le certificat d’un sceau, ou celui de son autorité d’horodatage, n’a pas été comparé à une racine de confiance, ou le certificat des sceaux n’a pas été épinglé. Indiquez les certificats auxquels vous faites confiance avec --ca (et --tsa-ca pour une autorité d’horodatage), et le certificat de sceau de la plateforme avec --seal-cert.",
    invalid: "Invalide\u00a0: au moins un contrôle a échoué (marqué ✗).",
  },
  usage:
    "Utilisation\u00a0: paraphe-verify <scelle.pdf> <preuve.pdf> [--ca <certificat.pem> ...] [--tsa-ca <certificat.pem> ...] [--seal-cert <certificat.pem>] [--original <original.pdf>] [--lang en|fr] [--json]\n\nVérifie hors ligne un document scellé par Paraphe et la preuve de son journal d’activité.\nCodes de sortie\u00a0: 0 valide, 1 invalide, 2 erreur d’utilisation ou fichier illisible, 3 intact mais racine non vérifiée (sans --ca, ou sans --tsa-ca pour l’autorité d’horodatage d’un sceau B-T) ou certificat du sceau non épinglé (sans --seal-cert).",
  errors: {
    missingFiles: "Indiquez le PDF scellé et le PDF de sa preuve.",
    unknownOption: "Option inconnue\u00a0: {{option}}.",
    missingValue: "L’option {{option}} attend une valeur.",
    badLanguage: "La langue doit être en ou fr.",
    tooManyCa: "Au plus {{max}} certificats --ca.",
    tooManyTsaCa: "Au plus {{max}} certificats --tsa-ca.",
    unreadableFile: "{{path}} ne peut pas être lu\u00a0: {{reason}}.",
    tooLarge: "{{path}} dépasse {{max}} Mo.",
    badCertificate: "{{path}} ne contient aucun certificat PEM ou DER lisible.",
    sealCertOnce:
      "Indiquez --seal-cert une seule fois, avec un fichier contenant un seul certificat.",
  },
};
