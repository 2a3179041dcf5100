import { Send } from 'lucide-react';
import { useState } from 'react';
import { Label, TextArea, TextField as AriaTextField } from 'react-aria-components';
import { CommunityMessages, POST_MAX_LENGTH } from '../../../shared/schemas/community/messages.js';
import { CreatePostBody, postFormError, type PostType } from '../../../shared/schemas/community/post.js';
import { ApiError } from '../../api/client.js';
import { schemaError } from '../../api/validate.js';
import { Button } from '../../ui/Button.js';
import { FilterGroup } from '../../ui/FilterGroup.js';
import { TextField } from '../../ui/TextField.js';
import { errorToast, toast } from '../../ui/toast.js';
import page from '../../ui/Page.module.css';
import { useSession } from '../session/public.js';
import { createPost } from './store.js';
import styles from './Community.module.css';

type ComposeType = Extract<PostType, 'tip' | 'win' | 'announcement'>;

const TYPE_OPTIONS: { id: ComposeType; label: string }[] = [
  { id: 'tip', label: 'Tip/Question' },
  { id: 'win', label: 'Share a Win' },
];
const STAFF_OPTION = { id: 'announcement' as const, label: 'Announcement' };

export function Composer() {
  const { user } = useSession();
  const [type, setType] = useState<ComposeType>('tip');
  const [content, setContent] = useState('');
  const [dealValue, setDealValue] = useState('');
  const [sending, setSending] = useState(false);
  const options = user?.role === 'admin' ? [...TYPE_OPTIONS, STAFF_OPTION] : TYPE_OPTIONS;

  async function submit() {
    const body: CreatePostBody = { type, content, ...(type === 'win' ? { dealValue } : {}) };
    const problem = postFormError({ type, content, dealValue }) ?? schemaError(CreatePostBody, body);
    if (problem) {
      errorToast('Error', problem);
      return;
    }
    setSending(true);
    try {
      const answer = await createPost(body);
      toast({ title: answer.message || CommunityMessages.posted, variant: 'success' });
      setContent('');
      setDealValue('');
    } catch (error) {
      // The API client showed the server's text; a network failure keeps the draft for another try.
      if (!(error instanceof ApiError)) return;
    } finally {
      setSending(false);
    }
  }

  return (
    <form
      className={[page.card, styles.composer].join(' ')}
      aria-label="Create a post"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <FilterGroup label="Post type" options={options} value={type} onChange={setType} />
      <AriaTextField value={content} onChange={setContent} className={styles.field} maxLength={POST_MAX_LENGTH}>
        <Label className={styles.label}>
          {type === 'win' ? 'Tell the community about your win' : 'Share a tip or ask a question'}
        </Label>
        <TextArea
          className={page.textarea}
          placeholder={type === 'win' ? 'What did you close?' : 'What would you like to share?'}
        />
      </AriaTextField>
      <div className={styles.composeRow}>
        {type === 'win' ? (
          <TextField
            label="Deal value ($)"
            inputMode="decimal"
            placeholder="e.g. 12,500"
            value={dealValue}
            onChange={setDealValue}
            className={styles.dealField}
          />
        ) : null}
        <span className={[page.muted, page.small].join(' ')}>
          {content.length.toLocaleString('en-US')}/{POST_MAX_LENGTH.toLocaleString('en-US')}
        </span>
        <Button type="submit" isDisabled={sending}>
          <Send size={16} aria-hidden="true" /> {sending ? 'Posting...' : 'Post'}
        </Button>
      </div>
    </form>
  );
}
