import { Type, type Static } from 'typebox';

export const INSIGHT_PERIODS = ['this-week', 'last-4-weeks', 'this-month', 'last-3-months', 'custom'] as const;
export type InsightPeriod = (typeof INSIGHT_PERIODS)[number];
export const INSIGHT_BUCKETS = ['day', 'week', 'month'] as const;
export type InsightBucket = (typeof INSIGHT_BUCKETS)[number];
/** Longest custom range, so one request never walks years of data. */
export const INSIGHT_MAX_DAYS = 366;

export const insightMessages = {
  period: 'Please choose this week, last 4 weeks, this month, last 3 months or a custom range.',
  date: 'Please enter dates as YYYY-MM-DD.',
  customNeedsDates: 'Please choose both a start and an end date.',
  range: 'The end date must be on or after the start date.',
  tooLong: `Please choose a range of at most ${INSIGHT_MAX_DAYS} days.`,
  timeZone: 'Unknown time zone.',
  bucket: 'Please group by day, week or month.',
  campaign: 'Campaign not found.',
  ownersOnly: 'Only campaign owners and admins can see campaign insights.',
} as const;

const isoDate = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', errorMessage: insightMessages.date });

/** `GET /api/insights/*?period=&from=&to=&campaignId=&tz=&bucket=`: the filters every Insights chart shares. */
export const InsightsQuery = Type.Object({
  period: Type.Optional(Type.Enum(INSIGHT_PERIODS, { default: 'last-4-weeks', errorMessage: insightMessages.period })),
  /** Custom range, both days included, in the viewer's time zone. */
  from: Type.Optional(isoDate),
  to: Type.Optional(isoDate),
  campaignId: Type.Optional(Type.String({ pattern: '^[0-9a-f]{24}$', errorMessage: insightMessages.campaign })),
  /** IANA zone the days and hours are counted in (default UTC). */
  tz: Type.Optional(Type.String({ minLength: 1, maxLength: 64, errorMessage: insightMessages.timeZone })),
  bucket: Type.Optional(Type.Enum(INSIGHT_BUCKETS, { errorMessage: insightMessages.bucket })),
});
export type InsightsQuery = Static<typeof InsightsQuery>;

/** The resolved window every answer echoes: local dates (both included) and the instants they map to. */
export const InsightsRange = Type.Object({
  period: Type.Enum(INSIGHT_PERIODS),
  from: Type.String(),
  to: Type.String(),
  startsAt: Type.String(),
  endsAt: Type.String(),
  tz: Type.String(),
  bucket: Type.Enum(INSIGHT_BUCKETS),
  campaignId: Type.Union([Type.String(), Type.Null()]),
});
export type InsightsRange = Static<typeof InsightsRange>;
