import { useEffect, useRef, useState } from 'react';
import type { Key } from 'react-aria-components';
import type { PostSort, PostTab } from '../../../shared/schemas/community/list.js';
import { CommunityMessages } from '../../../shared/schemas/community/messages.js';
import { Button } from '../../ui/Button.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { Select } from '../../ui/Select.js';
import { Tab, TabList, TabPanel, Tabs } from '../../ui/Tabs.js';
import page from '../../ui/Page.module.css';
import { Composer } from './Composer.js';
import { Leaderboard } from './Leaderboard.js';
import { PostCard } from './PostCard.js';
import { followFeed, loadFeed, loadMorePosts, useFeed } from './store.js';
import styles from './Community.module.css';

const TABS: { id: PostTab; label: string }[] = [
  { id: 'all', label: 'All Posts' },
  { id: 'wins', label: 'Wins' },
  { id: 'tips', label: 'Tips' },
  { id: 'announcements', label: 'Announcements' },
];

const SORTS: { id: PostSort; label: string }[] = [
  { id: 'newest', label: 'Newest' },
  { id: 'popular', label: 'Most Popular' },
  { id: 'discussed', label: 'Most Discussed' },
];

export default function CommunityPage() {
  const [tab, setTab] = useState<PostTab>('all');
  const [sort, setSort] = useState<PostSort>('newest');

  useEffect(() => followFeed(), []);
  useEffect(() => {
    void loadFeed(tab, sort);
  }, [tab, sort]);

  return (
    <section className={page.page} aria-labelledby="community-title">
      <div className={page.pageHead}>
        <div>
          <h1 id="community-title" className={page.title}>
            Community
          </h1>
          <p className={page.subtitle}>Share wins, tips and questions with the other warriors.</p>
        </div>
      </div>
      <Composer />
      <Leaderboard />
      <Tabs selectedKey={tab} onSelectionChange={(key: Key) => setTab(String(key) as PostTab)}>
        <div className={styles.feedBar}>
          <TabList aria-label="Post categories" className={styles.tabList}>
            {TABS.map((item) => (
              <Tab key={item.id} id={item.id}>
                {item.label}
              </Tab>
            ))}
          </TabList>
          <Select
            label="Sort by"
            options={SORTS}
            value={sort}
            onChange={(value) => setSort((value as PostSort | null) ?? 'newest')}
            className={styles.sort}
          />
        </div>
        {TABS.map((item) => (
          <TabPanel key={item.id} id={item.id}>
            <FeedList />
          </TabPanel>
        ))}
      </Tabs>
    </section>
  );
}

function FeedList() {
  const { items, loading, failed, nextCursor, loadingMore, tab, sort } = useFeed();
  const sentinel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const target = sentinel.current;
    if (!target || !nextCursor) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) void loadMorePosts().catch(() => undefined);
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [nextCursor, items.length]);

  if (failed)
    return (
      <EmptyState title="The feed could not be loaded.">
        <Button variant="ghost" size="sm" onPress={() => void loadFeed(tab, sort)}>
          Try again
        </Button>
      </EmptyState>
    );
  if (!loading && items.length === 0) return <EmptyState title={CommunityMessages.empty} />;

  return (
    <div className={styles.feed} aria-busy={loading || loadingMore}>
      {items.map((post) => (
        <PostCard key={post.id} post={post} />
      ))}
      {nextCursor ? (
        <div ref={sentinel} className={styles.more}>
          <Button
            variant="ghost"
            size="sm"
            isDisabled={loadingMore}
            onPress={() => void loadMorePosts().catch(() => undefined)}
          >
            {loadingMore ? 'Loading...' : 'Load more posts'}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
