import { Type, type Static } from 'typebox';
import { WHALE_DEAL_CENTS } from '../../constants.js';
import { CommunityMessages, MAX_DEAL_VALUE_DOLLARS, POST_MAX_LENGTH } from './messages.js';

export const POST_TYPES = ['win', 'tip', 'question', 'announcement'] as const;
export type PostType = (typeof POST_TYPES)[number];

export const PostAuthor = Type.Object({
  id: Type.String(),
  name: Type.String(),
  avatarSeed: Type.String(),
  role: Type.Union([Type.Literal('sales'), Type.Literal('owner'), Type.Literal('admin')]),
});

/** A post as every list and live event carries it. Money in cents; `staff` and `whaleDeal` are the badges. */
export const PostItem = Type.Object({
  id: Type.String(),
  type: Type.Enum(POST_TYPES),
  content: Type.String(),
  dealValue: Type.Optional(Type.Integer({ minimum: 0 })),
  author: PostAuthor,
  likeCount: Type.Integer({ minimum: 0 }),
  commentCount: Type.Integer({ minimum: 0 }),
  /** Grows with every like, unlike and comment: a client keeps the counts of the highest rev it saw. */
  rev: Type.Integer({ minimum: 0 }),
  likedByMe: Type.Boolean(),
  staff: Type.Boolean(),
  whaleDeal: Type.Boolean(),
  /** The win was shared from a real closed deal (its value comes from the deal, not from typing). */
  verifiedDeal: Type.Boolean(),
  createdAt: Type.String(),
});
export type PostItem = Static<typeof PostItem>;

/**
 * `POST /api/posts`. `dealValue` is dollars, a number or a numeric text ("12,500" or "$12,500.50");
 * it is required for a win and stored in cents. A win shared from a closed deal sends `dealId` instead:
 * the value is the deal's, and each deal can be shared once.
 */
export const CreatePostBody = Type.Object(
  {
    type: Type.Enum(POST_TYPES, { errorMessage: 'Please choose a post type.' }),
    content: Type.String({ errorMessage: CommunityMessages.postEmpty }),
    dealValue: Type.Optional(
      Type.Union([Type.Number(), Type.String({ maxLength: 32 }), Type.Null()], {
        errorMessage: CommunityMessages.dealValueRequired,
      }),
    ),
    dealId: Type.Optional(Type.String({ pattern: '^[0-9a-f]{24}$', errorMessage: CommunityMessages.dealNotShareable })),
  },
  { errorMessage: CommunityMessages.postEmpty },
);
export type CreatePostBody = Static<typeof CreatePostBody>;

export const CreatePostResponse = Type.Object({ post: PostItem, message: Type.String() });
export type CreatePostResponse = Static<typeof CreatePostResponse>;

/** Dollars from what the user typed, or undefined when it is not a positive number. */
export function parseDealValue(value: number | string | null | undefined): number | undefined {
  if (value === null || value === undefined) return undefined;
  const dollars = typeof value === 'number' ? value : Number(value.replace(/[$,\s]/g, ''));
  if (typeof value === 'string' && !/\d/.test(value)) return undefined;
  return Number.isFinite(dollars) && dollars > 0 ? dollars : undefined;
}

/** The compose form's check, the same one the server makes (client: before sending; server: always). */
export function postFormError(form: {
  type: PostType;
  content: string;
  dealValue?: number | string | null;
  dealId?: string;
}): string | undefined {
  const content = form.content.trim();
  if (!content) return CommunityMessages.postEmpty;
  if (content.length > POST_MAX_LENGTH) return CommunityMessages.postTooLong;
  if (form.type === 'win' && !form.dealId) {
    const dollars = parseDealValue(form.dealValue);
    if (dollars === undefined) return CommunityMessages.dealValueRequired;
    if (dollars > MAX_DEAL_VALUE_DOLLARS) return CommunityMessages.dealValueTooLarge;
  }
  return undefined;
}

export const isWhaleDeal = (dealValueCents: number | undefined) => (dealValueCents ?? 0) >= WHALE_DEAL_CENTS;
