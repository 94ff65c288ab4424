/** Email texts, translated on the server with serverT() in the recipient's language. */
export const mail = {
  common: {
    greeting: "Hello,",
    greetingName: "Hello {{name}},",
    signature: "The Paraphe team",
    automatedNotice: "This is an automated message from Paraphe. Please do not reply to it.",
    automatedNoticeUnbranded: "This is an automated message. Please do not reply to it.",
    brandSignature: "On behalf of {{name}}",
    sentWith: "Sent with Paraphe",
    website: "Website",
    privacy: "Privacy notice",
  },
  loginCode: {
    subject: "Your Paraphe verification code",
    intro: "Here is your verification code to sign in to Paraphe:",
    expires_one: "It expires in {{count}} minute.",
    expires_other: "It expires in {{count}} minutes.",
    ignore: "If you did not try to sign in, you can ignore this email: your account stays safe.",
  },
  signerCode: {
    subject: "Your code to sign “{{title}}”",
    intro:
      "{{sender}} asks you to confirm your email address before signing “{{title}}”. Type this code on the signing page:",
    accountIntro:
      "{{sender}} asks you to sign in to your Paraphe account before signing “{{title}}”. Type this code of your account on the signing page:",
    expires_one: "It expires in {{count}} minute.",
    expires_other: "It expires in {{count}} minutes.",
    ignore:
      "If you did not ask for this code, do not share it with anyone: nobody can sign in your name without it.",
  },
  signerSmsCode: {
    text_one:
      "Paraphe: {{code}} is your code to sign “{{title}}” for {{sender}}. It expires in {{count}} minute. Never share it.",
    text_other:
      "Paraphe: {{code}} is your code to sign “{{title}}” for {{sender}}. It expires in {{count}} minutes. Never share it.",
  },
  invitation: {
    subject: "{{sender}} asks you to sign “{{title}}”",
    intro: "{{sender}} ({{email}}) sent you “{{title}}” to sign with Paraphe.",
    message: "Their message:",
    action: "Read and sign the document:",
    expires: "This request expires on {{date}}.",
    ignore: "Keep this link to yourself: anyone who has it can sign in your name.",
  },
  approval: {
    subject: "{{sender}} asks you to approve “{{title}}”",
    intro:
      "{{sender}} ({{email}}) sent you “{{title}}” to approve with Paraphe before it goes out for signature.",
    action: "Read the document, then approve or reject it:",
    ignore: "Keep this link to yourself: anyone who has it can approve in your name.",
  },
  viewing: {
    subject: "{{sender}} asks you to read “{{title}}”",
    intro:
      "{{sender}} ({{email}}) sent you “{{title}}” to read with Paraphe: you sign nothing, but the document is complete only once you have read every page.",
    action: "Read every page, then confirm you have read it:",
    ignore: "Keep this link to yourself: anyone who has it can confirm the reading in your name.",
  },
  viewingReminder: {
    subject: "Reminder: {{sender}} is waiting for you to read “{{title}}”",
    intro:
      "{{sender}} ({{email}}) asked you to read “{{title}}” with Paraphe, and your reading is still missing.",
  },
  delegated: {
    subject: "{{from}} handed their turn on “{{title}}” to {{to}}",
    intro:
      "{{from}} will not sign “{{title}}” themselves: they delegated their turn to {{to}}, who has been sent their own link.",
    reason: "Their reason: {{reason}}",
    action: "Follow the envelope:",
  },
  approvalReminder: {
    subject: "Reminder: {{sender}} is waiting for your approval of “{{title}}”",
    intro:
      "{{sender}} ({{email}}) asked you to approve “{{title}}” with Paraphe, and your approval is still missing.",
  },
  teamInvite: {
    subject: "{{inviter}} invites you to join {{team}} on Paraphe",
    intro: "{{inviter}} ({{email}}) invites you to join the team {{team}} on Paraphe as {{role}}.",
    action: "Accept the invitation:",
    expires: "This invitation expires on {{date}}.",
    ignore: "If you do not want to join this team, you can ignore this email.",
  },
  canceled: {
    subject: "“{{title}}” was canceled",
    intro: "{{sender}} canceled the signature request “{{title}}”. You no longer need to sign it.",
    reason: "Reason given: {{reason}}",
  },
  documentUnavailable: {
    subject: "“{{title}}” cannot be signed: a file is missing",
    intro:
      "{{name}} ({{email}}) opened “{{title}}”, but the file of the document “{{document}}” is missing from the server's file store. Until it is restored, nobody can read or sign the envelope.",
    advice:
      "Ask your administrator to restore the file from the backups, or cancel the envelope and send the document again.",
    action: "Open the envelope",
  },
  declined: {
    subject: "{{name}} declined to sign “{{title}}”",
    intro: "{{name}} ({{email}}) declined to sign “{{title}}”. The signature request is closed.",
    reason: "Reason given: {{reason}}",
  },
  rejected: {
    subject: "{{name}} rejected “{{title}}”",
    intro: "{{name}} ({{email}}) rejected “{{title}}”. The signature request is closed.",
  },
  reminder: {
    subject: "Reminder: {{sender}} is waiting for your signature on “{{title}}”",
    intro:
      "{{sender}} ({{email}}) asked you to sign “{{title}}” with Paraphe, and your signature is still missing.",
    action: "Read and sign the document:",
    expires: "Please sign before {{date}}: the request expires then.",
  },
  expired: {
    subject: "“{{title}}” expired before everyone signed",
    intro:
      "The signature request “{{title}}” reached its expiry date ({{date}}) before everyone signed, so Paraphe canceled it. Recipients can no longer sign it.",
    action: "See who signed and its activity:",
  },
  completed: {
    subject: "“{{title}}” is signed by everyone",
    intro: "Everyone signed “{{title}}”. The sealed document and its audit-log proof are ready.",
    copiedIntro:
      "You were copied on “{{title}}”: everyone signed it. The sealed document and its audit-log proof are ready.",
    action: "Download them here:",
  },
  mailTextSample: {
    signerName: "Alex Martin",
    signerEmail: "alex.martin@example.com",
    envelopeTitle: "Service agreement",
    reason: "The dates in section 2 are not the ones we agreed on.",
    message: "Here is the agreement we discussed.",
  },
  supportAnswer: {
    subject: "Paraphe support answered you",
    intro: "Our support team answered your message:",
    action: "Read the conversation and answer it:",
  },
  senderTest: {
    subject: "Test message from {{team}}'s mail server",
    body: "This message went through {{host}}, the SMTP server set in {{team}}'s team settings. Paraphe now sends the team's mail through it.",
  },
};
