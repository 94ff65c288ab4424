import type { Endpoint, Endpoints } from "@paraphe/api-sdk/contract";
import {
  app,
  directLink,
  link,
  member,
  memberKeyOrEmbed,
  memberOrEmbed,
  memberOrKey,
  session,
  type Credential,
  type EndpointHandler,
} from "./endpoint-handler";
import { apiKeyCreate } from "./api-key/create";
import { apiKeyList } from "./api-key/list";
import { apiKeyRevoke } from "./api-key/revoke";
import { authenticationListSessions } from "./authentication/list-sessions";
import { authenticationPasskeyLogin } from "./authentication/passkey-login";
import { authenticationPasskeyOptions } from "./authentication/passkey-options";
import { authenticationRequestCode } from "./authentication/request-code";
import { authenticationTerminateSessions } from "./authentication/terminate-sessions";
import { authenticationVerifyCode } from "./authentication/verify-code";
import { contactCreate } from "./contact/create";
import { contactDelete } from "./contact/delete";
import { contactGet } from "./contact/get";
import { contactImport } from "./contact/import";
import { contactList } from "./contact/list";
import { contactLookup } from "./contact/lookup";
import { contactUpdate } from "./contact/update";
import { envelopeActivity } from "./envelope/activity";
import { envelopeApprove } from "./envelope/approve";
import { envelopeDelegate } from "./envelope/delegate";
import { envelopeUploadAttachment } from "./envelope/upload-attachment";
import { envelopeListAttachments } from "./envelope/list-attachments";
import { envelopeRemoveAttachment } from "./envelope/remove-attachment";
import { envelopeListEnvelopeAttachments } from "./envelope/list-envelope-attachments";
import { envelopeDownloadAttachment } from "./envelope/download-attachment";
import { envelopeMarkRead } from "./envelope/mark-read";
import { envelopeCancel } from "./envelope/cancel";
import { envelopeDashboard } from "./envelope/dashboard";
import { envelopeDecline } from "./envelope/decline";
import { envelopeDelete } from "./envelope/delete";
import { envelopeDownload } from "./envelope/download";
import { envelopeDownloadSignerDocument } from "./envelope/download-signer-document";
import { envelopeGet } from "./envelope/get";
import { envelopeList } from "./envelope/list";
import { envelopeListRequests } from "./envelope/list-requests";
import { envelopeMarkPageRead } from "./envelope/mark-page-read";
import { envelopeVerificationCheck } from "./envelope/verification/check";
import { envelopeVerificationSend } from "./envelope/verification/send";
import { envelopeVerificationPasskeyCheck } from "./envelope/verification/passkey-check";
import { envelopeVerificationPasskeyOptions } from "./envelope/verification/passkey-options";
import { envelopeQesAuthorize } from "./envelope/qes/authorize";
import { envelopeQesCredentials } from "./envelope/qes/credentials";
import { envelopeMove } from "./envelope/move";
import { brandingGet } from "./branding/get";
import { mailTextList } from "./mail-text/list";
import { mailTextPreview } from "./mail-text/preview";
import { mailTextReset } from "./mail-text/reset";
import { mailTextSave } from "./mail-text/save";
import { brandingRemoveLogo } from "./branding/remove-logo";
import { brandingSave } from "./branding/save";
import { brandingUploadLogo } from "./branding/upload-logo";
import { envelopeOpen } from "./envelope/open";
import { retentionGet } from "./retention/get";
import { teamDelete } from "./team/delete";
import { userDeleteAccount } from "./user/delete-account";
import { userDataExport } from "./user/data-export";
import { userDownloadDataExport } from "./user/download-data-export";
import { userRequestDataExport } from "./user/request-data-export";
import { retentionSave } from "./retention/save";
import { mailSenderGet } from "./mail-sender/get";
import { mailSenderSave } from "./mail-sender/save";
import { mailSenderTest } from "./mail-sender/test";
import { embeddingGet } from "./embedding/get";
import { embeddingSave } from "./embedding/save";
import { embedCreateToken } from "./embed/create-token";
import { envelopePagePreview } from "./envelope/page-preview";
import { envelopeReject } from "./envelope/reject";
import { envelopeResendInvitation } from "./envelope/resend-invitation";
import { envelopeRetrySeal } from "./envelope/retry-seal";
import { envelopeSaveFields } from "./envelope/save-fields";
import { envelopeSaveRecipients } from "./envelope/save-recipients";
import { envelopeSend } from "./envelope/send";
import { envelopeSetTags } from "./envelope/set-tags";
import { envelopeSign } from "./envelope/sign";
import { envelopeUpdate } from "./envelope/update";
import { envelopeUpload } from "./envelope/upload";
import { oidcCallback } from "./auth/oidc/callback";
import { oidcStart } from "./auth/oidc/start";
import { passkeyDelete } from "./passkey/delete";
import { passkeyList } from "./passkey/list";
import { passkeyRegister } from "./passkey/register";
import { passkeyRegistrationOptions } from "./passkey/registration-options";
import { ssoAddDomain } from "./sso/add-domain";
import { ssoDelete } from "./sso/delete";
import { ssoDiscover } from "./sso/discover";
import { ssoGet } from "./sso/get";
import { ssoListDomains } from "./sso/list-domains";
import { ssoRemoveDomain } from "./sso/remove-domain";
import { ssoSave } from "./sso/save";
import { ssoVerifyDomain } from "./sso/verify-domain";
import { subscriptionGet } from "./subscription/get";
import { subscriptionPlans } from "./subscription/plans";
import { supportListMessages } from "./support/list-messages";
import { supportOperatorGet } from "./support/operator/get";
import { supportOperatorListConversations } from "./support/operator/list-conversations";
import { supportOperatorReply } from "./support/operator/reply";
import { supportSend } from "./support/send";
import { tagCreate } from "./tag/create";
import { tagDelete } from "./tag/delete";
import { tagList } from "./tag/list";
import { tagUpdate } from "./tag/update";
import { teamAcceptInvite } from "./team/accept-invite";
import { teamCreate } from "./team/create";
import { teamCreateRole } from "./team/create-role";
import { teamDeleteRole } from "./team/delete-role";
import { teamImportInvitations } from "./team/import-invitations";
import { teamInvite } from "./team/invite";
import { teamJoin } from "./team/join";
import { teamListInvitations } from "./team/list-invitations";
import { teamListMembers } from "./team/list-members";
import { teamListRoles } from "./team/list-roles";
import { teamMyInvitations } from "./team/my-invitations";
import { teamRemoveMember } from "./team/remove-member";
import { teamResendInvite } from "./team/resend-invite";
import { teamRevokeInvite } from "./team/revoke-invite";
import { teamUpdateMember } from "./team/update-member";
import { teamUpdateRole } from "./team/update-role";
import { teamViewInvite } from "./team/view-invite";
import { directLinkConfirm } from "./direct-link/confirm";
import { directLinkOpen } from "./direct-link/open";
import { directLinkSendCode } from "./direct-link/send-code";
import { templateActivate } from "./template/activate";
import { templateDirectLinkDisable } from "./template/direct-link-disable";
import { templateDirectLinkGet } from "./template/direct-link-get";
import { templateDirectLinkRotate } from "./template/direct-link-rotate";
import { templateDirectLinkSave } from "./template/direct-link-save";
import { templateArchive } from "./template/archive";
import { templateBulkSend } from "./template/bulk-send";
import { templateBulkSendStatus } from "./template/bulk-send-status";
import { templateCreate } from "./template/create";
import { templateCreateEnvelope } from "./template/create-envelope";
import { templateCreateFromEnvelope } from "./template/create-from-envelope";
import { templateDelete } from "./template/delete";
import { templateEnvelopeStatus } from "./template/envelope-status";
import { templateGet } from "./template/get";
import { templateList } from "./template/list";
import { templateListBulkSends } from "./template/list-bulk-sends";
import { templatePagePreview } from "./template/page-preview";
import { templateSaveFields } from "./template/save-fields";
import { templateSaveRecipients } from "./template/save-recipients";
import { templateSetTags } from "./template/set-tags";
import { templateUnarchive } from "./template/unarchive";
import { templateUpdate } from "./template/update";
import { usageExport } from "./usage/export";
import { usageList } from "./usage/list";
import { usageSeries } from "./usage/series";
import { userProfile } from "./user/profile";
import { userRemovePicture } from "./user/remove-picture";
import { userUpdateProfile } from "./user/update-profile";
import { userUploadPicture } from "./user/upload-picture";
import { webhookCreate } from "./webhook/create";
import { webhookDelete } from "./webhook/delete";
import { webhookDeliveries } from "./webhook/deliveries";
import { webhookList } from "./webhook/list";
import { webhookReplay } from "./webhook/replay";
import { webhookRotateSecret } from "./webhook/rotate-secret";
import { webhookUpdate } from "./webhook/update";
import { workspaceAddMember } from "./workspace/add-member";
import { workspaceCreate } from "./workspace/create";
import { workspaceDelete } from "./workspace/delete";
import { workspaceList } from "./workspace/list";
import { workspaceListMembers } from "./workspace/list-members";
import { workspaceMakeDefault } from "./workspace/make-default";
import { workspaceRemoveMember } from "./workspace/remove-member";
import { workspaceUpdate } from "./workspace/update";

/** A handler for each endpoint of the contract, under the contract's own names. */
export type RouteTable = {
  readonly [G in keyof Endpoints]: {
    readonly [N in keyof Endpoints[G]]: Endpoints[G][N] extends Endpoint
      ? EndpointHandler<Endpoints[G][N], Credential>
      : never;
  };
};

/**
 * Every endpoint of the contract, bound to its handler and the credential its caller needs
 * (`endpoint-handler.ts` says what each gives: `app`, `link`, `directLink`, `session`, `member`,
 * `memberOrKey`, `memberOrEmbed`, `memberKeyOrEmbed`).
 * A route module (`routes/<group>/<name>.ts`, named after the path) exports the handler; its row
 * here is all the registration there is. An endpoint without a row does not compile, and
 * `route-table.test.ts` fails on it, on a row bound to another endpoint's handler, and on a route
 * module's handler that no row binds.
 */
export const routeTable: RouteTable = {
  authentication: {
    requestCode: app(authenticationRequestCode),
    verifyCode: app(authenticationVerifyCode),
    passkeyOptions: app(authenticationPasskeyOptions),
    passkeyLogin: app(authenticationPasskeyLogin),
    listSessions: session(authenticationListSessions),
    terminateSessions: session(authenticationTerminateSessions),
  },
  user: {
    profile: session(userProfile),
    updateProfile: session(userUpdateProfile),
    uploadPicture: session(userUploadPicture),
    removePicture: session(userRemovePicture),
    deleteAccount: session(userDeleteAccount),
    requestDataExport: session(userRequestDataExport),
    dataExport: session(userDataExport),
    downloadDataExport: session(userDownloadDataExport),
  },
  envelope: {
    upload: member(envelopeUpload),
    list: member(envelopeList),
    get: memberOrEmbed(envelopeGet),
    update: memberOrEmbed(envelopeUpdate),
    saveRecipients: memberOrEmbed(envelopeSaveRecipients),
    saveFields: memberOrEmbed(envelopeSaveFields),
    send: memberOrEmbed(envelopeSend),
    cancel: member(envelopeCancel),
    retrySeal: member(envelopeRetrySeal),
    resendInvitation: member(envelopeResendInvitation),
    move: member(envelopeMove),
    delete: member(envelopeDelete),
    pagePreview: memberOrEmbed(envelopePagePreview),
    download: member(envelopeDownload),
    activity: member(envelopeActivity),
    listRequests: session(envelopeListRequests),
    dashboard: member(envelopeDashboard),
    setTags: member(envelopeSetTags),
    open: link(envelopeOpen),
    downloadSignerDocument: link(envelopeDownloadSignerDocument),
    markPageRead: link(envelopeMarkPageRead),
    sendVerificationCode: link(envelopeVerificationSend),
    checkVerificationCode: link(envelopeVerificationCheck),
    signerPasskeyOptions: link(envelopeVerificationPasskeyOptions),
    checkSignerPasskey: link(envelopeVerificationPasskeyCheck),
    qesAuthorize: link(envelopeQesAuthorize),
    qesCredentials: link(envelopeQesCredentials),
    sign: link(envelopeSign),
    decline: link(envelopeDecline),
    approve: link(envelopeApprove),
    reject: link(envelopeReject),
    markRead: link(envelopeMarkRead),
    delegate: link(envelopeDelegate),
    uploadAttachment: link(envelopeUploadAttachment),
    listAttachments: link(envelopeListAttachments),
    removeAttachment: link(envelopeRemoveAttachment),
    listEnvelopeAttachments: member(envelopeListEnvelopeAttachments),
    downloadAttachment: member(envelopeDownloadAttachment),
  },
  workspace: {
    list: member(workspaceList),
    create: member(workspaceCreate),
    update: member(workspaceUpdate),
    makeDefault: member(workspaceMakeDefault),
    delete: member(workspaceDelete),
    listMembers: member(workspaceListMembers),
    addMember: member(workspaceAddMember),
    removeMember: member(workspaceRemoveMember),
  },
  tag: {
    list: member(tagList),
    create: member(tagCreate),
    update: member(tagUpdate),
    delete: member(tagDelete),
  },
  contact: {
    lookup: member(contactLookup),
    list: member(contactList),
    get: member(contactGet),
    create: member(contactCreate),
    update: member(contactUpdate),
    delete: member(contactDelete),
    import: member(contactImport),
  },
  team: {
    create: session(teamCreate),
    listMembers: member(teamListMembers),
    invite: member(teamInvite),
    importInvitations: member(teamImportInvitations),
    updateMember: member(teamUpdateMember),
    removeMember: member(teamRemoveMember),
    listInvitations: member(teamListInvitations),
    resendInvite: member(teamResendInvite),
    revokeInvite: member(teamRevokeInvite),
    viewInvite: app(teamViewInvite),
    acceptInvite: app(teamAcceptInvite),
    myInvitations: session(teamMyInvitations),
    join: session(teamJoin),
    listRoles: member(teamListRoles),
    createRole: member(teamCreateRole),
    updateRole: member(teamUpdateRole),
    deleteRole: member(teamDeleteRole),
    delete: member(teamDelete),
  },
  template: {
    list: memberOrKey(templateList),
    getDirectLink: member(templateDirectLinkGet),
    saveDirectLink: member(templateDirectLinkSave),
    rotateDirectLink: member(templateDirectLinkRotate),
    disableDirectLink: member(templateDirectLinkDisable),
    get: memberKeyOrEmbed(templateGet),
    create: memberOrKey(templateCreate),
    update: memberKeyOrEmbed(templateUpdate),
    saveRecipients: memberKeyOrEmbed(templateSaveRecipients),
    saveFields: memberKeyOrEmbed(templateSaveFields),
    activate: memberOrKey(templateActivate),
    archive: memberOrKey(templateArchive),
    unarchive: memberOrKey(templateUnarchive),
    delete: memberOrKey(templateDelete),
    setTags: memberOrKey(templateSetTags),
    pagePreview: memberKeyOrEmbed(templatePagePreview),
    createFromEnvelope: member(templateCreateFromEnvelope),
    createEnvelope: memberOrKey(templateCreateEnvelope),
    envelopeStatus: memberOrKey(templateEnvelopeStatus),
    bulkSend: member(templateBulkSend),
    bulkSendStatus: member(templateBulkSendStatus),
    listBulkSends: member(templateListBulkSends),
  },
  passkey: {
    registrationOptions: session(passkeyRegistrationOptions),
    register: session(passkeyRegister),
    list: session(passkeyList),
    delete: session(passkeyDelete),
  },
  apiKey: {
    list: member(apiKeyList),
    create: member(apiKeyCreate),
    revoke: member(apiKeyRevoke),
  },
  mailText: {
    list: member(mailTextList),
    save: member(mailTextSave),
    reset: member(mailTextReset),
    preview: member(mailTextPreview),
  },
  branding: {
    get: member(brandingGet),
    save: member(brandingSave),
    uploadLogo: member(brandingUploadLogo),
    removeLogo: member(brandingRemoveLogo),
  },
  retention: {
    get: member(retentionGet),
    save: member(retentionSave),
  },
  mailSender: {
    get: member(mailSenderGet),
    save: member(mailSenderSave),
    test: member(mailSenderTest),
  },
  embedding: {
    get: member(embeddingGet),
    save: member(embeddingSave),
  },
  embed: {
    createToken: memberOrKey(embedCreateToken),
  },
  sso: {
    get: member(ssoGet),
    save: member(ssoSave),
    discover: member(ssoDiscover),
    delete: member(ssoDelete),
    listDomains: member(ssoListDomains),
    addDomain: member(ssoAddDomain),
    verifyDomain: member(ssoVerifyDomain),
    removeDomain: member(ssoRemoveDomain),
  },
  oidc: {
    start: app(oidcStart),
    callback: app(oidcCallback),
  },
  webhook: {
    list: member(webhookList),
    create: member(webhookCreate),
    update: member(webhookUpdate),
    rotateSecret: member(webhookRotateSecret),
    delete: member(webhookDelete),
    deliveries: member(webhookDeliveries),
    replay: member(webhookReplay),
  },
  support: {
    listMessages: member(supportListMessages),
    send: member(supportSend),
    operatorListConversations: session(supportOperatorListConversations),
    operatorGet: session(supportOperatorGet),
    operatorReply: session(supportOperatorReply),
  },
  subscription: {
    get: member(subscriptionGet),
    plans: member(subscriptionPlans),
  },
  usage: {
    list: member(usageList),
    series: member(usageSeries),
    export: member(usageExport),
  },
  directLink: {
    open: directLink(directLinkOpen),
    sendCode: directLink(directLinkSendCode),
    confirm: directLink(directLinkConfirm),
  },
};
