import { z } from "zod";
import { colorSchema } from "./color";

/**
 * Requests and answers of tags (spec §2 `/settings/tags`, §3 tag): labels of the team, set on
 * envelopes from the list and the editor, and a filter of the envelope list. A tag's name is
 * unique in its team regardless of case.
 */

export const TAG_NAME_MAX_LENGTH = 50;
/** Tags on one envelope. */
export const MAX_TAGS_PER_ENVELOPE = 20;

const uuid = z.uuid();
const isoDate = z.iso.datetime();

export const tagNameSchema = z
  .string({ error: "required" })
  .trim()
  .min(1, { error: "required" })
  .max(TAG_NAME_MAX_LENGTH, { error: "too_long" });

/** A tag as envelopes carry it. */
export const envelopeTagSchema = z.object({ uuid, name: z.string(), color: z.string() });
export type EnvelopeTag = z.infer<typeof envelopeTagSchema>;

export const tagSchema = envelopeTagSchema.extend({
  /** Envelopes of the team carrying it (all workspaces). */
  envelopeCount: z.number().int().min(0),
  createdAt: isoDate,
  updatedAt: isoDate,
});
export type Tag = z.infer<typeof tagSchema>;

// POST /tag/list
export const listTagsRequestSchema = z.object({});
export const listTagsResponseSchema = z.object({ tags: z.array(tagSchema) });

// POST /tag/create
export const createTagRequestSchema = z.object({ name: tagNameSchema, color: colorSchema });
export type CreateTagRequest = z.input<typeof createTagRequestSchema>;

// POST /tag/update
export const updateTagRequestSchema = createTagRequestSchema.extend({ tagUuid: uuid });
export type UpdateTagRequest = z.input<typeof updateTagRequestSchema>;

export const tagResponseSchema = z.object({ tag: tagSchema });

// POST /tag/delete: taken off every envelope.
export const deleteTagRequestSchema = z.object({ tagUuid: uuid });
export const deleteTagResponseSchema = z.object({ deleted: z.literal(true) });

// POST /envelope/set-tags: the envelope's tags, replaced by these (answered with the envelope).
export const setEnvelopeTagsRequestSchema = z.object({
  envelopeUuid: uuid,
  tagUuids: z
    .array(uuid)
    .max(MAX_TAGS_PER_ENVELOPE, { error: "too_many_tags" })
    .refine((ids) => new Set(ids).size === ids.length, { error: "duplicate" }),
});
export type SetEnvelopeTagsRequest = z.input<typeof setEnvelopeTagsRequestSchema>;
