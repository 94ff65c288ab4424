import {
  apiKeyDeps,
  billingDeps,
  contactDeps,
  envelopeDeps,
  identityDeps,
  membersDeps,
  roleDeps,
  ssoDeps,
  webhookDeps,
  supportDeps,
  workspaceDeps,
  type AppDeps,
} from "../deps";
import type { AppRouter } from "../http/context";
import { registerApiKeyCreate } from "./api-key/create";
import { registerSubscriptionGet } from "./subscription/get";
import { registerSubscriptionPlans } from "./subscription/plans";
import { registerUsageExport } from "./usage/export";
import { registerUsageList } from "./usage/list";
import { registerUsageSeries } from "./usage/series";
import { registerApiKeyList } from "./api-key/list";
import { registerApiKeyRevoke } from "./api-key/revoke";
import { registerContactCreate } from "./contact/create";
import { registerContactDelete } from "./contact/delete";
import { registerContactGet } from "./contact/get";
import { registerContactImport } from "./contact/import";
import { registerContactList } from "./contact/list";
import { registerContactLookup } from "./contact/lookup";
import { registerContactUpdate } from "./contact/update";
import { registerEnvelopeActivity } from "./envelope/activity";
import { registerEnvelopeApprove } from "./envelope/approve";
import { registerEnvelopeCancel } from "./envelope/cancel";
import { registerEnvelopeRetrySeal } from "./envelope/retry-seal";
import { registerEnvelopeResendInvitation } from "./envelope/resend-invitation";
import { registerEnvelopeDashboard } from "./envelope/dashboard";
import { registerEnvelopeDecline } from "./envelope/decline";
import { registerEnvelopeDelete } from "./envelope/delete";
import { registerEnvelopeDownload } from "./envelope/download";
import { registerEnvelopeDownloadSignerDocument } from "./envelope/download-signer-document";
import { registerEnvelopeMarkPageRead } from "./envelope/mark-page-read";
import { registerEnvelopeGet } from "./envelope/get";
import { registerEnvelopeList } from "./envelope/list";
import { registerEnvelopeListRequests } from "./envelope/list-requests";
import { registerEnvelopeMove } from "./envelope/move";
import { registerEnvelopeOpen } from "./envelope/open";
import { registerEnvelopePagePreview } from "./envelope/page-preview";
import { registerEnvelopeSaveFields } from "./envelope/save-fields";
import { registerEnvelopeSaveRecipients } from "./envelope/save-recipients";
import { registerEnvelopeReject } from "./envelope/reject";
import { registerEnvelopeSend } from "./envelope/send";
import { registerEnvelopeSign } from "./envelope/sign";
import { registerEnvelopeUpdate } from "./envelope/update";
import { registerEnvelopeUpload } from "./envelope/upload";
import { registerWorkspaceList } from "./workspace/list";
import { registerEnvelopeSetTags } from "./envelope/set-tags";
import { registerTagCreate } from "./tag/create";
import { registerTagDelete } from "./tag/delete";
import { registerTagList } from "./tag/list";
import { registerTagUpdate } from "./tag/update";
import { registerWorkspaceAddMember } from "./workspace/add-member";
import { registerWorkspaceCreate } from "./workspace/create";
import { registerWorkspaceDelete } from "./workspace/delete";
import { registerWorkspaceListMembers } from "./workspace/list-members";
import { registerWorkspaceMakeDefault } from "./workspace/make-default";
import { registerWorkspaceRemoveMember } from "./workspace/remove-member";
import { registerWorkspaceUpdate } from "./workspace/update";
import { registerListSessions } from "./authentication/list-sessions";
import { registerPasskeyLogin } from "./authentication/passkey-login";
import { registerPasskeyOptions } from "./authentication/passkey-options";
import { registerRequestCode } from "./authentication/request-code";
import { registerTerminateSessions } from "./authentication/terminate-sessions";
import { registerVerifyCode } from "./authentication/verify-code";
import { registerPasskeyDelete } from "./passkey/delete";
import { registerPasskeyList } from "./passkey/list";
import { registerPasskeyRegister } from "./passkey/register";
import { registerPasskeyRegistrationOptions } from "./passkey/registration-options";
import { registerRoleCreate } from "./team/create-role";
import { registerRoleDelete } from "./team/delete-role";
import { registerRoleList } from "./team/list-roles";
import { registerRoleUpdate } from "./team/update-role";
import { registerCreateTeam } from "./team/create";
import { registerTeamAcceptInvite } from "./team/accept-invite";
import { registerTeamImportInvitations } from "./team/import-invitations";
import { registerTeamInvite } from "./team/invite";
import { registerTeamJoin } from "./team/join";
import { registerTeamListInvitations } from "./team/list-invitations";
import { registerTeamListMembers } from "./team/list-members";
import { registerTeamMyInvitations } from "./team/my-invitations";
import { registerTeamRemoveMember } from "./team/remove-member";
import { registerTeamResendInvite } from "./team/resend-invite";
import { registerTeamRevokeInvite } from "./team/revoke-invite";
import { registerTeamUpdateMember } from "./team/update-member";
import { registerTeamViewInvite } from "./team/view-invite";
import { registerTemplateList } from "./template/list";
import { registerTemplateGet } from "./template/get";
import { registerTemplateCreate } from "./template/create";
import { registerTemplateUpdate } from "./template/update";
import { registerTemplateSaveRecipients } from "./template/save-recipients";
import { registerTemplateSaveFields } from "./template/save-fields";
import { registerTemplateActivate } from "./template/activate";
import { registerTemplateArchive } from "./template/archive";
import { registerTemplateUnarchive } from "./template/unarchive";
import { registerTemplateDelete } from "./template/delete";
import { registerTemplateSetTags } from "./template/set-tags";
import { registerTemplatePagePreview } from "./template/page-preview";
import { registerTemplateCreateFromEnvelope } from "./template/create-from-envelope";
import { registerTemplateCreateEnvelope } from "./template/create-envelope";
import { registerTemplateEnvelopeStatus } from "./template/envelope-status";
import { registerTemplateBulkSend } from "./template/bulk-send";
import { registerTemplateBulkSendStatus } from "./template/bulk-send-status";
import { registerTemplateListBulkSends } from "./template/list-bulk-sends";
import { registerOidcCallback } from "./auth/oidc/callback";
import { registerOidcStart } from "./auth/oidc/start";
import { registerSsoDelete } from "./sso/delete";
import { registerSsoDiscover } from "./sso/discover";
import { registerSsoGet } from "./sso/get";
import { registerSsoSave } from "./sso/save";
import { registerWebhookCreate } from "./webhook/create";
import { registerWebhookDelete } from "./webhook/delete";
import { registerWebhookDeliveries } from "./webhook/deliveries";
import { registerWebhookList } from "./webhook/list";
import { registerWebhookReplay } from "./webhook/replay";
import { registerWebhookRotateSecret } from "./webhook/rotate-secret";
import { registerWebhookUpdate } from "./webhook/update";
import { registerSupportListMessages } from "./support/list-messages";
import { registerSupportOperatorGet } from "./support/operator/get";
import { registerSupportOperatorListConversations } from "./support/operator/list-conversations";
import { registerSupportOperatorReply } from "./support/operator/reply";
import { registerSupportSend } from "./support/send";
import { registerUserProfile } from "./user/profile";
import { registerRemovePicture } from "./user/remove-picture";
import { registerUpdateProfile } from "./user/update-profile";
import { registerUploadPicture } from "./user/upload-picture";

/**
 * The sealed routes of the api, one file per call named after its path (`routes/user/profile.ts`
 * for `POST /user/profile`). Registered after the tunnel middleware: each takes sealed, signed
 * requests only; `c.get("caller")` says who signed.
 */
export function registerRoutes(app: AppRouter, deps: AppDeps): void {
  const identity = identityDeps(deps);
  registerRequestCode(app, identity);
  registerVerifyCode(app, identity);
  registerListSessions(app, identity);
  registerTerminateSessions(app, identity);
  registerUserProfile(app, identity);
  registerUpdateProfile(app, identity);
  registerUploadPicture(app, identity);
  registerRemovePicture(app, identity);
  registerCreateTeam(app, identity);
  registerPasskeyOptions(app, identity);
  registerPasskeyLogin(app, identity);
  registerPasskeyRegistrationOptions(app, identity);
  registerPasskeyRegister(app, identity);
  registerPasskeyList(app, identity);
  registerPasskeyDelete(app, identity);

  const envelopes = envelopeDeps(deps);
  registerContactLookup(app, envelopes);
  const contacts = contactDeps(deps);
  registerContactList(app, contacts);
  registerContactGet(app, contacts);
  registerContactCreate(app, contacts);
  registerContactUpdate(app, contacts);
  registerContactDelete(app, contacts);
  registerContactImport(app, contacts);
  registerEnvelopeActivity(app, envelopes);
  registerEnvelopeCancel(app, envelopes);
  registerEnvelopeRetrySeal(app, envelopes);
  registerEnvelopeResendInvitation(app, envelopes);
  registerEnvelopeDashboard(app, envelopes);
  registerEnvelopeDecline(app, envelopes);
  registerEnvelopeDelete(app, envelopes);
  registerEnvelopeDownload(app, envelopes);
  registerEnvelopeDownloadSignerDocument(app, envelopes);
  registerEnvelopeGet(app, envelopes);
  registerEnvelopeList(app, envelopes);
  registerEnvelopeListRequests(app, envelopes);
  registerEnvelopeMove(app, envelopes);
  registerEnvelopeMarkPageRead(app, envelopes);
  registerEnvelopeOpen(app, envelopes);
  registerEnvelopePagePreview(app, envelopes);
  registerEnvelopeSaveFields(app, envelopes);
  registerEnvelopeSaveRecipients(app, envelopes);
  registerEnvelopeSend(app, envelopes);
  registerEnvelopeSign(app, envelopes);
  registerEnvelopeUpdate(app, envelopes);
  registerEnvelopeUpload(app, envelopes);
  registerWorkspaceList(app, envelopes);
  registerEnvelopeSetTags(app, envelopes);
  registerTemplateList(app, envelopes);
  registerTemplateGet(app, envelopes);
  registerTemplateCreate(app, envelopes);
  registerTemplateUpdate(app, envelopes);
  registerTemplateSaveRecipients(app, envelopes);
  registerTemplateSaveFields(app, envelopes);
  registerTemplateActivate(app, envelopes);
  registerTemplateArchive(app, envelopes);
  registerTemplateUnarchive(app, envelopes);
  registerTemplateDelete(app, envelopes);
  registerTemplateSetTags(app, envelopes);
  registerTemplatePagePreview(app, envelopes);
  registerTemplateCreateFromEnvelope(app, envelopes);
  registerTemplateCreateEnvelope(app, envelopes);
  registerTemplateEnvelopeStatus(app, envelopes);
  registerEnvelopeApprove(app, envelopes);
  registerEnvelopeReject(app, envelopes);
  registerTemplateBulkSend(app, envelopes);
  registerTemplateBulkSendStatus(app, envelopes);
  registerTemplateListBulkSends(app, envelopes);

  const workspaces = workspaceDeps(deps);
  registerWorkspaceCreate(app, workspaces);
  registerWorkspaceUpdate(app, workspaces);
  registerWorkspaceMakeDefault(app, workspaces);
  registerWorkspaceDelete(app, workspaces);
  registerWorkspaceListMembers(app, workspaces);
  registerWorkspaceAddMember(app, workspaces);
  registerWorkspaceRemoveMember(app, workspaces);
  registerTagList(app, workspaces);
  registerTagCreate(app, workspaces);
  registerTagUpdate(app, workspaces);
  registerTagDelete(app, workspaces);

  const members = membersDeps(deps);
  registerTeamListMembers(app, members);
  registerTeamInvite(app, members);
  registerTeamImportInvitations(app, members);
  registerTeamUpdateMember(app, members);
  registerTeamRemoveMember(app, members);
  registerTeamListInvitations(app, members);
  registerTeamResendInvite(app, members);
  registerTeamRevokeInvite(app, members);
  registerTeamViewInvite(app, members);
  registerTeamAcceptInvite(app, members);
  registerTeamMyInvitations(app, members);
  registerTeamJoin(app, members);

  const roles = roleDeps(deps);
  registerRoleList(app, roles);
  registerRoleCreate(app, roles);
  registerRoleUpdate(app, roles);
  registerRoleDelete(app, roles);

  const sso = ssoDeps(deps);
  registerSsoGet(app, sso);
  registerSsoSave(app, sso);
  registerSsoDiscover(app, sso);
  registerSsoDelete(app, sso);
  registerOidcStart(app, sso);
  registerOidcCallback(app, sso);

  const apiKeys = apiKeyDeps(deps);
  registerApiKeyList(app, apiKeys);
  registerApiKeyCreate(app, apiKeys);
  registerApiKeyRevoke(app, apiKeys);
  const webhooks = webhookDeps(deps);
  registerWebhookList(app, webhooks);
  registerWebhookCreate(app, webhooks);
  registerWebhookUpdate(app, webhooks);
  registerWebhookRotateSecret(app, webhooks);
  registerWebhookDelete(app, webhooks);
  registerWebhookDeliveries(app, webhooks);
  registerWebhookReplay(app, webhooks);
  const billing = billingDeps(deps);
  registerSubscriptionGet(app, billing);
  registerSubscriptionPlans(app, billing);
  registerUsageList(app, billing);
  registerUsageSeries(app, billing);
  registerUsageExport(app, billing);
  const support = supportDeps(deps);
  registerSupportListMessages(app, support);
  registerSupportSend(app, support);
  registerSupportOperatorListConversations(app, support);
  registerSupportOperatorGet(app, support);
  registerSupportOperatorReply(app, support);
}
