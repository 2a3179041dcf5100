import { useMemo, useState } from 'react';
import { useApiQuery } from '../../api/useApiQuery.js';
import { PageStatus } from '../../app/PageStatus.js';
import { Badge } from '../../ui/Badge.js';
import { EmptyState } from '../../ui/EmptyState.js';
import page from '../../ui/Page.module.css';
import { dayKey, dayTitle, startOfDay } from './calendar-dates.js';
import { FollowUpList, type FollowUp } from './FollowUpList.js';
import { MonthCard } from './MonthCard.js';
import styles from './Calendar.module.css';

export default function CalendarPage() {
  const followUps = useApiQuery('/api/follow-ups', { quiet: true });
  const [month, setMonth] = useState(() => startOfDay(new Date()));
  const [selected, setSelected] = useState(() => startOfDay(new Date()));

  const items = useMemo<FollowUp[]>(
    () => (followUps.data?.items ?? []).map((item) => ({ ...item, at: new Date(item.at) })),
    [followUps.data],
  );
  const byDay = useMemo(() => {
    const map = new Map<string, FollowUp[]>();
    for (const item of items) map.set(dayKey(item.at), [...(map.get(dayKey(item.at)) ?? []), item]);
    return map;
  }, [items]);

  if (!followUps.data && !followUps.failed) return <PageStatus />;

  const today = startOfDay(new Date());
  const overdue = items.filter((item) => item.at < today);
  const dayItems = byDay.get(dayKey(selected)) ?? [];
  const shift = (months: number) =>
    setMonth((current) => new Date(current.getFullYear(), current.getMonth() + months, 1));

  return (
    <section className={page.page} aria-labelledby="calendar-title">
      <div>
        <h1 id="calendar-title" className={page.title}>
          Calendar
        </h1>
        <p className={page.subtitle}>Your follow-ups: the next actions set on your leads and clients.</p>
      </div>
      {followUps.failed ? <EmptyState title="Your follow-ups could not be loaded." /> : null}
      {followUps.data && !followUps.data.complete ? (
        <p className={page.muted}>Showing the follow-ups of your 500 most recent leads.</p>
      ) : null}
      <div className={styles.layout}>
        <MonthCard
          month={month}
          selected={selected}
          today={today}
          countOn={(day) => byDay.get(dayKey(day))?.length ?? 0}
          onShift={shift}
          onToday={() => {
            setMonth(today);
            setSelected(today);
          }}
          onSelect={setSelected}
        />
        <div className={page.stack}>
          <section className={page.card} aria-labelledby="day-title">
            <h2 id="day-title" className={page.cardTitle}>
              {dayTitle.format(selected)}
            </h2>
            {dayItems.length ? (
              <FollowUpList items={dayItems} />
            ) : (
              <p className={page.muted}>No follow-ups on this day.</p>
            )}
          </section>
          {overdue.length ? (
            <section className={page.card} aria-labelledby="overdue-title">
              <h2 id="overdue-title" className={page.cardTitle}>
                Overdue <Badge tone="yellow">{overdue.length}</Badge>
              </h2>
              <FollowUpList items={overdue} withDate />
            </section>
          ) : null}
        </div>
      </div>
    </section>
  );
}
