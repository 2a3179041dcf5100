import { BadgeCheck, Heart, MessageCircle } from 'lucide-react';
import { useState } from 'react';
import type { PostItem } from '../../../shared/schemas/community/post.js';
import { Avatar } from '../../ui/Avatar.js';
import { Badge } from '../../ui/Badge.js';
import { Button } from '../../ui/Button.js';
import { formatCents, timeAgo } from '../../ui/format.js';
import { Comments } from './Comments.js';
import { openThread, toggleLike } from './store.js';
import styles from './Community.module.css';

const TYPE_LABELS: Record<PostItem['type'], string> = {
  win: 'Win',
  tip: 'Tip',
  question: 'Question',
  announcement: 'Announcement',
};

/** Content is plain text, rendered as text (never as HTML); line breaks are kept by CSS. */
export function PostCard({ post }: { post: PostItem }) {
  const [showComments, setShowComments] = useState(false);
  const headingId = `post-${post.id}-author`;

  return (
    <article className={styles.post} aria-labelledby={headingId} data-post-id={post.id}>
      <header className={styles.postHead}>
        <Avatar name={post.author.name} seed={post.author.avatarSeed} size={40} />
        <div className={styles.postMeta}>
          <h2 id={headingId} className={styles.author}>
            {post.author.name}
          </h2>
          <time dateTime={post.createdAt} className={styles.time}>
            {timeAgo(post.createdAt)}
          </time>
        </div>
        <div className={styles.badges}>
          <Badge tone={post.type === 'win' ? 'green' : post.type === 'announcement' ? 'blue' : 'grey'}>
            {TYPE_LABELS[post.type]}
          </Badge>
          {post.staff ? <Badge tone="blue">Staff</Badge> : null}
          {post.whaleDeal ? <Badge tone="accent">Whale Deal</Badge> : null}
        </div>
      </header>
      <p className={styles.content}>{post.content}</p>
      {post.type === 'win' && post.dealValue !== undefined ? (
        <p className={styles.deal}>
          Deal value: <strong>{formatCents(post.dealValue)}</strong>
          {post.verifiedDeal ? (
            <span className={styles.verified}>
              <BadgeCheck size={16} aria-hidden="true" /> Verified deal
            </span>
          ) : null}
        </p>
      ) : null}
      <div className={styles.actions}>
        <Button
          variant="ghost"
          size="sm"
          aria-pressed={post.likedByMe}
          onPress={() => void toggleLike(post.id)}
          className={post.likedByMe ? styles.liked : undefined}
        >
          <Heart size={16} aria-hidden="true" fill={post.likedByMe ? 'currentColor' : 'none'} />
          {/* The name reads "Like (3 likes)"; the pressed state says whether it is mine. */}
          <span className="visually-hidden">Like (</span>
          <span>{post.likeCount}</span>
          <span className="visually-hidden"> {post.likeCount === 1 ? 'like' : 'likes'})</span>
        </Button>
        <Button
          variant="ghost"
          size="sm"
          aria-expanded={showComments}
          onPress={() => {
            const next = !showComments;
            setShowComments(next);
            if (next) void openThread(post.id);
          }}
        >
          <MessageCircle size={16} aria-hidden="true" />
          <span className="visually-hidden">Comments (</span>
          <span>{post.commentCount}</span>
          <span className="visually-hidden">)</span>
        </Button>
      </div>
      {showComments ? <Comments postId={post.id} /> : null}
    </article>
  );
}
