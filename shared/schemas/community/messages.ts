/** Community texts: spec 2 section 8 word for word, plus the limits the spec does not show. */
export const POST_MAX_LENGTH = 2_000;
export const COMMENT_MAX_LENGTH = 1_000;
/** A deal bigger than this is a typo, not a win. */
export const MAX_DEAL_VALUE_DOLLARS = 100_000_000;
/** Flood guard per user: posts and comments in one minute. */
export const POSTS_PER_MINUTE = 5;
export const COMMENTS_PER_MINUTE = 20;

export const CommunityMessages = {
  postEmpty: 'Post cannot be empty',
  dealValueRequired: 'Please enter the deal value for your win',
  posted: 'Post shared with the community!',
  empty: 'No posts found in this category.',
  postTooLong: `Posts can be at most ${POST_MAX_LENGTH.toLocaleString('en-US')} characters.`,
  dealValueTooLarge: `The deal value can be at most $${MAX_DEAL_VALUE_DOLLARS.toLocaleString('en-US')}.`,
  announcementsStaffOnly: 'Only staff can post announcements.',
  commentEmpty: 'Comment cannot be empty',
  commentTooLong: `Comments can be at most ${COMMENT_MAX_LENGTH.toLocaleString('en-US')} characters.`,
  postNotFound: 'This post no longer exists.',
  tooFast: (seconds: number) => `You're posting too fast. Please wait ${seconds}s and try again.`,
  badCursor: 'That page of posts does not exist.',
  dealNotShareable: 'You can only share your own closed deals.',
  dealAlreadyShared: 'This deal was already shared with the community.',
} as const;
