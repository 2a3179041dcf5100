import { ChevronLeft, ChevronRight, Phone } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Button } from 'react-aria-components';
import { useApiQuery } from '../../api/useApiQuery.js';
import { PageStatus } from '../../app/PageStatus.js';
import { Badge } from '../../ui/Badge.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { formatPhone } from '../leads/public.js';
import page from '../../ui/Page.module.css';
import type { FollowUpItem } from '../../../shared/schemas/follow-ups/list.js';
import styles from './Calendar.module.css';

/** A follow-up with its due date read. */
type FollowUp = Omit<FollowUpItem, 'at'> & { at: Date };

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const monthTitle = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric' });
const dayTitle = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric' });
const timeOf = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });

const dayKey = (date: Date) => `${date.getFullYear()}-${date.getMonth()}-${date.getDate()}`;

function startOfDay(date: Date): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate());
}

/** The 6 weeks (Monday first) showing the month of `month`. */
function monthGrid(month: Date): Date[] {
  const first = new Date(month.getFullYear(), month.getMonth(), 1);
  const offset = (first.getDay() + 6) % 7;
  return Array.from({ length: 42 }, (_, i) => new Date(first.getFullYear(), first.getMonth(), 1 - offset + i));
}

/** Time of day only when one was set (a date-only follow-up arrives as midnight UTC). */
function timeLabel(at: Date): string | null {
  return at.getUTCHours() === 0 && at.getUTCMinutes() === 0 ? null : timeOf.format(at);
}

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

interface MonthCardProps {
  month: Date;
  selected: Date;
  today: Date;
  /** How many follow-ups are due on a day. */
  countOn: (day: Date) => number;
  onShift: (months: number) => void;
  onToday: () => void;
  onSelect: (day: Date) => void;
}

/** The month's grid of days, each with its count of follow-ups, and the buttons that move between months. */
function MonthCard({ month, selected, today, countOn, onShift, onToday, onSelect }: MonthCardProps) {
  return (
    <section className={page.card} aria-labelledby="month-title">
      <div className={page.cardHead}>
        <h2 id="month-title" className={page.cardTitle} aria-live="polite">
          {monthTitle.format(month)}
        </h2>
        <div className={page.row}>
          <Button className={styles.navButton} aria-label="Previous month" onPress={() => onShift(-1)}>
            <ChevronLeft size={18} aria-hidden="true" />
          </Button>
          <Button className={styles.navButton} onPress={onToday}>
            Today
          </Button>
          <Button className={styles.navButton} aria-label="Next month" onPress={() => onShift(1)}>
            <ChevronRight size={18} aria-hidden="true" />
          </Button>
        </div>
      </div>
      <div className={styles.grid} role="grid" aria-labelledby="month-title">
        <div role="row" className={styles.weekRow}>
          {WEEKDAYS.map((day) => (
            <div role="columnheader" key={day} className={styles.weekday}>
              {day}
            </div>
          ))}
        </div>
        {Array.from({ length: 6 }, (_, week) => (
          <div role="row" key={week} className={styles.weekRow}>
            {monthGrid(month)
              .slice(week * 7, week * 7 + 7)
              .map((day) => {
                const count = countOn(day);
                const isSelected = dayKey(day) === dayKey(selected);
                return (
                  <div role="gridcell" key={dayKey(day)} aria-selected={isSelected}>
                    <Button
                      className={[
                        styles.day,
                        day.getMonth() !== month.getMonth() ? styles.otherMonth : '',
                        dayKey(day) === dayKey(today) ? styles.today : '',
                        isSelected ? styles.selected : '',
                      ].join(' ')}
                      aria-label={`${dayTitle.format(day)}${count ? `, ${count} follow-up${count === 1 ? '' : 's'}` : ''}`}
                      onPress={() => onSelect(day)}
                    >
                      <span>{day.getDate()}</span>
                      {count ? <span className={styles.count}>{count}</span> : null}
                    </Button>
                  </div>
                );
              })}
          </div>
        ))}
      </div>
    </section>
  );
}

const shortDate = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });

function FollowUpList({ items, withDate }: { items: FollowUp[]; withDate?: boolean }) {
  return (
    <ul className={page.list}>
      {items.map((item) => {
        const time = timeLabel(item.at);
        return (
          <li key={item.id} className={page.listItem}>
            <div>
              <div className={styles.followName}>{item.name}</div>
              <div className={[page.small, page.muted].join(' ')}>
                {[item.action ?? 'Follow up', item.campaignName, withDate ? shortDate.format(item.at) : null, time]
                  .filter(Boolean)
                  .join(' · ')}
              </div>
            </div>
            {item.phone ? (
              <a href={`tel:${item.phone}`} className={styles.call}>
                <Phone size={14} aria-hidden="true" /> <span className="visually-hidden">Call {item.name} at </span>
                {formatPhone(item.phone)}
              </a>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
