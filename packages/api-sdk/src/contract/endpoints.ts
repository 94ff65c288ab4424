import { endpoint, type Endpoint } from "./endpoint";
import { signerEndpoints } from "./signer-endpoints";
import {
  downloadAttachmentRequestSchema,
  listEnvelopeAttachmentsRequestSchema,
  listEnvelopeAttachmentsResponseSchema,
} from "./attachment";
import {
  createApiKeyRequestSchema,
  createApiKeyResponseSchema,
  listApiKeysRequestSchema,
  listApiKeysResponseSchema,
  revokeApiKeyRequestSchema,
  revokeApiKeyResponseSchema,
} from "./api-key";
import {
  brandingResponseSchema,
  getBrandingRequestSchema,
  removeBrandLogoRequestSchema,
  saveBrandingRequestSchema,
  uploadBrandLogoRequestSchema,
} from "./branding";
import {
  listMailTextsRequestSchema,
  listMailTextsResponseSchema,
  mailTextResponseSchema,
  previewMailTextRequestSchema,
  previewMailTextResponseSchema,
  resetMailTextRequestSchema,
  saveMailTextRequestSchema,
} from "./mail-text";
import {
  getRetentionRequestSchema,
  retentionResponseSchema,
  saveRetentionRequestSchema,
} from "./retention";
import {
  getMailSenderRequestSchema,
  mailSenderResponseSchema,
  saveMailSenderRequestSchema,
  testMailSenderRequestSchema,
  testMailSenderResponseSchema,
} from "./mail-sender";
import {
  deleteAccountRequestSchema,
  deleteAccountResponseSchema,
  deleteTeamRequestSchema,
  deleteTeamResponseSchema,
} from "./erasure";
import {
  dataExportResponseSchema,
  downloadDataExportRequestSchema,
  downloadDataExportResponseSchema,
  getDataExportRequestSchema,
  requestDataExportRequestSchema,
} from "./data-export";
import {
  embeddingResponseSchema,
  getEmbeddingRequestSchema,
  saveEmbeddingRequestSchema,
} from "./embedding";
import { createEmbedTokenRequestSchema, createEmbedTokenResponseSchema } from "./embed-token";
import {
  disableDirectLinkRequestSchema,
  disableDirectLinkResponseSchema,
  getDirectLinkRequestSchema,
  getDirectLinkResponseSchema,
  rotateDirectLinkRequestSchema,
  rotateDirectLinkResponseSchema,
  saveDirectLinkRequestSchema,
  saveDirectLinkResponseSchema,
} from "./direct-link";
import {
  bulkSendRequestSchema,
  bulkSendStatusRequestSchema,
  bulkSendStatusResponseSchema,
  bulkSendSummarySchema,
  listBulkSendsRequestSchema,
  listBulkSendsResponseSchema,
} from "./bulk-send";
import {
  contactSchema,
  createContactRequestSchema,
  deleteContactRequestSchema,
  deleteContactResponseSchema,
  getContactRequestSchema,
  importContactsRequestSchema,
  importContactsResponseSchema,
  listContactsRequestSchema,
  listContactsResponseSchema,
  updateContactRequestSchema,
} from "./contact";
import {
  activityResponseSchema,
  binaryFileSchema,
  cancelEnvelopeRequestSchema,
  resendInvitationRequestSchema,
  dashboardRequestSchema,
  dashboardResponseSchema,
  deleteEnvelopeRequestSchema,
  deleteEnvelopeResponseSchema,
  downloadEnvelopeRequestSchema,
  envelopeDetailSchema,
  envelopeRefSchema,
  getEnvelopeRequestSchema,
  listEnvelopesRequestSchema,
  listEnvelopesResponseSchema,
  listRequestsRequestSchema,
  listRequestsResponseSchema,
  listWorkspacesRequestSchema,
  listWorkspacesResponseSchema,
  lookupContactRequestSchema,
  lookupContactResponseSchema,
  moveEnvelopeRequestSchema,
  pagePreviewRequestSchema,
  retrySealRequestSchema,
  saveFieldsRequestSchema,
  saveRecipientsRequestSchema,
  sendEnvelopeRequestSchema,
  updateEnvelopeRequestSchema,
  uploadEnvelopeRequestSchema,
} from "./envelope";
import {
  createRoleRequestSchema,
  deleteRoleRequestSchema,
  deleteRoleResponseSchema,
  listRolesRequestSchema,
  listRolesResponseSchema,
  roleSchema,
  updateRoleRequestSchema,
} from "./role";
import {
  createTeamRequestSchema,
  deletePasskeyRequestSchema,
  deletePasskeyResponseSchema,
  listPasskeysRequestSchema,
  listPasskeysResponseSchema,
  listSessionsRequestSchema,
  listSessionsResponseSchema,
  loginResponseSchema,
  passkeyInfoSchema,
  passkeyLoginOptionsRequestSchema,
  passkeyLoginOptionsResponseSchema,
  passkeyLoginRequestSchema,
  passkeyRegistrationOptionsRequestSchema,
  passkeyRegistrationOptionsResponseSchema,
  registerPasskeyRequestSchema,
  removePictureRequestSchema,
  removePictureResponseSchema,
  requestCodeRequestSchema,
  requestCodeResponseSchema,
  terminateSessionsRequestSchema,
  terminateSessionsResponseSchema,
  updateProfileRequestSchema,
  uploadPictureRequestSchema,
  uploadPictureResponseSchema,
  userProfileRequestSchema,
  userProfileSchema,
  verifyCodeRequestSchema,
} from "./identity";
import {
  acceptInviteRequestSchema,
  acceptInviteResponseSchema,
  inviteMemberRequestSchema,
  inviteMemberResponseSchema,
  joinTeamRequestSchema,
  joinTeamResponseSchema,
  listInvitationsRequestSchema,
  listInvitationsResponseSchema,
  listMembersRequestSchema,
  listMembersResponseSchema,
  myInvitationsRequestSchema,
  myInvitationsResponseSchema,
  removeMemberRequestSchema,
  removeMemberResponseSchema,
  resendInviteRequestSchema,
  resendInviteResponseSchema,
  revokeInviteRequestSchema,
  revokeInviteResponseSchema,
  updateMemberRequestSchema,
  updateMemberResponseSchema,
  viewInviteRequestSchema,
  viewInviteResponseSchema,
} from "./members";
import { importInvitationsRequestSchema, importInvitationsResponseSchema } from "./members-import";
import {
  deleteSsoRequestSchema,
  deleteSsoResponseSchema,
  discoverSsoRequestSchema,
  discoverSsoResponseSchema,
  getSsoRequestSchema,
  getSsoResponseSchema,
  addSsoDomainRequestSchema,
  listSsoDomainsRequestSchema,
  listSsoDomainsResponseSchema,
  removeSsoDomainRequestSchema,
  removeSsoDomainResponseSchema,
  ssoDomainResponseSchema,
  verifySsoDomainRequestSchema,
  oidcCallbackRequestSchema,
  oidcCallbackResponseSchema,
  oidcStartRequestSchema,
  oidcStartResponseSchema,
  saveSsoRequestSchema,
  saveSsoResponseSchema,
} from "./sso";
import {
  createTagRequestSchema,
  deleteTagRequestSchema,
  deleteTagResponseSchema,
  listTagsRequestSchema,
  listTagsResponseSchema,
  setEnvelopeTagsRequestSchema,
  tagResponseSchema,
  updateTagRequestSchema,
} from "./tag";
import {
  getSupportConversationRequestSchema,
  listSupportConversationsRequestSchema,
  listSupportConversationsResponseSchema,
  listSupportMessagesRequestSchema,
  listSupportMessagesResponseSchema,
  replySupportRequestSchema,
  sendSupportMessageRequestSchema,
  supportConversationDetailSchema,
  supportMessageResponseSchema,
} from "./support";
import {
  getSubscriptionRequestSchema,
  getSubscriptionResponseSchema,
  listPlansRequestSchema,
  listPlansResponseSchema,
} from "./subscription";
import {
  exportUsageRequestSchema,
  exportUsageResponseSchema,
  listUsageRequestSchema,
  listUsageResponseSchema,
  usageSeriesRequestSchema,
  usageSeriesResponseSchema,
} from "./usage";
import {
  activateTemplateRequestSchema,
  archiveTemplateRequestSchema,
  createEnvelopeFromTemplateRequestSchema,
  createTemplateFromEnvelopeRequestSchema,
  createTemplateRequestSchema,
  deleteTemplateRequestSchema,
  deleteTemplateResponseSchema,
  getTemplateRequestSchema,
  listTemplatesRequestSchema,
  listTemplatesResponseSchema,
  saveTemplateFieldsRequestSchema,
  saveTemplateRolesRequestSchema,
  setTemplateTagsRequestSchema,
  templateDetailSchema,
  templateEnvelopeStatusRequestSchema,
  templatePagePreviewRequestSchema,
  templatePagePreviewResponseSchema,
  unarchiveTemplateRequestSchema,
  updateTemplateRequestSchema,
} from "./template";
import {
  addWorkspaceMemberRequestSchema,
  createWorkspaceRequestSchema,
  deleteWorkspaceRequestSchema,
  deleteWorkspaceResponseSchema,
  listWorkspaceMembersRequestSchema,
  makeDefaultWorkspaceRequestSchema,
  removeWorkspaceMemberRequestSchema,
  updateWorkspaceRequestSchema,
  workspaceMembersResponseSchema,
  workspaceResponseSchema,
} from "./workspace";
import {
  createWebhookRequestSchema,
  deleteWebhookRequestSchema,
  deleteWebhookResponseSchema,
  listWebhookDeliveriesRequestSchema,
  listWebhookDeliveriesResponseSchema,
  listWebhooksRequestSchema,
  listWebhooksResponseSchema,
  replayWebhookDeliveryRequestSchema,
  replayWebhookDeliveryResponseSchema,
  rotateWebhookSecretRequestSchema,
  updateWebhookRequestSchema,
  webhookResponseSchema,
  webhookWithSecretResponseSchema,
} from "./webhook";

/**
 * Every call of the api, by name. The api registers a route per entry (validating with `request`),
 * and `createApiClient` offers a typed method per entry (checking the answer with `response`).
 */
export const endpoints = {
  authentication: {
    requestCode: endpoint(
      "/authentication/request-code",
      requestCodeRequestSchema,
      requestCodeResponseSchema,
    ),
    verifyCode: endpoint(
      "/authentication/verify-code",
      verifyCodeRequestSchema,
      loginResponseSchema,
    ),
    passkeyOptions: endpoint(
      "/authentication/passkey-options",
      passkeyLoginOptionsRequestSchema,
      passkeyLoginOptionsResponseSchema,
    ),
    passkeyLogin: endpoint(
      "/authentication/passkey-login",
      passkeyLoginRequestSchema,
      loginResponseSchema,
    ),
    listSessions: endpoint(
      "/authentication/list-sessions",
      listSessionsRequestSchema,
      listSessionsResponseSchema,
    ),
    terminateSessions: endpoint(
      "/authentication/terminate-sessions",
      terminateSessionsRequestSchema,
      terminateSessionsResponseSchema,
    ),
  },
  user: {
    profile: endpoint("/user/profile", userProfileRequestSchema, userProfileSchema),
    updateProfile: endpoint("/user/update-profile", updateProfileRequestSchema, userProfileSchema),
    uploadPicture: endpoint(
      "/user/upload-picture",
      uploadPictureRequestSchema,
      uploadPictureResponseSchema,
    ),
    removePicture: endpoint(
      "/user/remove-picture",
      removePictureRequestSchema,
      removePictureResponseSchema,
    ),
    deleteAccount: endpoint(
      "/user/delete-account",
      deleteAccountRequestSchema,
      deleteAccountResponseSchema,
    ),
    requestDataExport: endpoint(
      "/user/request-data-export",
      requestDataExportRequestSchema,
      dataExportResponseSchema,
    ),
    dataExport: endpoint("/user/data-export", getDataExportRequestSchema, dataExportResponseSchema),
    downloadDataExport: endpoint(
      "/user/download-data-export",
      downloadDataExportRequestSchema,
      downloadDataExportResponseSchema,
    ),
  },
  envelope: {
    upload: endpoint("/envelope/upload", uploadEnvelopeRequestSchema, envelopeDetailSchema),
    list: endpoint("/envelope/list", listEnvelopesRequestSchema, listEnvelopesResponseSchema),
    get: endpoint("/envelope/get", getEnvelopeRequestSchema, envelopeDetailSchema),
    update: endpoint("/envelope/update", updateEnvelopeRequestSchema, envelopeDetailSchema),
    saveRecipients: endpoint(
      "/envelope/save-recipients",
      saveRecipientsRequestSchema,
      envelopeDetailSchema,
    ),
    saveFields: endpoint("/envelope/save-fields", saveFieldsRequestSchema, envelopeDetailSchema),
    send: endpoint("/envelope/send", sendEnvelopeRequestSchema, envelopeDetailSchema),
    cancel: endpoint("/envelope/cancel", cancelEnvelopeRequestSchema, envelopeDetailSchema),
    retrySeal: endpoint("/envelope/retry-seal", retrySealRequestSchema, envelopeDetailSchema),
    resendInvitation: endpoint(
      "/envelope/resend-invitation",
      resendInvitationRequestSchema,
      envelopeDetailSchema,
    ),
    move: endpoint("/envelope/move", moveEnvelopeRequestSchema, envelopeDetailSchema),
    delete: endpoint("/envelope/delete", deleteEnvelopeRequestSchema, deleteEnvelopeResponseSchema),
    pagePreview: endpoint("/envelope/page-preview", pagePreviewRequestSchema, binaryFileSchema),
    download: endpoint("/envelope/download", downloadEnvelopeRequestSchema, binaryFileSchema),
    activity: endpoint("/envelope/activity", envelopeRefSchema, activityResponseSchema),
    listRequests: endpoint(
      "/envelope/list-requests",
      listRequestsRequestSchema,
      listRequestsResponseSchema,
    ),
    dashboard: endpoint("/envelope/dashboard", dashboardRequestSchema, dashboardResponseSchema),
    setTags: endpoint("/envelope/set-tags", setEnvelopeTagsRequestSchema, envelopeDetailSchema),
    // Public calls of the signing link (app-level credential; authorised by the link).
    ...signerEndpoints.envelope,
    listEnvelopeAttachments: endpoint(
      "/envelope/list-envelope-attachments",
      listEnvelopeAttachmentsRequestSchema,
      listEnvelopeAttachmentsResponseSchema,
    ),
    downloadAttachment: endpoint(
      "/envelope/download-attachment",
      downloadAttachmentRequestSchema,
      binaryFileSchema,
    ),
  },
  workspace: {
    list: endpoint("/workspace/list", listWorkspacesRequestSchema, listWorkspacesResponseSchema),
    create: endpoint("/workspace/create", createWorkspaceRequestSchema, workspaceResponseSchema),
    update: endpoint("/workspace/update", updateWorkspaceRequestSchema, workspaceResponseSchema),
    makeDefault: endpoint(
      "/workspace/make-default",
      makeDefaultWorkspaceRequestSchema,
      workspaceResponseSchema,
    ),
    delete: endpoint(
      "/workspace/delete",
      deleteWorkspaceRequestSchema,
      deleteWorkspaceResponseSchema,
    ),
    listMembers: endpoint(
      "/workspace/list-members",
      listWorkspaceMembersRequestSchema,
      workspaceMembersResponseSchema,
    ),
    addMember: endpoint(
      "/workspace/add-member",
      addWorkspaceMemberRequestSchema,
      workspaceMembersResponseSchema,
    ),
    removeMember: endpoint(
      "/workspace/remove-member",
      removeWorkspaceMemberRequestSchema,
      workspaceMembersResponseSchema,
    ),
  },
  tag: {
    list: endpoint("/tag/list", listTagsRequestSchema, listTagsResponseSchema),
    create: endpoint("/tag/create", createTagRequestSchema, tagResponseSchema),
    update: endpoint("/tag/update", updateTagRequestSchema, tagResponseSchema),
    delete: endpoint("/tag/delete", deleteTagRequestSchema, deleteTagResponseSchema),
  },
  contact: {
    lookup: endpoint("/contact/lookup", lookupContactRequestSchema, lookupContactResponseSchema),
    list: endpoint("/contact/list", listContactsRequestSchema, listContactsResponseSchema),
    get: endpoint("/contact/get", getContactRequestSchema, contactSchema),
    create: endpoint("/contact/create", createContactRequestSchema, contactSchema),
    update: endpoint("/contact/update", updateContactRequestSchema, contactSchema),
    delete: endpoint("/contact/delete", deleteContactRequestSchema, deleteContactResponseSchema),
    import: endpoint("/contact/import", importContactsRequestSchema, importContactsResponseSchema),
  },
  team: {
    create: endpoint("/team/create", createTeamRequestSchema, userProfileSchema),
    listMembers: endpoint(
      "/team/list-members",
      listMembersRequestSchema,
      listMembersResponseSchema,
    ),
    invite: endpoint("/team/invite", inviteMemberRequestSchema, inviteMemberResponseSchema),
    importInvitations: endpoint(
      "/team/import-invitations",
      importInvitationsRequestSchema,
      importInvitationsResponseSchema,
    ),
    updateMember: endpoint(
      "/team/update-member",
      updateMemberRequestSchema,
      updateMemberResponseSchema,
    ),
    removeMember: endpoint(
      "/team/remove-member",
      removeMemberRequestSchema,
      removeMemberResponseSchema,
    ),
    listInvitations: endpoint(
      "/team/list-invitations",
      listInvitationsRequestSchema,
      listInvitationsResponseSchema,
    ),
    resendInvite: endpoint(
      "/team/resend-invite",
      resendInviteRequestSchema,
      resendInviteResponseSchema,
    ),
    revokeInvite: endpoint(
      "/team/revoke-invite",
      revokeInviteRequestSchema,
      revokeInviteResponseSchema,
    ),
    viewInvite: endpoint("/team/view-invite", viewInviteRequestSchema, viewInviteResponseSchema),
    acceptInvite: endpoint(
      "/team/accept-invite",
      acceptInviteRequestSchema,
      acceptInviteResponseSchema,
    ),
    myInvitations: endpoint(
      "/team/my-invitations",
      myInvitationsRequestSchema,
      myInvitationsResponseSchema,
    ),
    join: endpoint("/team/join", joinTeamRequestSchema, joinTeamResponseSchema),
    listRoles: endpoint("/team/list-roles", listRolesRequestSchema, listRolesResponseSchema),
    createRole: endpoint("/team/create-role", createRoleRequestSchema, roleSchema),
    updateRole: endpoint("/team/update-role", updateRoleRequestSchema, roleSchema),
    deleteRole: endpoint("/team/delete-role", deleteRoleRequestSchema, deleteRoleResponseSchema),
    delete: endpoint("/team/delete", deleteTeamRequestSchema, deleteTeamResponseSchema),
  },
  template: {
    list: endpoint("/template/list", listTemplatesRequestSchema, listTemplatesResponseSchema),
    getDirectLink: endpoint(
      "/template/direct-link/get",
      getDirectLinkRequestSchema,
      getDirectLinkResponseSchema,
    ),
    saveDirectLink: endpoint(
      "/template/direct-link/save",
      saveDirectLinkRequestSchema,
      saveDirectLinkResponseSchema,
    ),
    rotateDirectLink: endpoint(
      "/template/direct-link/rotate",
      rotateDirectLinkRequestSchema,
      rotateDirectLinkResponseSchema,
    ),
    disableDirectLink: endpoint(
      "/template/direct-link/disable",
      disableDirectLinkRequestSchema,
      disableDirectLinkResponseSchema,
    ),
    get: endpoint("/template/get", getTemplateRequestSchema, templateDetailSchema),
    create: endpoint("/template/create", createTemplateRequestSchema, templateDetailSchema),
    update: endpoint("/template/update", updateTemplateRequestSchema, templateDetailSchema),
    saveRecipients: endpoint(
      "/template/save-recipients",
      saveTemplateRolesRequestSchema,
      templateDetailSchema,
    ),
    saveFields: endpoint(
      "/template/save-fields",
      saveTemplateFieldsRequestSchema,
      templateDetailSchema,
    ),
    activate: endpoint("/template/activate", activateTemplateRequestSchema, templateDetailSchema),
    archive: endpoint("/template/archive", archiveTemplateRequestSchema, templateDetailSchema),
    unarchive: endpoint(
      "/template/unarchive",
      unarchiveTemplateRequestSchema,
      templateDetailSchema,
    ),
    delete: endpoint("/template/delete", deleteTemplateRequestSchema, deleteTemplateResponseSchema),
    setTags: endpoint("/template/set-tags", setTemplateTagsRequestSchema, templateDetailSchema),
    pagePreview: endpoint(
      "/template/page-preview",
      templatePagePreviewRequestSchema,
      templatePagePreviewResponseSchema,
    ),
    createFromEnvelope: endpoint(
      "/template/create-from-envelope",
      createTemplateFromEnvelopeRequestSchema,
      templateDetailSchema,
    ),
    createEnvelope: endpoint(
      "/template/create-envelope",
      createEnvelopeFromTemplateRequestSchema,
      envelopeDetailSchema,
    ),
    envelopeStatus: endpoint(
      "/template/envelope-status",
      templateEnvelopeStatusRequestSchema,
      envelopeDetailSchema,
    ),
    bulkSend: endpoint("/template/bulk-send", bulkSendRequestSchema, bulkSendSummarySchema),
    bulkSendStatus: endpoint(
      "/template/bulk-send-status",
      bulkSendStatusRequestSchema,
      bulkSendStatusResponseSchema,
    ),
    listBulkSends: endpoint(
      "/template/list-bulk-sends",
      listBulkSendsRequestSchema,
      listBulkSendsResponseSchema,
    ),
  },
  passkey: {
    registrationOptions: endpoint(
      "/passkey/registration-options",
      passkeyRegistrationOptionsRequestSchema,
      passkeyRegistrationOptionsResponseSchema,
    ),
    register: endpoint("/passkey/register", registerPasskeyRequestSchema, passkeyInfoSchema),
    list: endpoint("/passkey/list", listPasskeysRequestSchema, listPasskeysResponseSchema),
    delete: endpoint("/passkey/delete", deletePasskeyRequestSchema, deletePasskeyResponseSchema),
  },
  // The team's branding: what signers see of it (session credential, update Team's branding).
  branding: {
    get: endpoint("/branding/get", getBrandingRequestSchema, brandingResponseSchema),
    save: endpoint("/branding/save", saveBrandingRequestSchema, brandingResponseSchema),
    uploadLogo: endpoint(
      "/branding/upload-logo",
      uploadBrandLogoRequestSchema,
      brandingResponseSchema,
    ),
    removeLogo: endpoint(
      "/branding/remove-logo",
      removeBrandLogoRequestSchema,
      brandingResponseSchema,
    ),
  },
  // The team's editable messages (session credential, update Team's branding).
  mailText: {
    list: endpoint("/mail-text/list", listMailTextsRequestSchema, listMailTextsResponseSchema),
    save: endpoint("/mail-text/save", saveMailTextRequestSchema, mailTextResponseSchema),
    reset: endpoint("/mail-text/reset", resetMailTextRequestSchema, mailTextResponseSchema),
    preview: endpoint(
      "/mail-text/preview",
      previewMailTextRequestSchema,
      previewMailTextResponseSchema,
    ),
  },
  // Single sign-on: the team's configuration (session credential, update Team).
  apiKey: {
    list: endpoint("/api-key/list", listApiKeysRequestSchema, listApiKeysResponseSchema),
    create: endpoint("/api-key/create", createApiKeyRequestSchema, createApiKeyResponseSchema),
    revoke: endpoint("/api-key/revoke", revokeApiKeyRequestSchema, revokeApiKeyResponseSchema),
  },
  // The team's retention policy (session credential, the team's Owners only).
  retention: {
    get: endpoint("/retention/get", getRetentionRequestSchema, retentionResponseSchema),
    save: endpoint("/retention/save", saveRetentionRequestSchema, retentionResponseSchema),
  },
  // The team's mail sender (session credential, update Team's mailSender: Owner, Admin).
  mailSender: {
    get: endpoint("/mail-sender/get", getMailSenderRequestSchema, mailSenderResponseSchema),
    save: endpoint("/mail-sender/save", saveMailSenderRequestSchema, mailSenderResponseSchema),
    test: endpoint("/mail-sender/test", testMailSenderRequestSchema, testMailSenderResponseSchema),
  },
  // The origins that may frame the team's signing pages (session credential, update Team's
  // embedding: Owner, Admin).
  embedding: {
    get: endpoint("/embedding/get", getEmbeddingRequestSchema, embeddingResponseSchema),
    save: endpoint("/embedding/save", saveEmbeddingRequestSchema, embeddingResponseSchema),
  },
  // Embedded preparing: a short-lived token for one draft or template (a team API key, or a member
  // who may update that document).
  embed: {
    createToken: endpoint(
      "/embed/create-token",
      createEmbedTokenRequestSchema,
      createEmbedTokenResponseSchema,
    ),
  },
  sso: {
    get: endpoint("/sso/get", getSsoRequestSchema, getSsoResponseSchema),
    save: endpoint("/sso/save", saveSsoRequestSchema, saveSsoResponseSchema),
    discover: endpoint("/sso/discover", discoverSsoRequestSchema, discoverSsoResponseSchema),
    delete: endpoint("/sso/delete", deleteSsoRequestSchema, deleteSsoResponseSchema),
    listDomains: endpoint(
      "/sso/list-domains",
      listSsoDomainsRequestSchema,
      listSsoDomainsResponseSchema,
    ),
    addDomain: endpoint("/sso/add-domain", addSsoDomainRequestSchema, ssoDomainResponseSchema),
    verifyDomain: endpoint(
      "/sso/verify-domain",
      verifySsoDomainRequestSchema,
      ssoDomainResponseSchema,
    ),
    removeDomain: endpoint(
      "/sso/remove-domain",
      removeSsoDomainRequestSchema,
      removeSsoDomainResponseSchema,
    ),
  },
  // The single sign-on login (app-level credential, like the other sign-in calls).
  oidc: {
    start: endpoint("/auth/oidc/start", oidcStartRequestSchema, oidcStartResponseSchema),
    callback: endpoint(
      "/auth/oidc/callback",
      oidcCallbackRequestSchema,
      oidcCallbackResponseSchema,
    ),
  },
  // Webhooks: the team's endpoints and their delivery log (session credential, update Team).
  webhook: {
    list: endpoint("/webhook/list", listWebhooksRequestSchema, listWebhooksResponseSchema),
    create: endpoint(
      "/webhook/create",
      createWebhookRequestSchema,
      webhookWithSecretResponseSchema,
    ),
    update: endpoint("/webhook/update", updateWebhookRequestSchema, webhookResponseSchema),
    rotateSecret: endpoint(
      "/webhook/rotate-secret",
      rotateWebhookSecretRequestSchema,
      webhookWithSecretResponseSchema,
    ),
    delete: endpoint("/webhook/delete", deleteWebhookRequestSchema, deleteWebhookResponseSchema),
    deliveries: endpoint(
      "/webhook/deliveries",
      listWebhookDeliveriesRequestSchema,
      listWebhookDeliveriesResponseSchema,
    ),
    replay: endpoint(
      "/webhook/replay",
      replayWebhookDeliveryRequestSchema,
      replayWebhookDeliveryResponseSchema,
    ),
  },
  // Support: the caller's conversation (session credential), and the operators' calls.
  support: {
    listMessages: endpoint(
      "/support/list-messages",
      listSupportMessagesRequestSchema,
      listSupportMessagesResponseSchema,
    ),
    send: endpoint("/support/send", sendSupportMessageRequestSchema, supportMessageResponseSchema),
    operatorListConversations: endpoint(
      "/support/operator/list-conversations",
      listSupportConversationsRequestSchema,
      listSupportConversationsResponseSchema,
    ),
    operatorGet: endpoint(
      "/support/operator/get",
      getSupportConversationRequestSchema,
      supportConversationDetailSchema,
    ),
    operatorReply: endpoint(
      "/support/operator/reply",
      replySupportRequestSchema,
      supportMessageResponseSchema,
    ),
  },
  // Subscription: the team's plan and use, the offered plans (session credential, read Team).
  subscription: {
    get: endpoint("/subscription/get", getSubscriptionRequestSchema, getSubscriptionResponseSchema),
    plans: endpoint("/subscription/plans", listPlansRequestSchema, listPlansResponseSchema),
  },
  // Usage: the team's usage log, its series per day, week or month, its export (read Team).
  usage: {
    list: endpoint("/usage/list", listUsageRequestSchema, listUsageResponseSchema),
    series: endpoint("/usage/series", usageSeriesRequestSchema, usageSeriesResponseSchema),
    export: endpoint("/usage/export", exportUsageRequestSchema, exportUsageResponseSchema),
  },
  // A template's direct link, its visitor's public calls (app credential; authorised by the link).
  directLink: signerEndpoints.directLink,
} as const;

export type Endpoints = typeof endpoints;
export type { Endpoint };
