import { useState } from 'react';
import { CreateCommentBody } from '../../../shared/schemas/community/comments.js';
import { COMMENT_MAX_LENGTH, CommunityMessages } from '../../../shared/schemas/community/messages.js';
import { schemaError } from '../../api/validate.js';
import { Avatar } from '../../ui/Avatar.js';
import { Button } from '../../ui/Button.js';
import { TextField } from '../../ui/TextField.js';
import { errorToast } from '../../ui/toast.js';
import { timeAgo } from '../../ui/format.js';
import { addComment, loadMoreComments, useFeed } from './store.js';
import styles from './Community.module.css';

export function Comments({ postId }: { postId: string }) {
  const { threads } = useFeed();
  const thread = threads[postId];
  const [draft, setDraft] = useState('');
  const [sending, setSending] = useState(false);

  async function submit() {
    const content = draft.trim();
    const problem = !content
      ? CommunityMessages.commentEmpty
      : content.length > COMMENT_MAX_LENGTH
        ? CommunityMessages.commentTooLong
        : schemaError(CreateCommentBody, { content });
    if (problem) {
      errorToast('Error', problem);
      return;
    }
    setSending(true);
    try {
      await addComment(postId, content);
      setDraft('');
    } catch {
      // The API client showed why; the draft stays.
    } finally {
      setSending(false);
    }
  }

  return (
    <section className={styles.comments} aria-label="Comments">
      {thread?.loading && thread.items.length === 0 ? <p className={styles.time}>Loading comments...</p> : null}
      {thread && !thread.loading && thread.items.length === 0 ? <p className={styles.time}>No comments yet.</p> : null}
      {thread && thread.items.length > 0 ? (
        <ul className={styles.commentList}>
          {thread.items.map((comment) => (
            <li key={comment.id} className={styles.comment}>
              <Avatar name={comment.author.name} seed={comment.author.avatarSeed} size={28} />
              <div>
                <p className={styles.commentHead}>
                  <strong>{comment.author.name}</strong>{' '}
                  <time dateTime={comment.createdAt}>{timeAgo(comment.createdAt)}</time>
                </p>
                <p className={styles.content}>{comment.content}</p>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      {thread?.nextCursor ? (
        <Button variant="ghost" size="sm" onPress={() => void loadMoreComments(postId)}>
          Show more comments
        </Button>
      ) : null}
      <form
        className={styles.commentForm}
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <TextField
          label="Add a comment"
          value={draft}
          onChange={setDraft}
          maxLength={COMMENT_MAX_LENGTH}
          className={styles.grow}
        />
        <Button type="submit" size="sm" isDisabled={sending}>
          Comment
        </Button>
      </form>
    </section>
  );
}
