import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from 'react-aria-components';
import page from '../../ui/Page.module.css';
import { plural } from '../../ui/format.js';
import { dayKey, dayTitle, monthGrid } from './calendar-dates.js';
import styles from './Calendar.module.css';

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const monthTitle = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric' });

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
export function MonthCard({ month, selected, today, countOn, onShift, onToday, onSelect }: MonthCardProps) {
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
                      aria-label={`${dayTitle.format(day)}${count ? `, ${plural(count, 'follow-up')}` : ''}`}
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
