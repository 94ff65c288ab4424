/** Email texts, translated on the server with serverT() in the recipient's language. */
export const mail = {
  common: {
    greeting: "Hello,",
    greetingName: "Hello {{name}},",
    signature: "The Paraphe team",
    automatedNotice: "This is an automated message from Paraphe. Please do not reply to it.",
  },
  loginCode: {
    subject: "Your Paraphe verification code: {{code}}",
    intro: "Here is your verification code to sign in to Paraphe:",
    expires_one: "It expires in {{count}} minute.",
    expires_other: "It expires in {{count}} minutes.",
    ignore: "If you did not try to sign in, you can ignore this email: your account stays safe.",
  },
};
