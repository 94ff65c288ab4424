/** The public signing app for outside signers. */
export const sign = {
  subtitle: "Secure document signing",
  signInToParaphe: "Sign in to Paraphe",
  notFound: {
    description:
      "This address does not lead to a document. If you received an invitation to sign, open the link in the email again.",
    action: "Go to the Paraphe website",
  },
  loadingDocument: "Opening the document…",
  errors: {
    notFound: {
      title: "Document not found",
      description:
        "This document was deleted or the link is not valid. Ask the sender for a new invitation.",
    },
    invalidLink: {
      title: "Invalid or expired access link",
      description:
        "This access link is not valid any more. Ask the sender for a new invitation to sign.",
    },
    delegated: {
      title: "This link was delegated",
      description:
        "Its signer handed their turn to someone else, who received their own link. This link no longer opens the document.",
    },
    generic: {
      title: "Unable to access the document",
      description: "The document could not be opened right now. Please retry later.",
      retry: "Try again",
    },
    unavailable: {
      title: "This document is not available right now",
      description:
        "A file of this document cannot be read at the moment, so it cannot be signed yet. The sender has been told; please try again later.",
      retry: "Try again",
    },
    signing: "Error signing the document. Your signature is kept: please try again.",
    imageTooLarge:
      "Your signature picture is too large (at most 2000 × 800 pixels and 1 MB). Clear it and sign again.",
    valueTooLong:
      "A field holds too much text: at most {{max}} characters. Shorten it and try again.",
    declining: "Error declining the document. Please try again.",
    approving: "Error approving the document. Please try again.",
    rejecting: "Error rejecting the document. Please try again.",
    download: "The document could not be downloaded. Please try again.",
    markingRead: "This page could not be recorded as read. Scroll back to it to try again.",
    markingDocumentRead: "Your reading could not be recorded. Please try again.",
    delegating: "Your turn could not be handed on. Please try again.",
  },
  envelope: {
    from: "Sent by {{name}} ({{email}})",
    level: {
      SES: "Simple electronic signature",
      AES: "Advanced electronic signature",
      QES: "Qualified electronic signature",
    },
    expires: "Sign before {{date}}",
    message: "Message from the sender",
  },
  states: {
    viewed: {
      title: "You have read this document",
      description: "Thank you. Your reading is recorded; the sender is told when everyone is done.",
    },
    approved: {
      title: "You have approved this document",
      description: "Thank you. The signers are invited once every approver has approved.",
    },
    rejected: {
      title: "You rejected this document",
      description: "The sender has been told that you rejected it; it will not be signed.",
    },
    signed: {
      title: "You have signed this document",
      description: "Thank you. Everyone involved will be notified when all signers have signed.",
    },
    declined: {
      title: "You declined this document",
      description: "The sender has been told that you declined to sign.",
    },
    declinedByOther: {
      title: "This document was declined",
      description: "Another recipient declined to sign; it can no longer be signed.",
    },
    canceled: {
      title: "This document was canceled",
      description: "The sender canceled the signature request; there is nothing left to sign.",
    },
    complete: {
      title: "This document is signed by everyone",
      description:
        "You can download the signed document with this link for {{days}} days after everyone signed.",
    },
    notYourTurn: {
      title: "Not your turn yet",
      description:
        "This document is signed in order: you will get an email as soon as the earlier steps have ended (the people before you have signed or approved).",
    },
    notOpen: {
      title: "This document is not open for signing",
      description: "The sender has not sent it for signature yet. Please retry later.",
    },
    expired: {
      title: "This signature request has expired",
      description: "The deadline to sign has passed. Ask the sender for a new invitation.",
    },
  },
  download: {
    signed: "Download the signed PDF",
    document: "Download the PDF",
  },
  reader: {
    documents: "Documents to read",
    page_one: "Page {{page}} of {{count}}",
    page_other: "Page {{page}} of {{count}}",
    pageOfDocument_one: "{{document}}, page {{page}} of {{count}}",
    pageOfDocument_other: "{{document}}, page {{page}} of {{count}}",
    loadingPage: "Loading page {{page}}…",
    pageFailed: "This page could not be loaded.",
    pageCannotShow: "This page cannot be shown here. Ask the sender for the document.",
    retryPage: "Load the page again",
    progress: "Pages read {{read}} / {{total}}",
    readAll: "Scroll through every page to sign.",
    allRead: "All pages read.",
    readAllToApprove: "Scroll through every page to approve.",
    readAllToView: "Scroll through every page to confirm your reading.",
  },
  approval: {
    notice: "Requires your approval: read the document, then approve or reject it.",
  },
  viewing: {
    notice:
      "You are asked to read this document, not to sign it: read every page, then confirm you have read it.",
  },
  delegate: {
    open: "Hand my turn to someone else",
    title: "Hand your turn to someone else",
    description:
      "This person will sign in your place with their own link, and yours will stop working. The sender is told, with your reason.",
    firstname: "First name",
    lastname: "Last name",
    email: "Email address",
    reason: "Reason",
    required: "Required.",
    tooLong: "At most 100 characters.",
    reasonTooLong_one: "At most {{count}} character: shorten the reason.",
    reasonTooLong_other: "At most {{count}} characters: shorten the reason.",
    invalidEmail: "Enter a valid email address.",
    toSelf: "This is your own address: name someone else.",
    alreadyRecipient: "This person is already a recipient of the document.",
    confirm: "Hand my turn on",
    delegating: "Handing on…",
    done: "{{name}} has been sent their own link.",
  },
  completed: {
    value: "{{field}} ({{name}}): {{value}}",
    picture: "{{field}} of {{name}}",
    signedBy: "{{field}}: signed by {{name}}",
    signedByShort: "Signed by {{name}}",
    checked: "checked",
    unchecked: "not checked",
  },
  fields: {
    atLimit: "Up to {{max}} characters.",
    required: "Required",
    requiredMark: "(required)",
    signature: "Signature",
    initials: "Initials",
    text: "Text",
    date: "Date",
    name: "Name",
    email: "Email",
    checkbox: "Checkbox",
    image: "Image",
    imageNotSupported: "Image fields are filled by the sender.",
    missing_one: "{{count}} required field left to fill",
    missing_other: "{{count}} required fields left to fill",
    addSignature: "Sign here",
    addInitials: "Initial here",
    done: "Done",
  },
  actions: {
    sign: "Sign",
    decline: "Decline",
    bar: "Signing actions",
    approve: "Approve",
    reject: "Reject",
    approvalBar: "Approval actions",
    markRead: "I have read the document",
    viewBar: "Reading actions",
  },
  signature: {
    title: "Your signature",
    description: "Draw or type your signature, then swipe to sign.",
    initialsTitle: "Your initials",
    tabs: "How to sign",
    draw: "Draw",
    type: "Type",
    padLabel: "Signature drawing area",
    initialsPadLabel: "Initials drawing area",
    padHint: "Draw with your finger, a pen or the mouse.",
    clear: "Clear",
    typedName: "Full name",
    typedInitials: "Initials",
    font: "Style",
    fontOption: "Style {{index}}",
    empty: "Draw or type your signature first.",
    emptyInitials: "Draw or type your initials first.",
    swipe: "Swipe to sign",
    swipeHint: "Press Enter or Space to sign the document, or move the slider to the end.",
    signing: "Signing…",
    consent:
      "By signing, you agree that this electronic signature has the same value as your handwritten signature.",
  },
  decline: {
    title: "Decline to sign",
    description: "The sender will see your reason.",
    reason: "Reason",
    reasonHint: "Up to {{max}} characters.",
    required: "Please give a reason.",
    tooLong_one: "At most {{count}} character: shorten the reason.",
    tooLong_other: "At most {{count}} characters: shorten the reason.",
    confirm: "Decline",
    declining: "Declining…",
  },
  verification: {
    title: "Confirm your email address",
    description:
      "{{sender}} asks you to confirm your email address before signing. We send a 6-digit code to {{email}}, in a separate email.",
    send: "Send the code",
    sending: "Sending…",
    sent: "A code was sent to {{email}}. It is valid for 10 minutes.",
    code: "Code from the email",
    confirm: "Confirm",
    confirming: "Checking…",
    resend: "Send a new code",
    verified: "Email address confirmed: you can sign.",
    invalid: "Type the 6 digits of the code.",
    incorrect: "This code is not correct. Check the latest email.",
    expired: "This code has expired. Ask for a new one.",
    attempts: "Too many wrong codes: this code no longer works. Ask for a new one.",
    tooMany: "Too many codes were asked for. Wait a few minutes, then try again.",
    failed: "The code could not be checked. Try again.",
    sms: {
      title: "Confirm your phone number",
      description:
        "{{sender}} asks you to confirm your phone number before signing. We send a 6-digit code by SMS to the number they gave.",
      sent: "A code was sent by SMS to the number ending in {{ending}}. It is valid for 10 minutes.",
      code: "Code from the SMS",
      verified: "Phone number confirmed: you can sign.",
      incorrect: "This code is not correct. Check the latest SMS.",
      unavailable:
        "The code cannot be sent by SMS to you. Ask the sender to check your phone number.",
    },
  },
  reject: {
    title: "Reject the document",
    description: "The sender will see your reason, and the document will not be signed.",
    confirm: "Reject",
    rejecting: "Rejecting…",
  },
  confirmation: {
    title: "Thank you, your signature is recorded",
    description:
      "A copy of the signed document will be emailed to you when every signer has signed.",
    completeDescription: "Every signer has signed. You can download the signed document.",
    declinedTitle: "You declined to sign",
    declinedDescription: "The sender has been told.",
    accountTitle: "Send and sign your own documents",
    accountDescription: "Create a free Paraphe account to prepare, send and follow your documents.",
    createAccount: "Create an account",
  },
};
