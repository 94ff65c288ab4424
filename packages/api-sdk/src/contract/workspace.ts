import { z } from "zod";
import { colorSchema } from "./color";
import { workspaceSchema } from "./envelope";

/**
 * Requests and answers of workspace administration (spec §2 `/settings/workspaces`, §3 workspace,
 * §4 moving documents and the default workspace): create, rename and recolour, make default,
 * delete (moving what it holds), and its members. Listing is `POST /workspace/list` (envelope.ts).
 */

export const WORKSPACE_NAME_MAX_LENGTH = 100;

const uuid = z.uuid();
const isoDate = z.iso.datetime();

export const workspaceNameSchema = z
  .string({ error: "required" })
  .trim()
  .min(1, { error: "required" })
  .max(WORKSPACE_NAME_MAX_LENGTH, { error: "too_long" });

const workspaceRefSchema = z.object({ workspaceUuid: uuid });

// POST /workspace/create: the caller becomes its first member.
export const createWorkspaceRequestSchema = z.object({
  name: workspaceNameSchema,
  color: colorSchema,
});
export type CreateWorkspaceRequest = z.input<typeof createWorkspaceRequestSchema>;

// POST /workspace/update: rename and recolour.
export const updateWorkspaceRequestSchema = workspaceRefSchema.extend({
  name: workspaceNameSchema,
  color: colorSchema,
});
export type UpdateWorkspaceRequest = z.input<typeof updateWorkspaceRequestSchema>;

// POST /workspace/make-default: new members land there; the previous default stops being one.
export const makeDefaultWorkspaceRequestSchema = workspaceRefSchema;

export const workspaceResponseSchema = z.object({ workspace: workspaceSchema });

// POST /workspace/delete: its envelopes and contacts move to `destinationWorkspaceUuid`.
export const deleteWorkspaceRequestSchema = workspaceRefSchema.extend({
  destinationWorkspaceUuid: uuid,
});
export type DeleteWorkspaceRequest = z.input<typeof deleteWorkspaceRequestSchema>;
export const deleteWorkspaceResponseSchema = z.object({
  deleted: z.literal(true),
  /** What moved to the destination. */
  moved: z.object({
    envelopes: z.number().int().min(0),
    contacts: z.number().int().min(0),
  }),
});
export type DeleteWorkspaceResponse = z.infer<typeof deleteWorkspaceResponseSchema>;

// POST /workspace/list-members, /workspace/add-member, /workspace/remove-member
export const workspaceMemberSchema = z.object({
  userUuid: uuid,
  email: z.string(),
  name: z.string(),
  joinedAt: isoDate,
});
export type WorkspaceMember = z.infer<typeof workspaceMemberSchema>;
export const teamMemberCandidateSchema = z.object({
  userUuid: uuid,
  email: z.string(),
  name: z.string(),
});
export type TeamMemberCandidate = z.infer<typeof teamMemberCandidateSchema>;

export const listWorkspaceMembersRequestSchema = workspaceRefSchema;
export const workspaceMembersResponseSchema = z.object({
  workspace: workspaceSchema,
  members: z.array(workspaceMemberSchema),
  /** Members of the team who are not members of the workspace (who may be added). */
  candidates: z.array(teamMemberCandidateSchema),
});
export type WorkspaceMembersResponse = z.infer<typeof workspaceMembersResponseSchema>;

export const addWorkspaceMemberRequestSchema = workspaceRefSchema.extend({ userUuid: uuid });
export const removeWorkspaceMemberRequestSchema = workspaceRefSchema.extend({ userUuid: uuid });
