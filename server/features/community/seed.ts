import { ErrorCodes } from '../../../shared/errors.js';
import type { CreatePostBody } from '../../../shared/schemas/community/post.js';
import type { Platform } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import type { SeedStep } from '../feature.js';
import { findCampaignBySlug } from '../campaigns/public.js';
import { findStandingDealOfLead } from '../deals/public.js';
import { findLeadByCampaignEmail } from '../leads/public.js';
import { findUserByEmail, type UserDoc } from '../users/public.js';
import { findPostByAuthorContent, likedPostIds, listComments, type PostDoc } from './repository.js';
import { addComment, createPost, toggleLike } from './service.js';

/**
 * Demo feed, oldest first. The win is shared from the demo agent's own closed deal (seeded by the deals
 * step), so its value is the deal's. A post is found again by its author and fixed text.
 */
const DEMO_POSTS: Array<{
  author: string;
  type: CreatePostBody['type'];
  content: string;
  /** The deal the win is shared from: its campaign and lead e-mail. */
  deal?: { campaign: string; email: string };
  likedBy: string[];
  comments: Array<{ author: string; content: string }>;
}> = [
  {
    author: 'admin@demo.test',
    type: 'announcement',
    content:
      'Welcome to the Commission Warriors community! Share your wins, ask questions and help each other close. Payouts run every Monday.',
    likedBy: ['agent@demo.test', 'agent2@demo.test', 'agent4@demo.test'],
    comments: [],
  },
  {
    author: 'agent2@demo.test',
    type: 'tip',
    content:
      'Tip: when a corporate client says "send me an email", book the follow-up call before you hang up. My callback rate doubled.',
    likedBy: ['agent@demo.test', 'agent3@demo.test'],
    comments: [{ author: 'agent3@demo.test', content: 'Tried this yesterday and it works. Thanks Bianca!' }],
  },
  {
    author: 'agent3@demo.test',
    type: 'question',
    content:
      'How do you handle event planners who want room blocks without a deposit? Any rebuttal that works for you?',
    likedBy: ['agent4@demo.test'],
    comments: [
      {
        author: 'agent2@demo.test',
        content: 'Offer a courtesy hold of 48 hours, then the deposit secures the rate. Urgency does the rest.',
      },
      {
        author: 'agent@demo.test',
        content: 'Check the rebuttals library, "We need to think about it" fits this case well.',
      },
    ],
  },
  {
    author: 'agent@demo.test',
    type: 'win',
    content: 'Closed Giza Homes Realty on the AdWords campaign! Persistence pays off: five calls and one great demo.',
    deal: { campaign: 'adwords', email: 'ads@gizahomes.demo' },
    likedBy: ['agent2@demo.test', 'agent3@demo.test', 'agent4@demo.test', 'admin@demo.test'],
    comments: [{ author: 'agent2@demo.test', content: 'Congrats Alex! Well deserved.' }],
  },
];

async function dealIdOf(platform: Platform, deal: { campaign: string; email: string }): Promise<string | undefined> {
  const campaign = await findCampaignBySlug(platform.db, deal.campaign);
  const lead = campaign ? await findLeadByCampaignEmail(platform.db, campaign._id, deal.email) : null;
  const standing = lead ? await findStandingDealOfLead(platform.db, lead._id) : null;
  return standing?._id.toHexString();
}

/** The post, written by the community service the first time; null when it cannot be written (its deal is missing or already shared). */
async function ensurePost(
  platform: Platform,
  author: UserDoc,
  demo: (typeof DEMO_POSTS)[number],
): Promise<PostDoc | null> {
  const existing = await findPostByAuthorContent(platform.db, author._id, demo.content);
  if (existing) return existing;
  const dealId = demo.deal ? await dealIdOf(platform, demo.deal) : undefined;
  if (demo.deal && !dealId) return null;
  try {
    await createPost(platform, author, { type: demo.type, content: demo.content, ...(dealId ? { dealId } : {}) });
  } catch (error) {
    if (error instanceof AppError && error.code === ErrorCodes.conflict) return null;
    throw error;
  }
  return findPostByAuthorContent(platform.db, author._id, demo.content);
}

export const postsSeedStep: SeedStep = {
  name: 'community posts',
  after: ['demo accounts', 'campaigns', 'demo deals'],
  async run(platform) {
    const users = new Map<string, UserDoc>();
    const user = async (email: string) => {
      if (!users.has(email)) {
        const found = await findUserByEmail(platform.db, email);
        if (found) users.set(email, found);
      }
      return users.get(email);
    };
    for (const demo of DEMO_POSTS) {
      const author = await user(demo.author);
      const post = author ? await ensurePost(platform, author, demo) : null;
      if (!post) continue;
      const id = post._id.toHexString();
      for (const email of demo.likedBy) {
        const liker = await user(email);
        // toggleLike takes a like back when there is one: only like what is not liked yet.
        if (liker && !(await likedPostIds(platform.db, liker._id, [post._id])).has(id))
          await toggleLike(platform, liker, id);
      }
      const existing = await listComments(platform.db, post._id, 100);
      for (const comment of demo.comments) {
        const commenter = await user(comment.author);
        if (!commenter || existing.some((c) => c.authorId.equals(commenter._id) && c.content === comment.content))
          continue;
        await addComment(platform, commenter, id, comment.content);
      }
    }
  },
};
