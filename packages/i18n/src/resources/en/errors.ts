/**
 * Error messages (spec §8). `codes` follows the `error.code` of the API error shape
 * {statusCode, error{code,message,suggestion,documentationUrl}, requestId, timestamp, path}.
 */
export const errors = {
  generic: "An error occurred",
  codes: {
    GENERIC_ERROR: "An error occurred",
    AUTHENTICATION_ERROR: "Your session has expired. Please sign in again.",
    FORBIDDEN: "You do not have permission to do this.",
    NOT_FOUND: "What you are looking for could not be found.",
    VALIDATION_ERROR: "Some of the information sent is not valid. Please check it and try again.",
    CONFLICT: "This change conflicts with the current state. Reload the page and try again.",
    RATE_LIMITED: "Too many attempts. Please wait a moment and try again.",
    INTERNAL_SERVER_ERROR:
      "Something went wrong on our side. Please try again; if it keeps happening, contact support.",
    TUNNEL_ERROR: "The secure connection was interrupted. Please try again.",
    OIDC_NOT_CONFIGURED: "Single sign-on is not configured. Please contact your administrator.",
    OIDC_TOKEN_VERIFICATION_FAILED:
      "We could not verify your login. Please try again or contact support.",
    OIDC_TOKEN_INVALID_PAYLOAD: "The login information received is invalid. Please try again.",
    OIDC_EMAIL_MISMATCH: "The email address does not match your account.",
    OIDC_DISCOVERY_FAILED: "Failed to fetch OIDC configuration: enter the URLs manually.",
    ACCESS_LINK_INVALID: "This signing link is not valid or has expired.",
    PAYLOAD_TOO_LARGE: "What you sent is too large.",
    UNSUPPORTED_MEDIA_TYPE: "This type of file is not accepted.",
    METHOD_NOT_ALLOWED: "This action is not available.",
    SERVICE_UNAVAILABLE: "The service is temporarily unavailable. Please try again in a moment.",
    SERVICE_BUSY: "The server is busy with other documents. Please try again in a few seconds.",
    SEATS_FULL:
      "Every seat of your plan is taken: only the Viewer role can be invited until a seat is freed.",
    INVITATION_INVALID:
      "This invitation does not exist, was revoked or has expired. Ask for a new one.",
    INVITATION_ACCOUNT_REQUIRED:
      "Sign in with the email address the invitation was sent to, then accept it.",
    LAST_OWNER: "The last owner of the team cannot be removed or given another role.",
    ROLE_READ_ONLY: "Managed roles cannot be changed or deleted.",
    ROLE_NAME_TAKEN: "Your team already has a role with this name.",
    ROLE_IN_USE: "Members still hold this role. Give them another role first, then delete it.",
    SIGNATURE_LIMIT_REACHED:
      "The team has sent every envelope its plan allows in this period. Move to a larger plan on the Subscription page.",
    API_CREDITS_EXHAUSTED:
      "The team has used every API credit its plan allows in this period. Move to a larger plan on the Subscription page.",
    SUBSCRIPTION_INACTIVE:
      "The team's subscription is past due or canceled. See the Subscription page to renew it.",
  },
  /** A call that got no answer at all (the network, not the server). */
  unreachable: "The server could not be reached. Check your connection and try again.",
  oidcGeneric: "An unknown error occurred during login.",
  loginFailed: {
    title: "Login failed",
    description: "Oops, something went wrong, try to reload the page.",
  },
  tunnelPreinitFailed: "The secure connection could not be prepared. Reload the page to try again.",
  conflicts: {
    no_server: "Save the team's SMTP server before sending a test message through it.",
    envelope_expired:
      "This envelope is past its expiry date: its invitations can no longer be sent.",
    envelope_not_open: "This envelope is no longer being signed: reload it to see where it stands.",
    envelope_complete: "Everyone has signed this envelope: it can no longer be canceled.",
    recipient_done: "This recipient has already signed, approved or declined.",
    not_invited_yet:
      "This recipient has not been invited yet: they are invited when it is their turn.",
    not_a_draft: "This envelope was sent meanwhile: only a draft can be changed this way.",
    not_complete: "The signed document and the proof exist once everyone has signed.",
    too_many_attachments: "This field takes no more files: remove one before adding another.",
    seal_not_failed: "Sealing has not failed: there is nothing to retry. Reload the envelope.",
    default_workspace:
      "The default workspace cannot be deleted: make another one the default first.",
    last_workspace_member: "A workspace keeps at least one member.",
    template_not_active: "Only an active template can be used: activate it first.",
    template_archived: "An archived template cannot be activated.",
    contact_exists: "A contact with this email already exists in this workspace.",
    too_many_api_keys: "Your team has the most API keys it may have: revoke one first.",
    api_key_revoked: "This API key is already revoked.",
    already_member: "This person is already a member of the team.",
    already_in_team: "You are already a member of a team.",
    already_invited: "This person is already invited.",
    webhook_disabled: "This webhook endpoint is disabled: turn it on first.",
    too_many_webhooks: "Your team has the most webhook endpoints it may have: delete one first.",
    passkey_registered: "This passkey is already registered.",
    deleted_by_retention:
      "This document was deleted by the team's retention policy. The proof and the activity remain.",
    sole_owner:
      "You are the only Owner of a team that has other members: make another member an Owner, or delete the team, then delete your account.",
  },
  validation: {
    invalid_host: "Enter a host name such as smtp.example.com, or an IP address.",
    invalid_port: "Enter a port from 1 to 65535.",
    required: "This field is required.",
    invalid: "This value is not valid.",
    confirmation_mismatch: "This does not match: type it exactly as shown.",
    invalid_email: "Enter a valid email address.",
    too_short: "This is too short.",
    too_long: "This is too long.",
    code_length: "The code has exactly 6 characters.",
    code_invalid: "The code only contains the letters and digits shown in the email.",
    code_incorrect: "This code is incorrect. Check it or ask for a new one.",
    code_expired: "This code has expired. Ask for a new one.",
    invalid_phone: "Enter a valid phone number.",
    phone_required_for_sms:
      "A code by SMS needs the phone number in international form, such as +33 6 12 34 56 78.",
    sms_unavailable: "Codes by SMS are unavailable: no SMS provider is configured on this server.",
    invalid_file: "This file cannot be read.",
    invalid_file_type: "Invalid file type: choose a PNG, JPEG, WebP or GIF image.",
    attachment_too_large: "This file is larger than 10 MB.",
    attachment_type: "Only PDF, PNG and JPEG files can be attached.",
    attachment_type_mismatch:
      "This file's content does not match its extension: attach a real PDF, PNG or JPEG file.",
    attachment_required: "Attach the file asked for.",
    file_too_large: "File too large: the picture must be under 1 MB.",
    already_added: "This email address has already been added.",
    outside_page: "This field goes past the edge of the page.",
    too_small: "This is too small.",
    not_pdf: "Not a PDF file.",
    too_large: "File too large.",
    truncated: "This PDF is incomplete (truncated).",
    unreadable: "This PDF cannot be read.",
    encrypted: "This PDF is encrypted or password-protected.",
    too_many_pages: "This PDF has too many pages.",
    no_pages: "This PDF has no pages.",
    too_complex: "This PDF is too complex to process (it needs too much time or memory).",
    signatures_not_kept:
      "This PDF carries signatures that would not stay valid: its structure is damaged (it had to be repaired to be read).",
    certified:
      "This PDF carries a certification signature that forbids changes: signing it here would invalidate that signature.",
    embedded_files:
      "This PDF carries embedded files (attachments): they are refused, so that what signers see is the whole document.",
    javascript:
      "This PDF contains JavaScript: scripts are refused, so that the document shows the same in every reader.",
    automatic_actions:
      "This PDF runs actions by itself (when it is opened, or a page or field is shown): they are refused, so that the document shows the same in every reader.",
    too_many_files: "Too many files for one envelope.",
    too_many_recipients: "Too many recipients for one envelope.",
    too_many_fields: "Too many fields for one envelope.",
    level_unavailable:
      "This signature level is not available: what it needs is not configured on this server.",
    verification_required:
      "At the advanced level (AES), this signer must pass a check before signing: choose one for them.",
    sequential_signers_required:
      "At the qualified level (QES), signers sign one after another: this signer shares a step with another, give them a step of their own.",
    invalid_date: "Enter a valid date.",
    in_past: "This date is already past.",
    signature_field_required: "Each recipient needs a signature field.",
    not_found: "Something this refers to no longer exists. Reload the page.",
    duplicate: "This appears twice.",
    encoding:
      "Some characters could not be read (shown as �): save the file as CSV UTF-8 and choose it again.",
    name_taken: "Your team already has a tag with this name.",
    invalid_color: "Enter a colour as #rrggbb, for example #2563eb.",
    one_line: "Keep this to one line.",
    unknown_placeholder: "Use only the placeholders listed for this mail.",
    link_required: "This mail needs the link: add the link placeholder to the body.",
    link_in_subject: "The link cannot go in the subject: put it in the body.",
    image_too_large: "This image is too large: at most 1024 pixels on each side.",
    same_workspace: "Choose another workspace than the one being deleted.",
    too_many_tags: "Too many tags for one document.",
    contact_exists: "A contact with this email already exists in this workspace.",
    duplicate_email: "This email appears twice in the file.",
    already_member: "This person is already a member of the team.",
    already_invited:
      "This person is already invited: resend the invitation from the pending invitations.",
    empty_import: "The file has no rows to import.",
    too_many_rows: "The file has too many rows.",
    invalid_url: "Enter a full web address, starting with https://.",
    insecure_url: "Use an https:// address: the identity provider must be reached over TLS.",
    label_taken: "Another recipient of this template has this label.",
    invalid_step: "Choose a step from 1.",
    step_too_large: "This step is past the number of recipients: steps count from 1 without gaps.",
    select_all_recipients: "Please select all recipients.",
    template_incomplete: "This template needs at least one recipient and a signature field.",
    template_without_recipients: "This template has no recipients: it cannot be used.",
    https_required: "Use an https:// address.",
    invalid_origin:
      "Enter a site origin such as https://app.example.com: https, a host name and an optional port, nothing after.",
    duplicate_origin: "This site is already allowed.",
    one_document: "Name one document: a draft envelope or a template, not both.",
    loopback_origin: "A local address (http://localhost) cannot embed the signing pages here.",
    non_public_address:
      "This address leads to a private, loopback or link-local network: use a public address.",
    unresolvable_host: "This host name could not be found.",
    invalid_domain: "Enter a domain such as example.com.",
    public_domain:
      "Anyone can open an address at this mail provider: enter a domain your organisation owns.",
    record_not_found:
      "The TXT record was not found. Publish it at your DNS provider, wait for it to spread (minutes, sometimes hours), then verify again.",
    lookup_failed: "The DNS servers did not answer. Try again in a few minutes.",
    too_many_domains: "Your team has claimed as many domains as it may: remove one first.",
  },
  /** A validation word with the limit the api names (`params.limit` of its field problem). */
  validationLimits: {
    too_long_one: "This is too long: the limit is {{count}} character.",
    too_long_other: "This is too long: the limit is {{count}} characters.",
    too_many_files_one: "Too many files: an envelope holds at most {{count}} file.",
    too_many_files_other: "Too many files: an envelope holds at most {{count}} files.",
    too_many_recipients_one: "Too many recipients: an envelope has at most {{count}} recipient.",
    too_many_recipients_other: "Too many recipients: an envelope has at most {{count}} recipients.",
    too_many_fields_one: "Too many fields: an envelope has at most {{count}} field.",
    too_many_fields_other: "Too many fields: an envelope has at most {{count}} fields.",
    too_many_tags_one: "Too many tags: a document has at most {{count}} tag.",
    too_many_tags_other: "Too many tags: a document has at most {{count}} tags.",
    too_many_rows_one: "The file has too many rows: the limit is {{count}} row.",
    too_many_rows_other: "The file has too many rows: the limit is {{count}} rows.",
    too_many_domains_one: "A team claims at most {{count}} domain: remove one first.",
    too_many_domains_other: "A team claims at most {{count}} domains: remove one first.",
  },
  uploadError: "Upload error: the picture could not be saved. Please try again.",
  informationUpdate: "Your information could not be updated. Please try again.",
  loadFailed: "This could not be loaded. Please try again.",
  passkey: {
    cancelled: "The passkey request was cancelled or timed out.",
    unsupported: "This browser cannot use passkeys.",
    failed: "The passkey could not be used. Please try again.",
  },
};
