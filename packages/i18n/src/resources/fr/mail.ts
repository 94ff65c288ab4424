import { type mail as en } from "../en/mail";
import { type FrenchTranslation } from "./types";

export const mail: FrenchTranslation<typeof en> = {
  common: {
    greeting: "Bonjour,",
    greetingName: "Bonjour {{name}},",
    signature: "L’équipe Paraphe",
    automatedNotice:
      "Ce message automatique vous est envoyé par Paraphe. Merci de ne pas y répondre.",
    automatedNoticeUnbranded: "Ce message est automatique. Merci de ne pas y répondre.",
    brandSignature: "De la part de {{name}}",
    sentWith: "Envoyé avec Paraphe",
    website: "Site web",
    privacy: "Politique de confidentialité",
  },
  loginCode: {
    subject: "Votre code de vérification Paraphe",
    intro: "Voici votre code de vérification pour vous connecter à Paraphe\u00a0:",
    expires_one: "Il expire dans {{count}} minute.",
    expires_many: "Il expire dans {{count}} minutes.",
    expires_other: "Il expire dans {{count}} minutes.",
    ignore:
      "Si vous n’avez pas essayé de vous connecter, vous pouvez ignorer cet e-mail\u00a0: votre compte reste protégé.",
  },
  signerCode: {
    subject: "Votre code pour signer «\u00a0{{title}}\u00a0»",
    intro:
      "{{sender}} vous demande de confirmer votre adresse e-mail avant de signer «\u00a0{{title}}\u00a0». Saisissez ce code sur la page de signature\u00a0:",
    accountIntro:
      "{{sender}} vous demande de vous connecter à votre compte Paraphe avant de signer «\u00a0{{title}}\u00a0». Saisissez ce code de votre compte sur la page de signature\u00a0:",
    expires_one: "Il expire dans {{count}} minute.",
    expires_many: "Il expire dans {{count}} minutes.",
    expires_other: "Il expire dans {{count}} minutes.",
    ignore:
      "Si vous n’avez pas demandé ce code, ne le communiquez à personne\u00a0: personne ne peut signer en votre nom sans lui.",
  },
  signerSmsCode: {
    text_one:
      "Paraphe\u00a0: {{code}} est votre code pour signer «\u00a0{{title}}\u00a0» pour {{sender}}. Il expire dans {{count}} minute. Ne le communiquez à personne.",
    text_many:
      "Paraphe\u00a0: {{code}} est votre code pour signer «\u00a0{{title}}\u00a0» pour {{sender}}. Il expire dans {{count}} minutes. Ne le communiquez à personne.",
    text_other:
      "Paraphe\u00a0: {{code}} est votre code pour signer «\u00a0{{title}}\u00a0» pour {{sender}}. Il expire dans {{count}} minutes. Ne le communiquez à personne.",
  },
  invitation: {
    subject: "{{sender}} vous demande de signer «\u00a0{{title}}\u00a0»",
    intro: "{{sender}} ({{email}}) vous a envoyé «\u00a0{{title}}\u00a0» à signer avec Paraphe.",
    message: "Son message\u00a0:",
    action: "Lisez et signez le document\u00a0:",
    expires: "Cette demande expire le {{date}}.",
    ignore:
      "Gardez ce lien pour vous\u00a0: toute personne qui le possède peut signer en votre nom.",
  },
  approval: {
    subject: "{{sender}} vous demande d’approuver «\u00a0{{title}}\u00a0»",
    intro:
      "{{sender}} ({{email}}) vous a envoyé «\u00a0{{title}}\u00a0» à approuver avec Paraphe avant sa mise en signature.",
    action: "Lisez le document, puis approuvez-le ou rejetez-le\u00a0:",
    ignore:
      "Gardez ce lien pour vous\u00a0: toute personne qui le possède peut approuver en votre nom.",
  },
  viewing: {
    subject: "{{sender}} vous demande de lire «\u00a0{{title}}\u00a0»",
    intro:
      "{{sender}} ({{email}}) vous a envoyé «\u00a0{{title}}\u00a0» à lire avec Paraphe\u00a0: vous ne signez rien, mais le document n’est terminé qu’une fois chaque page lue.",
    action: "Lisez chaque page, puis confirmez votre lecture\u00a0:",
    ignore:
      "Gardez ce lien pour vous\u00a0: toute personne qui le possède peut confirmer la lecture en votre nom.",
  },
  viewingReminder: {
    subject: "Rappel\u00a0: {{sender}} attend que vous lisiez «\u00a0{{title}}\u00a0»",
    intro:
      "{{sender}} ({{email}}) vous a demandé de lire «\u00a0{{title}}\u00a0» avec Paraphe, et votre lecture manque encore.",
  },
  delegated: {
    subject: "{{from}} a confié son tour sur «\u00a0{{title}}\u00a0» à {{to}}",
    intro:
      "{{from}} ne signera pas «\u00a0{{title}}\u00a0» en personne\u00a0: son tour a été délégué à {{to}}, qui a reçu son propre lien.",
    reason: "Motif\u00a0: {{reason}}",
    action: "Suivre l’enveloppe\u00a0:",
  },
  approvalReminder: {
    subject: "Rappel\u00a0: {{sender}} attend votre approbation de «\u00a0{{title}}\u00a0»",
    intro:
      "{{sender}} ({{email}}) vous a demandé d’approuver «\u00a0{{title}}\u00a0» avec Paraphe, et votre approbation manque encore.",
  },
  teamInvite: {
    subject: "{{inviter}} vous invite à rejoindre {{team}} sur Paraphe",
    intro:
      "{{inviter}} ({{email}}) vous invite à rejoindre l’équipe {{team}} sur Paraphe en tant que {{role}}.",
    action: "Acceptez l’invitation\u00a0:",
    expires: "Cette invitation expire le {{date}}.",
    ignore: "Si vous ne souhaitez pas rejoindre cette équipe, vous pouvez ignorer cet e-mail.",
  },
  canceled: {
    subject: "«\u00a0{{title}}\u00a0» a été annulé",
    intro:
      "{{sender}} a annulé la demande de signature «\u00a0{{title}}\u00a0». Vous n’avez plus à le signer.",
    reason: "Motif indiqué\u00a0: {{reason}}",
  },
  documentUnavailable: {
    subject: "Impossible de signer «\u00a0{{title}}\u00a0»\u00a0: un fichier manque",
    intro:
      "{{name}} ({{email}}) a ouvert «\u00a0{{title}}\u00a0», mais le fichier du document «\u00a0{{document}}\u00a0» est absent du stockage de fichiers du serveur. Tant qu’il n’est pas restauré, personne ne peut lire ni signer l’enveloppe.",
    advice:
      "Demandez à votre administrateur de restaurer le fichier depuis les sauvegardes, ou annulez l’enveloppe et envoyez de nouveau le document.",
    action: "Ouvrir l’enveloppe",
  },
  declined: {
    subject: "{{name}} a refusé de signer «\u00a0{{title}}\u00a0»",
    intro:
      "{{name}} ({{email}}) a refusé de signer «\u00a0{{title}}\u00a0». La demande de signature est close.",
    reason: "Motif indiqué\u00a0: {{reason}}",
  },
  rejected: {
    subject: "{{name}} a rejeté «\u00a0{{title}}\u00a0»",
    intro:
      "{{name}} ({{email}}) a rejeté «\u00a0{{title}}\u00a0». La demande de signature est close.",
  },
  reminder: {
    subject: "Rappel\u00a0: {{sender}} attend votre signature sur «\u00a0{{title}}\u00a0»",
    intro:
      "{{sender}} ({{email}}) vous a demandé de signer «\u00a0{{title}}\u00a0» avec Paraphe, et votre signature manque encore.",
    action: "Lisez et signez le document\u00a0:",
    expires: "Merci de signer avant le {{date}}\u00a0: la demande expire à cette date.",
  },
  expired: {
    subject: "«\u00a0{{title}}\u00a0» a expiré avant d’être signé par tous",
    intro:
      "La demande de signature «\u00a0{{title}}\u00a0» a atteint sa date d’expiration ({{date}}) avant que tout le monde ait signé\u00a0; Paraphe l’a donc annulée. Les destinataires ne peuvent plus la signer.",
    action: "Voyez qui a signé et son historique\u00a0:",
  },
  completed: {
    subject: "«\u00a0{{title}}\u00a0» est signé par tous",
    intro:
      "Tout le monde a signé «\u00a0{{title}}\u00a0». Le document scellé et sa preuve (journal d’audit) sont prêts.",
    copiedIntro:
      "Vous étiez en copie de «\u00a0{{title}}\u00a0»\u00a0: tout le monde l’a signé. Le document scellé et sa preuve (journal d’audit) sont prêts.",
    action: "Téléchargez-les ici\u00a0:",
  },
  mailTextSample: {
    signerName: "Camille Martin",
    signerEmail: "camille.martin@example.com",
    envelopeTitle: "Contrat de prestation",
    reason: "Les dates de l’article 2 ne sont pas celles dont nous avions convenu.",
    message: "Voici le contrat dont nous avons parlé.",
  },
  supportAnswer: {
    subject: "Le support de Paraphe vous a répondu",
    intro: "Notre équipe support a répondu à votre message\u00a0:",
    action: "Lisez la conversation et répondez-y\u00a0:",
  },
  senderTest: {
    subject: "Message de test du serveur d’envoi de {{team}}",
    body: "Ce message est passé par {{host}}, le serveur SMTP défini dans les paramètres de l’équipe {{team}}. Paraphe envoie désormais les e-mails de l’équipe par ce serveur.",
  },
};
