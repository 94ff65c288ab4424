import type { Migration } from "kysely";
import * as mail from "./20261122090000_mail";
import * as tunnelSessions from "./20261122120000_tunnel-sessions";
import * as usersAndCredentials from "./20261122140000_users-and-credentials";
import * as teamsAndLogins from "./20261122150000_teams-and-logins";
import * as envelopes from "./20261122160000_envelopes";
import * as recipientReminders from "./20261122170000_recipient-reminders";
import * as envelopeSealFailures from "./20261123140000_envelope-seal-failures";
import * as secretsAtRest from "./20261123141000_secrets-at-rest";
import * as tunnelSessionLimits from "./20261123142000_tunnel-session-limits";
import * as keyedActivityChain from "./20261123143000_keyed-activity-chain";
import * as mailAsJobs from "./20261123170000_mail-as-jobs";
import * as tags from "./20261123180000_tags";
import * as teamInvitations from "./20261123181000_team-invitations";
import * as recipientKinds from "./20261123183000_recipient-kinds";
import * as templates from "./20261123184000_templates";
import * as bulkSends from "./20261123185000_bulk-sends";
import * as singleSignOn from "./20261123190000_single-sign-on";
import * as invitationPhone from "./20261123191500_invitation-phone";
import * as apiKeys from "./20261126041500_api-keys";
import * as webhooks from "./20261126090000_webhooks";
import * as support from "./20261126050000_support";
import * as billing from "./20261126100000_billing";
import * as envelopeStatusCounts from "./20261126110000_envelope-status-counts";
import * as webhookDeliveryRetention from "./20261126120000_webhook-delivery-retention";
import * as ssoVerifiedDomains from "./20261128100000_sso-verified-domains";
import * as webhookWorkspaces from "./20261128110000_webhook-workspaces";
import * as loginCodePrefixes from "./20261128140000_login-code-prefixes";
import * as pageReadByRecipient from "./20261128150000_page-read-by-recipient";
import * as ssoOptionalUrls from "./20261128160000_sso-optional-urls";
import * as unreadablePages from "./20261206200000_unreadable-pages";
import * as recipientSteps from "./20261206210000_recipient-steps";
import * as recipientVerification from "./20261206230000_recipient-verification";
import * as fieldSettings from "./20261207020000_field-settings";
import * as memberPhone from "./20261207000000_member-phone";
import * as viewersAndDelegation from "./20261207001000_viewers-and-delegation";
import * as smsVerification from "./20261207010000_sms-verification";
import * as copyRecipients from "./20261206220000_copy-recipients";
import * as missingOriginalNotice from "./20261207030000_missing-original-notice";
import * as teamBranding from "./20261207050000_team-branding";
import * as signerAttachments from "./20261207080000_signer-attachments";
import * as teamMailSender from "./20261207091500_team-mail-sender";
import * as retention from "./20261207060000_retention";
import * as teamMailTexts from "./20261207093000_team-mail-texts";
import * as templateDirectLinks from "./20261207070000_template-direct-links";
import * as teamDeletion from "./20261207110000_team-deletion";
import * as dataExport from "./20261207120000_data-export";
import * as teamEmbedding from "./20261207100000_team-embedding";
import * as embedTokens from "./20261207130000_embed-tokens";
import * as signerRevisions from "./20261207150000_signer-revisions";
import * as accountVerification from "./20261207160000_account-verification";
import * as qesAuthorization from "./20261207170000_qes-authorization";

/**
 * Every migration, by name, in a static list so that the bundled build carries them. Names are
 * `YYYYMMDDhhmmss_subject`, the file names; they sort in the order they run. Add new files here.
 */
export const migrations: Readonly<Record<string, Migration>> = {
  "20261122090000_mail": mail,
  "20261122120000_tunnel-sessions": tunnelSessions,
  "20261122140000_users-and-credentials": usersAndCredentials,
  "20261122150000_teams-and-logins": teamsAndLogins,
  "20261122160000_envelopes": envelopes,
  "20261122170000_recipient-reminders": recipientReminders,
  "20261123140000_envelope-seal-failures": envelopeSealFailures,
  "20261123141000_secrets-at-rest": secretsAtRest,
  "20261123142000_tunnel-session-limits": tunnelSessionLimits,
  "20261123143000_keyed-activity-chain": keyedActivityChain,
  "20261123170000_mail-as-jobs": mailAsJobs,
  "20261123180000_tags": tags,
  "20261123181000_team-invitations": teamInvitations,
  "20261123183000_recipient-kinds": recipientKinds,
  "20261123184000_templates": templates,
  "20261123185000_bulk-sends": bulkSends,
  "20261123190000_single-sign-on": singleSignOn,
  "20261123191500_invitation-phone": invitationPhone,
  "20261126041500_api-keys": apiKeys,
  "20261126050000_support": support,
  "20261126090000_webhooks": webhooks,
  "20261126100000_billing": billing,
  "20261126110000_envelope-status-counts": envelopeStatusCounts,
  "20261126120000_webhook-delivery-retention": webhookDeliveryRetention,
  "20261128100000_sso-verified-domains": ssoVerifiedDomains,
  "20261128110000_webhook-workspaces": webhookWorkspaces,
  "20261128140000_login-code-prefixes": loginCodePrefixes,
  "20261128150000_page-read-by-recipient": pageReadByRecipient,
  "20261128160000_sso-optional-urls": ssoOptionalUrls,
  "20261206200000_unreadable-pages": unreadablePages,
  "20261206210000_recipient-steps": recipientSteps,
  "20261206220000_copy-recipients": copyRecipients,
  "20261206230000_recipient-verification": recipientVerification,
  "20261207000000_member-phone": memberPhone,
  "20261207001000_viewers-and-delegation": viewersAndDelegation,
  "20261207010000_sms-verification": smsVerification,
  "20261207020000_field-settings": fieldSettings,
  "20261207030000_missing-original-notice": missingOriginalNotice,
  "20261207050000_team-branding": teamBranding,
  "20261207060000_retention": retention,
  "20261207070000_template-direct-links": templateDirectLinks,
  "20261207080000_signer-attachments": signerAttachments,
  "20261207091500_team-mail-sender": teamMailSender,
  "20261207093000_team-mail-texts": teamMailTexts,
  "20261207100000_team-embedding": teamEmbedding,
  "20261207110000_team-deletion": teamDeletion,
  "20261207120000_data-export": dataExport,
  "20261207130000_embed-tokens": embedTokens,
  "20261207150000_signer-revisions": signerRevisions,
  "20261207160000_account-verification": accountVerification,
  "20261207170000_qes-authorization": qesAuthorization,
};
