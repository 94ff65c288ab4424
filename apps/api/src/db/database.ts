import type { DevMailboxTable, MailOutboxTable, TeamMailSenderTable } from "./tables/mail";
import type { SmsOutboxTable } from "./tables/sms";
import type {
  AppUserTable,
  LoginCodeTable,
  PasskeyTable,
  RateLimitCounterTable,
  RequestNonceTable,
  UserSessionTable,
  WebauthnChallengeTable,
} from "./tables/identity";
import type {
  ApiKeyTable,
  OidcLoginAttemptTable,
  RoleTable,
  SsoConfigurationTable,
  SsoDomainTable,
  TeamInvitationTable,
  TeamBrandingTable,
  TeamMemberTable,
  TeamTable,
  WorkspaceMemberTable,
  WorkspaceTable,
} from "./tables/teams";
import type {
  ActivityEventTable,
  BulkSendRowTable,
  BulkSendTable,
  DocumentPreviewTable,
  EnvelopeDocumentTable,
  EnvelopeStatusCountTable,
  EnvelopeTable,
  FieldTable,
  QesAuthorizationTable,
  RecipientDelegationTable,
  RecipientPageViewTable,
  RecipientTable,
  RecipientVerificationCodeTable,
} from "./tables/envelopes";
import type { ContactTable, EnvelopeTagTable, TagTable } from "./tables/workspace-data";
import type { JobTable } from "./tables/jobs";
import type { SignerAttachmentTable } from "./tables/attachments";
import type {
  WebhookDeliveryTable,
  WebhookEndpointTable,
  WebhookEndpointWorkspaceTable,
} from "./tables/integrations";
import type { SupportConversationTable, SupportMessageTable } from "./tables/support";
import type {
  PlanTable,
  TeamSubscriptionTable,
  UsageCounterTable,
  UsageEventTable,
} from "./tables/billing";
import type { TeamRetentionTable } from "./tables/retention";
import type { DataExportTable } from "./tables/data-export";
import type { TeamMailTextTable } from "./tables/mail-texts";
import type { TeamEmbeddingTable } from "./tables/embedding";
import type { EmbedTokenTable } from "./tables/embed-tokens";
import type { DirectLinkCodeTable, TemplateDirectLinkTable } from "./tables/direct-links";

export type {
  MailOutboxTable,
  TeamMailSenderTable,
  DevMailboxTable,
  MailOutboxRow,
  NewMailOutboxRow,
  DevMailboxRow,
} from "./tables/mail";
export type {
  Language,
  AppUserTable,
  UserSessionTable,
  RequestNonceTable,
  AppUserRow,
  UserSessionRow,
  LoginCodeTable,
  RateLimitCounterTable,
  PasskeyTable,
  WebauthnChallengeTable,
  LoginCodeRow,
  PasskeyRow,
} from "./tables/identity";
export type {
  TeamTable,
  TeamBrandingTable,
  RoleTable,
  TeamMemberTable,
  WorkspaceTable,
  TeamInvitationTable,
  WorkspaceMemberTable,
  TeamRow,
  RoleRow,
  WorkspaceRow,
  SsoConfigurationTable,
  SsoDomainTable,
  OidcLoginAttemptTable,
  ApiKeyTable,
  ApiKeyRow,
} from "./tables/teams";
export type {
  EnvelopeStatus,
  RecipientStatus,
  RecipientKind,
  SigningOrder,
  EnvelopeKind,
  TemplateStatus,
  EnvelopeTable,
  EnvelopeStatusCountTable,
  EnvelopeDocumentTable,
  DocumentPreviewTable,
  RecipientTable,
  RecipientPageViewTable,
  FieldKindColumn,
  FieldTable,
  ActivityEventTable,
  EnvelopeRow,
  EnvelopeDocumentRow,
  RecipientRow,
  FieldRow,
  BulkSendTable,
  BulkSendRowTable,
} from "./tables/envelopes";
export type { ContactTable, TagTable, EnvelopeTagTable, TagRow } from "./tables/workspace-data";
export type { JobStatus, JobTable, JobRow } from "./tables/jobs";
export type {
  WebhookEndpointTable,
  WebhookEndpointWorkspaceTable,
  WebhookDeliveryTable,
} from "./tables/integrations";
export type {
  SupportConversationTable,
  SupportMessageTable,
  SupportConversationRow,
  SupportMessageRow,
} from "./tables/support";
export type {
  PlanTable,
  PlanRow,
  TeamSubscriptionTable,
  TeamSubscriptionRow,
  UsageCounterTable,
  UsageEventTable,
  UsageEventRow,
} from "./tables/billing";
export type { TeamRetentionTable } from "./tables/retention";
export type { DataExportFileRow, DataExportTable } from "./tables/data-export";
export type { TeamMailTextTable } from "./tables/mail-texts";
export type { TeamEmbeddingTable } from "./tables/embedding";
export type { EmbedTokenTable } from "./tables/embed-tokens";

/**
 * The database as Kysely sees it. Names are camelCase here and snake_case in PostgreSQL
 * (`job.lockedUntil` is `job.locked_until`): the connection uses Kysely's
 * CamelCasePlugin. Migrations in `./migrations` are the source of truth for the tables.
 */
export interface Database {
  mailOutbox: MailOutboxTable;
  teamMailSender: TeamMailSenderTable;
  devMailbox: DevMailboxTable;
  smsOutbox: SmsOutboxTable;
  appUser: AppUserTable;
  userSession: UserSessionTable;
  requestNonce: RequestNonceTable;
  team: TeamTable;
  teamBranding: TeamBrandingTable;
  teamMailText: TeamMailTextTable;
  role: RoleTable;
  teamMember: TeamMemberTable;
  workspace: WorkspaceTable;
  workspaceMember: WorkspaceMemberTable;
  loginCode: LoginCodeTable;
  rateLimitCounter: RateLimitCounterTable;
  passkey: PasskeyTable;
  webauthnChallenge: WebauthnChallengeTable;
  envelope: EnvelopeTable;
  envelopeDocument: EnvelopeDocumentTable;
  envelopeStatusCount: EnvelopeStatusCountTable;
  documentPreview: DocumentPreviewTable;
  recipient: RecipientTable;
  recipientPageView: RecipientPageViewTable;
  recipientDelegation: RecipientDelegationTable;
  recipientVerificationCode: RecipientVerificationCodeTable;
  qesAuthorization: QesAuthorizationTable;
  field: FieldTable;
  activityEvent: ActivityEventTable;
  contact: ContactTable;
  job: JobTable;
  tag: TagTable;
  envelopeTag: EnvelopeTagTable;
  teamInvitation: TeamInvitationTable;
  bulkSend: BulkSendTable;
  bulkSendRow: BulkSendRowTable;
  ssoConfiguration: SsoConfigurationTable;
  oidcLoginAttempt: OidcLoginAttemptTable;
  ssoDomain: SsoDomainTable;
  apiKey: ApiKeyTable;
  webhookEndpoint: WebhookEndpointTable;
  webhookDelivery: WebhookDeliveryTable;
  webhookEndpointWorkspace: WebhookEndpointWorkspaceTable;
  supportConversation: SupportConversationTable;
  supportMessage: SupportMessageTable;
  plan: PlanTable;
  teamSubscription: TeamSubscriptionTable;
  usageCounter: UsageCounterTable;
  usageEvent: UsageEventTable;
  teamRetention: TeamRetentionTable;
  dataExport: DataExportTable;
  teamEmbedding: TeamEmbeddingTable;
  embedToken: EmbedTokenTable;
  templateDirectLink: TemplateDirectLinkTable;
  directLinkCode: DirectLinkCodeTable;
  signerAttachment: SignerAttachmentTable;
}
